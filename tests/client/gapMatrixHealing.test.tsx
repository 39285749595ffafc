import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ANA, EVENTS, freezeNow, LEADER, MEMBER } from './support/fixtures.ts';
import { seedNetwork } from './support/networkSeed.ts';
import { openPortal } from './support/realApi.ts';
import { renderApp } from './support/renderWithProviders.tsx';

/**
 * Lacunas shows what the escala did on its own (docs/product.md §10, "Leaders see it all"): Lídia, pending as a
 * vocalist at Monday's Vigília (7), asked for cover; the team leader reads it under the cell's count.
 */
describe('Lacunas: open cover requests and places taken by cover (issue 24)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('the cell says who asked for cover and when; once taken, who took it', async () => {
    const portal = await openPortal({ events: EVENTS, signedIn: MEMBER, allocations: [{ event: 7, department: 'Louvor', member: LEADER }] });
    const network = await seedNetwork(portal, {
      churches: [{ name: 'Sede', city: 'São Paulo' }],
      positions: { Louvor: ['Vocal'] },
      eventChurches: { 7: 'Sede' },
      teamMembers: [
        { church: 'Sede', department: 'Louvor', member: MEMBER, leader: true },
        { church: 'Sede', department: 'Louvor', member: ANA, positions: ['Vocal'] },
        { church: 'Sede', department: 'Louvor', member: LEADER, positions: ['Vocal'] },
      ],
      needs: [{ event: 7, department: 'Louvor', position: 'Vocal', count: 2 }],
    });
    const [vigilia] = portal.allocationIds;
    await portal.api.database.db.updateTable('allocations').set({ position_id: network.positionId('Louvor', 'Vocal') }).where('id', '=', vigilia!).execute();
    await (await portal.agentOf(LEADER)).post(`/api/allocations/${vigilia}/cover`).send({}).expect(201);

    const { user } = renderApp('/escalas/lacunas');
    const table = await screen.findByRole('grid', { name: 'Lacunas por evento e função' });
    const cell = (await within(table).findByRole('button', { name: /^\d+\/\d+ [^—]+ — Louvor — Vocal, Vigília/ })).closest('td')!;
    const notes = await within(cell).findByRole('list');
    const items = within(notes).getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toHaveLength(1);
    // When she asked, by the API's clock, without seconds.
    expect(items[0]).toMatch(/^Lídia Líder pediu cobertura em \d{1,2} de \p{L}+ de \d{4} às \d{2}:\d{2}$/u);

    // Ana takes it: the next visit reads who did.
    const request = (await portal.api.database.db.selectFrom('cover_requests').select('id').executeTakeFirstOrThrow()).id;
    await (await portal.agentOf(ANA)).post(`/api/cover-requests/${request}/accept`).expect(200);
    await user.click(screen.getByRole('link', { name: 'Início' }));
    await user.click(await screen.findByRole('link', { name: 'Lacunas' }));
    const again = (await screen.findByRole('button', { name: /^\d+\/\d+ [^—]+ — Louvor — Vocal, Vigília/ })).closest('td')!;
    await waitFor(() => expect(within(again).getAllByRole('listitem').map((item) => item.textContent)).toEqual([`${ANA.name} assumiu por cobertura`]));
  });
});
