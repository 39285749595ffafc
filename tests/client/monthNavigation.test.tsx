import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { EVENTS, freezeNow, MEMBER } from './support/fixtures.ts';
import { openPortal } from './support/realApi.ts';
import { renderApp } from './support/renderWithProviders.tsx';

// Issue 16, "Beyond two months": signed in, the calendars move to other months and the list follows (RTK Query
// with from/to); a visitor keeps the specification's two months, without the buttons.
function calendarHeadings() {
  return [...document.querySelectorAll('[role="tabpanel"]:not([hidden]) .calendar__heading')].map((heading) => heading.textContent);
}

function listedNames() {
  return within(screen.getByRole('list', { name: 'Próximos eventos' }))
    .getAllByRole('button')
    .map((button) => `${button.querySelector('.event-button__name')?.textContent} ${button.querySelector('time')?.textContent}`);
}

describe('calendar months beyond the two (signed in)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('moves to the next and previous months, asks that window, announces it, and comes back with Mês atual', async () => {
    const portal = await openPortal({ events: EVENTS, signedIn: MEMBER });
    const { user } = renderApp('/events');
    const next = await screen.findByRole('button', { name: 'Próximo mês' });
    expect(calendarHeadings()).toEqual(['novembro de 2026', 'dezembro de 2026']);
    expect(screen.queryByRole('button', { name: 'Mês atual' })).toBeNull();

    await user.click(next);
    await waitFor(() => expect(calendarHeadings()).toEqual(['dezembro de 2026', 'janeiro de 2027']));
    expect(screen.getByRole('navigation', { name: 'Meses do calendário' })).toHaveTextContent('Calendário: dezembro de 2026 e janeiro de 2027');
    // Signed in, the list asks the window with the events' details.
    await waitFor(() => expect(portal.specPaths()).toContain('/api/events?from=2026-12-01&to=2027-01-31&detail=full'));
    // The list is that window's: January's Culto is there; November's are not.
    await waitFor(() =>
      expect(listedNames()).toEqual([
        'Conferência 15 de dezembro de 2026 às 19:30',
        'Vigília 31 de dezembro de 2026 às 23:00',
        'Culto 3 de janeiro de 2027 às 19:00',
      ]),
    );
    expect(document.querySelector('[data-day="2027-01-03"]')).toHaveAttribute('data-has-events', 'true');

    // Two months back: October and November; the window holds today, so the list is what is ahead.
    await user.click(screen.getByRole('button', { name: 'Mês anterior' }));
    await user.click(screen.getByRole('button', { name: 'Mês anterior' }));
    await waitFor(() => expect(calendarHeadings()).toEqual(['outubro de 2026', 'novembro de 2026']));
    await waitFor(() => expect(portal.specPaths()).toContain('/api/events?from=2026-10-01&to=2026-11-30&detail=full'));
    await waitFor(() => expect(listedNames()[0]).toBe('Ensaio 21 de novembro de 2026 às 22:30'));

    await user.click(screen.getByRole('button', { name: 'Mês atual' }));
    await waitFor(() => expect(calendarHeadings()).toEqual(['novembro de 2026', 'dezembro de 2026']));
    expect(screen.getByRole('button', { name: 'Mês anterior' })).toHaveFocus();
    await waitFor(() => expect(listedNames()[0]).toBe('Ensaio 21 de novembro de 2026 às 22:30'));
  });

  it('Page Down and the arrows past the two months move the calendars, the focus on the day reached', async () => {
    await openPortal({ events: EVENTS, signedIn: MEMBER });
    const { user } = renderApp('/events');
    await screen.findByRole('button', { name: 'Próximo mês' });
    const focused = () => (document.activeElement as HTMLElement).dataset.day;
    // Today (21/11) is the first month's stop; Page Down goes into December's calendar, shown already.
    (document.querySelector('button.calendar__day[tabindex="0"]') as HTMLElement).focus();
    expect(focused()).toBe('2026-11-21');
    await user.keyboard('{PageDown}');
    expect(focused()).toBe('2026-12-21');
    expect(calendarHeadings()).toEqual(['novembro de 2026', 'dezembro de 2026']);
    await user.keyboard('{PageDown}');
    expect(focused()).toBe('2027-01-21');
    expect(calendarHeadings()).toEqual(['dezembro de 2026', 'janeiro de 2027']);
    await user.keyboard('{PageUp}{PageUp}{PageUp}');
    expect(focused()).toBe('2026-10-21');
    expect(calendarHeadings()).toEqual(['outubro de 2026', 'novembro de 2026']);
    await user.keyboard('{Home}{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(focused()).toBe('2026-09-20');
    expect(calendarHeadings()).toEqual(['setembro de 2026', 'outubro de 2026']);
  });

  it('keeps the moved months across the tabs', async () => {
    await openPortal({ events: EVENTS, signedIn: MEMBER });
    const { user } = renderApp('/events');
    await user.click(await screen.findByRole('button', { name: 'Próximo mês' }));
    await user.click(screen.getByRole('tab', { name: 'Leader View' }));
    await waitFor(() => expect(calendarHeadings()).toEqual(['dezembro de 2026', 'janeiro de 2027']));
  });

  it('a visitor has the current and next month only: no month buttons', async () => {
    const portal = await openPortal({ events: EVENTS });
    renderApp('/events');
    await screen.findByRole('list', { name: 'Próximos eventos' });
    expect(calendarHeadings()).toEqual(['novembro de 2026', 'dezembro de 2026']);
    expect(screen.queryByRole('button', { name: 'Próximo mês' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mês anterior' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Meses do calendário' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Ver todos os eventos/ })).toBeNull();
    expect(portal.specPaths()).toEqual(['/api/events?from=2026-11-01&to=2026-12-31']);
  });

  it('a visitor\'s Page Down reaches next month\'s calendar, and goes no further', async () => {
    await openPortal({ events: EVENTS });
    const { user } = renderApp('/events');
    await screen.findByRole('list', { name: 'Próximos eventos' });
    (document.querySelector('button.calendar__day[tabindex="0"]') as HTMLElement).focus();
    await user.keyboard('{PageDown}');
    expect((document.activeElement as HTMLElement).dataset.day).toBe('2026-12-21');
    await user.keyboard('{PageDown}{ArrowDown}{ArrowDown}');
    expect((document.activeElement as HTMLElement).dataset.day).toBe('2026-12-31');
    expect(calendarHeadings()).toEqual(['novembro de 2026', 'dezembro de 2026']);
  });
});

describe('the list within reach on a phone (signed in)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('shortens a long list behind Ver todos os eventos (N), which opens and closes it', async () => {
    await openPortal({ events: EVENTS, signedIn: MEMBER });
    const { user } = renderApp('/events');
    const list = await screen.findByRole('list', { name: 'Próximos eventos' });
    const more = screen.getByRole('button', { name: 'Ver todos os eventos (8)' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(list.closest('section')).toHaveClass('events-board__list--collapsed');
    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(more).toHaveTextContent('Ver menos eventos');
    expect(list.closest('section')).not.toHaveClass('events-board__list--collapsed');
  });
});
