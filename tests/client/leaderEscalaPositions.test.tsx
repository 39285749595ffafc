import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EventsState } from '../../client/features/events/eventsSlice.ts';
import { ADMIN, ANA, EVENTS, freezeNow, LEADER } from './support/fixtures.ts';
import { seedNetwork } from './support/networkSeed.ts';
import { openPortal } from './support/realApi.ts';
import { renderApp } from './support/renderWithProviders.tsx';

const LEADER_VIEW: EventsState = { tab: 'leaderView', detailsEventId: null, selectedDay: null, allocationEvent: null };
const CULTO_22 = 'Culto, 22 de novembro de 2026 às 19:00';

describe('Leader View names the position each member fills (issue 15)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('shows "Louvor · Vocal" for an allocation with a position and the department alone for one without', async () => {
    const portal = await openPortal({
      events: EVENTS,
      signedIn: LEADER,
      allocations: [
        { event: 5, department: 'Louvor', member: ANA },
        { event: 5, department: 'Louvor', member: ADMIN },
      ],
    });
    const network = await seedNetwork(portal, { positions: { Louvor: ['Vocal', 'Bateria'] } });
    const [withPosition] = portal.allocationIds;
    await portal.api.database.db
      .updateTable('allocations')
      .set({ position_id: network.positionId('Louvor', 'Vocal') })
      .where('id', '=', withPosition!)
      .execute();

    renderApp('/events', { preloadedState: { events: LEADER_VIEW } });
    const escala = await screen.findByRole('list', { name: `Escala: ${CULTO_22}` });
    const itemOf = (name: string) => within(escala).getByText(name).closest('li')!;
    expect(within(itemOf(ANA.name)).getByText('Louvor · Vocal')).toBeInTheDocument();
    expect(within(itemOf(ADMIN.name)).getByText('Louvor')).toBeInTheDocument();
  });
});
