import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EventsState } from '../../client/features/events/eventsSlice.ts';
import { NewEventButton } from '../../client/features/events/management/NewEventButton.tsx';
import { EVENTS, freezeNow, LEADER, MEMBER } from './support/fixtures.ts';
import { LeaderCaches, ManagedEventList } from './support/managementProbes.tsx';
import { seedNetwork } from './support/networkSeed.ts';
import { openPortal, type Portal } from './support/realApi.ts';
import { renderApp, renderWithProviders } from './support/renderWithProviders.tsx';

const CULTO_22 = 'Culto, 22 de novembro de 2026 às 19:00';

/** Sunday's Culto (5) is Sede's "Culto de jovens" in the Templo, until 21:30. */
async function withDetails(portal: Portal) {
  const network = await seedNetwork(portal, { churches: [{ name: 'Sede' }, { name: 'Campinas' }] });
  await portal.api.database.db
    .updateTable('events')
    .set({
      church_id: network.churchId('Sede'),
      title: 'Culto de jovens',
      location: 'Templo',
      description: 'Louvor e palavra.',
      ends_at: '2026-11-23T00:30:00.000Z',
    })
    .where('id', '=', 5)
    .execute();
  return network;
}

describe('the details of an event, signed in (issue 15)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('Event Details shows a signed-in member the church, end, title, location and description', async () => {
    const portal = await openPortal({ events: EVENTS, signedIn: MEMBER });
    await withDetails(portal);
    const state: EventsState = { tab: 'nextEvents', detailsEventId: 5, selectedDay: null, allocationEvent: null };
    renderApp('/events', { preloadedState: { events: state } });
    const dialog = await screen.findByRole('dialog', { name: 'Event Details' });
    expect(await within(dialog).findByLabelText('Título')).toHaveValue('Culto de jovens');
    await waitFor(() => expect(within(dialog).getByLabelText('Igreja')).toHaveValue('Sede'));
    expect(within(dialog).getByLabelText('Término')).toHaveValue('22 de novembro de 2026 às 21:30');
    expect(within(dialog).getByLabelText('Local')).toHaveValue('Templo');
    expect(within(dialog).getByLabelText('Descrição')).toHaveValue('Louvor e palavra.');
    expect(portal.paths()).toContain('/api/events/5?detail=full');
  });

  it('Novo evento sends the church, title, location, end and description filled in', async () => {
    const portal = await openPortal({ events: EVENTS, signedIn: LEADER });
    const network = await withDetails(portal);
    const { user } = renderWithProviders(
      <>
        <NewEventButton />
        <ManagedEventList />
        <LeaderCaches />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Novo evento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo evento' });
    await within(dialog).findByRole('option', { name: 'Campinas' });
    await user.type(within(dialog).getByLabelText('Data'), '2026-12-06');
    await user.type(within(dialog).getByLabelText('Hora'), '23:00');
    await user.selectOptions(within(dialog).getByLabelText('Igreja'), 'Campinas');
    await user.type(within(dialog).getByLabelText('Título'), 'Vigília de jovens');
    await user.type(within(dialog).getByLabelText('Local'), 'Salão');
    // Before the start: the next day.
    await user.type(within(dialog).getByLabelText('Término'), '02:00');
    await user.type(within(dialog).getByLabelText('Descrição'), 'Tragam lanche.');
    await user.click(within(dialog).getByRole('button', { name: 'Criar evento' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novo evento' })).toBeNull());
    expect(portal.writes()).toEqual([
      {
        method: 'POST',
        path: '/api/events',
        body: {
          datetime: '2026-12-06T23:00',
          event_type_id: null,
          church_id: network.churchId('Campinas'),
          title: 'Vigília de jovens',
          location: 'Salão',
          description: 'Tragam lanche.',
          ends_at: '2026-12-07T02:00',
        },
      },
    ]);
  });

  it('Editar evento shows the details the event has and sends only what changed', async () => {
    const portal = await openPortal({ events: EVENTS, signedIn: LEADER });
    await withDetails(portal);
    const { user } = renderWithProviders(
      <>
        <ManagedEventList />
        <LeaderCaches />
      </>,
    );
    const list = await screen.findByRole('list', { name: 'Eventos' });
    await user.click(within(list).getByRole('button', { name: `Editar ${CULTO_22}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar evento' });
    await waitFor(() => expect(within(dialog).getByLabelText('Título')).toHaveValue('Culto de jovens'));
    await waitFor(() => expect(within(dialog).getByLabelText('Igreja')).toHaveDisplayValue('Sede'));
    expect(within(dialog).getByLabelText('Término')).toHaveValue('21:30');
    expect(within(dialog).getByLabelText('Local')).toHaveValue('Templo');
    await user.clear(within(dialog).getByLabelText('Local'));
    await user.type(within(dialog).getByLabelText('Local'), 'Auditório');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar alterações' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar evento' })).toBeNull());
    expect(portal.writes()).toEqual([{ method: 'PATCH', path: '/api/events/5?scope=one', body: { location: 'Auditório' } }]);
  });
});
