import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EventsState } from '../../client/features/events/eventsSlice.ts';
import type { Event } from '../../shared/schemas/events.ts';
import { eventAt, freezeNow, LEADER, MEMBER } from './support/fixtures.ts';
import { seedNetwork } from './support/networkSeed.ts';
import { openPortal, type Portal } from './support/realApi.ts';
import { renderApp } from './support/renderWithProviders.tsx';

/**
 * Churches in several time zones (issue 27, docs/product.md §12), signed in: each service at its own church's
 * clock, the zone named when it is not the network's (America/Sao_Paulo here); a visitor keeps the spec's screens.
 */

const MANAUS = 'America/Manaus';

/** 19:00 in Manaus (UTC−4) on Saturday 28 November: 23:00Z, 20:00 in São Paulo. */
const MANAUS_SERVICE: Event = { id: 1, datetime: '2026-11-28T23:00:00.000Z', event_types: { name: 'Culto' } };
/** 19:00 in São Paulo on the same day. */
const SEDE_SERVICE: Event = eventAt(2, '2026-11-28 19:00', 'Ensaio');
/** 23:30 in Manaus on Sunday 29 November: already 00:30 of the 30th in São Paulo. */
const MANAUS_VIGIL: Event = { id: 3, datetime: '2026-11-30T03:30:00.000Z', event_types: { name: 'Vigília' } };

const EVENTS = [MANAUS_SERVICE, SEDE_SERVICE, MANAUS_VIGIL];

/** Sede (the network's zone) and Manaus Centro (America/Manaus); events 1 and 3 are Manaus's, 2 Sede's. */
async function withManaus(portal: Portal) {
  const network = await seedNetwork(portal, {
    churches: [{ name: 'Sede' }, { name: 'Manaus Centro', city: 'Manaus' }],
    eventChurches: { 1: 'Manaus Centro', 2: 'Sede', 3: 'Manaus Centro' },
  });
  await portal.api.database.db.updateTable('churches').set({ timezone: MANAUS }).where('id', '=', network.churchId('Manaus Centro')).execute();
  return network;
}

/** Each listed event's type and time, as its button shows them. */
function listed(list: HTMLElement) {
  return [...list.querySelectorAll<HTMLElement>('button.event-button')].map((button) => [
    button.querySelector('.event-button__name')?.textContent,
    button.querySelector('time')?.textContent,
  ]);
}

function highlightedDays() {
  return [...document.querySelectorAll('[role="tabpanel"]:not([hidden]) [data-has-events="true"]')].map((day) => day.getAttribute('data-day'));
}

