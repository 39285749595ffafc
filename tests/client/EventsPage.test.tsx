import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectConsoleErrors } from './support/consoleErrors.ts';
import { EVENTS, freezeNow } from './support/fixtures.ts';
import { openPortal, type Portal } from './support/realApi.ts';
import { renderApp } from './support/renderWithProviders.tsx';

const WINDOW = '/api/events?from=2026-11-01&to=2026-12-31';

function eventList() {
  return screen.getByRole('list', { name: 'Próximos eventos' });
}

function listedEvents() {
  return within(eventList())
    .getAllByRole('button')
    .map((button) => [
      button.querySelector('.event-button__name')?.textContent,
      button.querySelector('time')?.textContent,
    ]);
}

function highlightedDays() {
  return [...document.querySelectorAll('[data-has-events="true"]')].map((day) => day.getAttribute('aria-label'));
}

describe('events page (/events)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('asks the events of the current and next month, in network days, once on load', async () => {
    const api = await openPortal({ events: EVENTS });
    renderApp('/events');
    await screen.findByRole('list', { name: 'Próximos eventos' });
    // Beside the start's GET /api/auth/me (docs/product.md §1, departure 3; asserted in accountsLogin.test.tsx).
    expect(api.specPaths()).toEqual([WINDOW]);
    const events = api.requests.find((request) => request.path === WINDOW);
    expect(events?.method).toBe('GET');
    expect(events?.headers.get('authorization')).toBeNull();
  });

  it('lists the window’s events from today (network day) on, in datetime order, with type or N/A and long medium date-time', async () => {
    await openPortal({ events: EVENTS });
    renderApp('/events');
    await screen.findByRole('list', { name: 'Próximos eventos' });
    expect(listedEvents()).toEqual([
      ['Ensaio', '21 de novembro de 2026 às 22:30:00'],
      ['Escola Bíblica', '22 de novembro de 2026 às 09:00:00'],
      ['Culto', '22 de novembro de 2026 às 19:00:00'],
      ['Reunião de Líderes', '22 de novembro de 2026 às 21:30:00'],
      ['Vigília', '23 de novembro de 2026 às 23:30:00'],
      ['N/A', '24 de novembro de 2026 às 19:00:00'],
      ['Conferência', '15 de dezembro de 2026 às 19:30:00'],
      ['Vigília', '31 de dezembro de 2026 às 23:00:00'],
    ]);
  });

  it('shows the current and next month and highlights every day with an event, in the network timezone', async () => {
    await openPortal({ events: EVENTS });
    renderApp('/events');
    await screen.findByRole('list', { name: 'Próximos eventos' });
    expect(screen.getByRole('grid', { name: 'novembro de 2026' })).toBeInTheDocument();
    expect(screen.getByRole('grid', { name: 'dezembro de 2026' })).toBeInTheDocument();
    expect(highlightedDays()).toEqual([
      '1 de novembro de 2026, 1 evento',
      '20 de novembro de 2026, 1 evento',
      '21 de novembro de 2026, 1 evento',
      '22 de novembro de 2026, 3 eventos',
      '23 de novembro de 2026, 1 evento',
      '24 de novembro de 2026, 1 evento',
      '15 de dezembro de 2026, 1 evento',
      '31 de dezembro de 2026, 1 evento',
    ]);
    expect(screen.getByRole('button', { name: '21 de novembro de 2026, 1 evento' })).toHaveAttribute('aria-current', 'date');
  });

  it('shows Carregando eventos… while the list loads', async () => {
    const api = await openPortal({ events: EVENTS });
    const release = api.hold(WINDOW);
    renderApp('/events');
    expect(await screen.findByText('Carregando eventos…')).toBeInTheDocument();
    release();
    await screen.findByRole('list', { name: 'Próximos eventos' });
    expect(screen.queryByText('Carregando eventos…')).toBeNull();
  });

  it('says Nenhum evento programado. when nothing is ahead', async () => {
    await openPortal();
    renderApp('/events');
    expect(await screen.findByText('Nenhum evento programado.')).toBeInTheDocument();
  });

  it('logs "HTTP error! status: 500" and shows no message when the list fails', async () => {
    const api = await openPortal({ events: EVENTS });
    api.failWith(WINDOW, 500);
    renderApp('/events');
    await expectConsoleErrors(['HTTP error! status: 500']);
    expect(screen.queryByText('Carregando eventos…')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Próximos eventos' })).toBeNull();
    expect(screen.queryByText('Nenhum evento programado.')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(highlightedDays()).toEqual([]);
    // The calendars are still there.
    expect(screen.getAllByRole('grid')).toHaveLength(2);
  });

  it('has the tabs Next Events (selected), My Events and Leader View', async () => {
    await openPortal({ events: EVENTS });
    renderApp('/events');
    const tabs = within(screen.getByRole('tablist')).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Next Events', 'My Events', 'Leader View']);
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', tabs[0]?.id);
    await screen.findByRole('list', { name: 'Próximos eventos' });
  });

  it('shows the same full list under My Events, without asking again', async () => {
    const api = await openPortal({ events: EVENTS });
    const { user, store } = renderApp('/events');
    await screen.findByRole('list', { name: 'Próximos eventos' });
    const nextEvents = listedEvents();
    await user.click(screen.getByRole('tab', { name: 'My Events' }));
    expect(store.getState().events.tab).toBe('myEvents');
    expect(screen.getByRole('tab', { name: 'My Events' })).toHaveAttribute('aria-selected', 'true');
    expect(listedEvents()).toEqual(nextEvents);
    expect(api.specPaths()).toEqual([WINDOW]);
  });

  it('asks the events again when Leader View is opened, and shows its own list and two calendars', async () => {
    const api = await openPortal({ events: EVENTS });
    const { user } = renderApp('/events');
    await screen.findByRole('list', { name: 'Próximos eventos' });
    await user.click(screen.getByRole('tab', { name: 'Leader View' }));
    expect(await screen.findByRole('list', { name: 'Escala de membros' })).toBeInTheDocument();
    await waitForPaths(api, [WINDOW, WINDOW]);
    expect(within(screen.getByRole('tabpanel')).getAllByRole('grid')).toHaveLength(2);
    await user.click(screen.getByRole('tab', { name: 'Next Events' }));
    await user.click(screen.getByRole('tab', { name: 'Leader View' }));
    await waitForPaths(api, [WINDOW, WINDOW, WINDOW]);
  });

  it('moves between tabs with the arrow keys, Home and End', async () => {
    await openPortal({ events: EVENTS });
    const { user } = renderApp('/events');
    await screen.findByRole('list', { name: 'Próximos eventos' });
    screen.getByRole('tab', { name: 'Next Events' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'My Events' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'My Events' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Leader View' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Next Events' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Leader View' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Next Events' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Next Events' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'My Events' })).toHaveAttribute('tabindex', '-1');
  });

  it('closes its modals when the visitor leaves the page', async () => {
    await openPortal({ events: EVENTS });
    const { user, store, router } = renderApp('/events');
    await user.click(await screen.findByRole('button', { name: '22 de novembro de 2026, 3 eventos' }));
    expect(store.getState().events.selectedDay).toBe('2026-11-22');
    await screen.findByRole('dialog');
    // With a modal open the page behind is inert: the browser's back button is the only way out.
    await act(() => router.navigate('/'));
    expect(store.getState().events.selectedDay).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

async function waitForPaths(api: Portal, expected: string[]) {
  // Beside the start's GET /api/auth/me (docs/product.md §1, departure 3).
  await waitFor(() => expect(api.specPaths()).toEqual(expected));
}
