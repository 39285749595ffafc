import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EventsState } from '../../client/features/events/eventsSlice.ts';
import { ANA, EVENTS, freezeNow, MEMBER } from './support/fixtures.ts';
import { seedNetwork } from './support/networkSeed.ts';
import { openPortal } from './support/realApi.ts';
import { renderApp } from './support/renderWithProviders.tsx';

const MY_EVENTS: EventsState = { tab: 'myEvents', detailsEventId: null, selectedDay: null, allocationEvent: null };

function highlightedDays() {
  return [...document.querySelectorAll('[role="tabpanel"]:not([hidden]) [data-has-events="true"]')].map((day) => day.getAttribute('data-day'));
}

/** The events of a list (their buttons; the answer and team buttons under each are not events). */
function listed(list: HTMLElement) {
  return [...list.querySelectorAll<HTMLElement>('button.event-button')]
    .map((button) => [
      button.querySelector('.event-button__name')?.textContent,
      button.querySelector('time')?.textContent,
      button.querySelector('.event-button__detail')?.textContent,
    ]);
}

describe('My Events for a signed-in member (issue 5)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('lists only the events they serve at, with the department, and highlights only those days', async () => {
    // Marcos serves at Culto 22/11 (Louvor) and Conferência 15/12 (Recepção); Ana at Vigília 23/11.
    const portal = await openPortal({
      events: EVENTS,
      signedIn: MEMBER,
      allocations: [
        { event: 5, department: 'Louvor', member: MEMBER },
        { event: 9, department: 'Recepção', member: MEMBER },
        { event: 7, department: 'Mídia', member: ANA },
      ],
    });
    const { user } = renderApp('/events', { preloadedState: { events: MY_EVENTS } });
    const list = await screen.findByRole('list', { name: 'Minhas escalas' });
    expect(listed(list)).toEqual([
      ['Culto', '22 de novembro de 2026 às 19:00', 'Louvor'],
      ['Conferência', '15 de dezembro de 2026 às 19:30', 'Recepção'],
    ]);
    expect(highlightedDays()).toEqual(['2026-11-22', '2026-12-15']);
    expect(screen.getByRole('button', { name: '22 de novembro de 2026, 1 evento' })).toHaveAttribute('data-has-events', 'true');
    expect(portal.paths()).toContain('/api/me/events');

    // Clicking one opens its details, as in Next Events.
    await user.click(within(list).getByRole('button', { name: /^Conferência/ }));
    expect(await screen.findByRole('dialog', { name: 'Event Details' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));

    // Next Events is still the full list.
    await user.click(screen.getByRole('tab', { name: 'Next Events' }));
    const next = await screen.findByRole('list', { name: 'Próximos eventos' });
    expect(within(next).getAllByRole('button')).toHaveLength(8);
    expect(next.querySelector('.event-button__detail')).toBeNull();
  });

  it('names the church and the position of each service, on My Events and the home page (issue 21, item 5)', async () => {
    const portal = await openPortal({ events: EVENTS, signedIn: MEMBER, allocations: [{ event: 5, department: 'Louvor', member: MEMBER }] });
    const network = await seedNetwork(portal, { churches: [{ name: 'Sede' }], positions: { Louvor: ['Vocal'] }, eventChurches: { 5: 'Sede' } });
    await portal.api.database.db.updateTable('allocations').set({ position_id: network.positionId('Louvor', 'Vocal') }).execute();
    const { user } = renderApp('/events', { preloadedState: { events: MY_EVENTS } });
    const list = await screen.findByRole('list', { name: 'Minhas escalas' });
    await waitFor(() => expect(listed(list)).toEqual([['Culto', '22 de novembro de 2026 às 19:00', 'Louvor — Vocal · Sede']]));
    await user.click(screen.getByRole('link', { name: 'Início' }));
    const services = await screen.findByRole('list', { name: 'Suas próximas escalas' });
    expect(services.querySelector('.services-summary__event')).toHaveTextContent('Culto — 22 de novembro de 2026 às 19:00 Louvor — Vocal · Sede');
  });

  it('says "Você ainda não está escalado em nenhum evento." and highlights no day when they serve nowhere', async () => {
    await openPortal({ events: EVENTS, signedIn: MEMBER, allocations: [{ event: 7, department: 'Mídia', member: ANA }] });
    renderApp('/events', { preloadedState: { events: MY_EVENTS } });
    expect(await screen.findByText('Você ainda não está escalado em nenhum evento.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('grid')).toHaveLength(2));
    expect(highlightedDays()).toEqual([]);
  });
});