describe('churches in several time zones, signed in (issue 27)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('a Manaus service reads "19:00 · horário de Manaus" in the list, its day, its details and My Events', async () => {
    const portal = await openPortal({ events: EVENTS, signedIn: MEMBER, allocations: [{ event: 1, department: 'Louvor', member: MEMBER }] });
    await withManaus(portal);
    const { user } = renderApp('/events');

    const list = await screen.findByRole('list', { name: 'Próximos eventos' });
    await waitFor(() =>
      expect(listed(list)).toEqual([
        ['Ensaio', '28 de novembro de 2026 às 19:00'],
        ['Culto', '28 de novembro de 2026 às 19:00 · horário de Manaus'],
        ['Vigília', '29 de novembro de 2026 às 23:30 · horário de Manaus'],
      ]),
    );
    // The vigil is Manaus's Sunday night, not São Paulo's Monday.
    expect(highlightedDays()).toEqual(['2026-11-28', '2026-11-29']);

    // The day's dialog: both Saturday services, each at its own clock.
    await user.click(screen.getByRole('button', { name: '28 de novembro de 2026, 2 eventos' }));
    const day = screen.getByRole('dialog', { name: 'Events on 28 de novembro de 2026' });
    await waitFor(() =>
      expect(listed(day)).toEqual([
        ['Ensaio', '28 de novembro de 2026 às 19:00'],
        ['Culto', '28 de novembro de 2026 às 19:00 · horário de Manaus'],
      ]),
    );
    expect(portal.paths()).toContain('/api/events?date=2026-11-28&detail=full');

    // Its details: the start and the end (two hours later) at Manaus's clock.
    await user.click(within(day).getByRole('button', { name: /^Culto/ }));
    const details = await screen.findByRole('dialog', { name: 'Event Details' });
    await waitFor(() => expect(within(details).getByLabelText('Date')).toHaveValue('28 de novembro de 2026 às 19:00 · horário de Manaus'));
    expect(within(details).getByLabelText('Término')).toHaveValue('28 de novembro de 2026 às 21:00 · horário de Manaus');
    await user.click(within(details).getByRole('button', { name: 'Close' }));

    // The Sunday vigil's day in Manaus.
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    await user.click(screen.getByRole('button', { name: '29 de novembro de 2026, 1 evento' }));
    const sunday = screen.getByRole('dialog', { name: 'Events on 29 de novembro de 2026' });
    await waitFor(() => expect(listed(sunday)).toEqual([['Vigília', '29 de novembro de 2026 às 23:30 · horário de Manaus']]));
    await user.click(within(sunday).getByRole('button', { name: 'Fechar' }));

    // My Events.
    await user.click(screen.getByRole('tab', { name: 'My Events' }));
    const mine = await screen.findByRole('list', { name: 'Minhas escalas' });
    await waitFor(() => expect(listed(mine)).toEqual([['Culto', '28 de novembro de 2026 às 19:00 · horário de Manaus']]));
    expect(highlightedDays()).toEqual(['2026-11-28']);
  });

  it('the home page’s next services name the zone too', async () => {
    const portal = await openPortal({ events: EVENTS, signedIn: MEMBER, allocations: [{ event: 1, department: 'Louvor', member: MEMBER }] });
    await withManaus(portal);
    renderApp('/');
    const services = await screen.findByRole('list', { name: 'Suas próximas escalas' });
    await waitFor(() => expect(services).toHaveTextContent('Culto — 28 de novembro de 2026 às 19:00 · horário de Manaus'));
  });

  it('a visitor’s events page stays the specification’s: the network’s clock and days, no zone named', async () => {
    const portal = await openPortal({ events: EVENTS });
    await withManaus(portal);
    renderApp('/events');
    const list = await screen.findByRole('list', { name: 'Próximos eventos' });
    expect(listed(list)).toEqual([
      ['Ensaio', '28 de novembro de 2026 às 19:00:00'],
      ['Culto', '28 de novembro de 2026 às 20:00:00'],
      ['Vigília', '30 de novembro de 2026 às 00:30:00'],
    ]);
    expect(document.body).not.toHaveTextContent('horário de');
    expect(portal.paths()).toEqual(['/api/auth/me', '/api/events?from=2026-11-01&to=2026-12-31']);
  });

  it('a leader types 19:00 for the Manaus church: the form names its zone, and the list shows 19:00 · horário de Manaus', async () => {
    const portal = await openPortal({ events: EVENTS, signedIn: LEADER });
    const network = await withManaus(portal);
    const state: EventsState = { tab: 'leaderView', detailsEventId: null, selectedDay: null, allocationEvent: null };
    const { user } = renderApp('/events', { preloadedState: { events: state } });

    await user.click(await screen.findByRole('button', { name: 'Novo evento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo evento' });
    const time = within(dialog).getByLabelText('Hora');
    const hint = () => document.getElementById(time.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(hint()).toBe('Horário da rede (America/Sao_Paulo).');
    await within(dialog).findByRole('option', { name: 'Manaus Centro' });
    await user.type(within(dialog).getByLabelText('Data'), '2026-12-05');
    await user.type(time, '19:00');
    await user.selectOptions(within(dialog).getByLabelText('Igreja'), 'Manaus Centro');
    expect(hint()).toBe('Horário do Amazonas (America/Manaus), o da igreja do evento.');
    await user.click(within(dialog).getByRole('button', { name: 'Criar evento' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novo evento' })).toBeNull());
    expect(portal.writes()).toEqual([
      { method: 'POST', path: '/api/events', body: { datetime: '2026-12-05T19:00', event_type_id: null, church_id: network.churchId('Manaus Centro') } },
    ]);
    expect(await screen.findByText('Evento criado para 5 de dezembro de 2026 às 19:00 · horário de Manaus.')).toBeInTheDocument();
    const created = await portal.api.database.db.selectFrom('events').select('datetime').where('id', '=', EVENTS.length + 1).executeTakeFirstOrThrow();
    expect(new Date(created.datetime).toISOString()).toBe('2026-12-05T23:00:00.000Z');
    const board = await screen.findByRole('list', { name: 'Escala de membros' });
    await waitFor(() => expect(listed(board)).toContainEqual(['N/A', '5 de dezembro de 2026 às 19:00 · horário de Manaus']));

    // Its allocation dialog, opened from Leader View, says the same.
    await user.click(within(board).getByRole('button', { name: /^N\/A .*horário de Manaus$/ }));
    const allocation = await screen.findByRole('dialog', { name: 'Allocate Member to Event' });
    expect(within(allocation).getByLabelText('Date')).toHaveValue('5 de dezembro de 2026 às 19:00 · horário de Manaus');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Allocate Member to Event' })).toBeNull());

    // Moved to Sede (the network's zone), it keeps its 19:00 there, and the form says so before saving.
    await user.click(within(board).getByRole('button', { name: 'Editar N/A, 5 de dezembro de 2026 às 19:00 · horário de Manaus' }));
    const edit = await screen.findByRole('dialog', { name: 'Editar evento' });
    await waitFor(() => expect(within(edit).getByLabelText('Igreja')).toHaveValue(String(network.churchId('Manaus Centro'))));
    expect(within(edit).getByLabelText('Hora')).toHaveValue('19:00');
    await user.selectOptions(within(edit).getByLabelText('Igreja'), 'Sede');
    expect(within(edit).getByRole('status')).toHaveTextContent('Igreja em outro fuso: o evento continua às 19:00, agora no horário da igreja (Horário de Brasília).');
    await user.click(within(edit).getByRole('button', { name: 'Salvar alterações' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar evento' })).toBeNull());
    await waitFor(() => expect(listed(board)).toContainEqual(['N/A', '5 de dezembro de 2026 às 19:00']));
  });
});
