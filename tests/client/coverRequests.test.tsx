import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EventsState } from '../../client/features/events/eventsSlice.ts';
import { ADMIN, ANA, EVENTS, freezeNow, MEMBER } from './support/fixtures.ts';
import { seedNetwork } from './support/networkSeed.ts';
import { openPortal, type PortalSeed } from './support/realApi.ts';
import { renderApp } from './support/renderWithProviders.tsx';

const MY_EVENTS: EventsState = { tab: 'myEvents', detailsEventId: null, selectedDay: null, allocationEvent: null };
const LEADER_VIEW: EventsState = { tab: 'leaderView', detailsEventId: null, selectedDay: null, allocationEvent: null };

/**
 * docs/product.md §10 on the screens, against the real API: Ana sings (Vocal) at Sunday's Culto (5) of Sede; Marcos,
 * who leads Sede's Louvor and sings too, may take her place.
 */
async function openWith(signedIn: PortalSeed['signedIn']) {
  const portal = await openPortal({ events: EVENTS, signedIn, allocations: [{ event: 5, department: 'Louvor', member: ANA }] });
  const network = await seedNetwork(portal, {
    churches: [{ name: 'Sede', city: 'São Paulo' }],
    positions: { Louvor: ['Vocal'] },
    eventChurches: { 5: 'Sede' },
    teamMembers: [
      { church: 'Sede', department: 'Louvor', member: MEMBER, leader: true, positions: ['Vocal'] },
      { church: 'Sede', department: 'Louvor', member: ANA, positions: ['Vocal'] },
      { church: 'Sede', department: 'Louvor', member: ADMIN, positions: ['Vocal'] },
    ],
  });
  await portal.api.database.db.updateTable('allocations').set({ position_id: network.positionId('Louvor', 'Vocal') }).where('id', '=', portal.allocationIds[0]!).execute();
  return portal;
}

async function waitForItem(find: () => HTMLElement): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = find();
    expect(found).toBeTruthy();
  });
  return found!;
}

describe('cover requests on the screens (issue 24)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('a member asks for cover from My Events, with a note, and may withdraw it', async () => {
    const portal = await openWith(ANA);
    renderApp('/events', { preloadedState: { events: MY_EVENTS } });
    await userEvent.click(await screen.findByRole('button', { name: /^Pedir cobertura: Culto/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Pedir cobertura' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Recado para os líderes (opcional)' }), 'Vou viajar.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pedir cobertura' }));
    expect(await screen.findByText(/^Você pediu cobertura: quem puder assumir foi avisado/)).toBeInTheDocument();
    const { db } = portal.api.database;
    expect(await db.selectFrom('cover_requests').select(['allocation_id', 'status', 'note']).execute()).toEqual([
      { allocation_id: portal.allocationIds[0], status: 'open', note: 'Vou viajar.' },
    ]);
    const told = await db.selectFrom('outbox').select('recipient_id').where('kind', '=', 'cover_requested').orderBy('recipient_id').execute();
    expect(told).toEqual([{ recipient_id: MEMBER.id }, { recipient_id: ADMIN.id }]);

    await userEvent.click(screen.getByRole('button', { name: /^Retirar pedido de cobertura: Culto/ }));
    expect(await screen.findByRole('button', { name: /^Pedir cobertura: Culto/ })).toBeInTheDocument();
    expect((await db.selectFrom('cover_requests').select('status').executeTakeFirstOrThrow()).status).toBe('withdrawn');
  });

  it('declining offers "Pedir cobertura" first, before the reason', async () => {
    const portal = await openWith(ANA);
    renderApp('/events', { preloadedState: { events: MY_EVENTS } });
    await userEvent.click(await screen.findByRole('button', { name: 'Não posso' }));
    const answer = screen.getByRole('group', { name: /^Resposta: Culto/ });
    expect(within(answer).getByText(/^Prefere pedir cobertura\?/)).toBeInTheDocument();
    await userEvent.click(within(answer).getByRole('button', { name: /^Pedir cobertura: Culto/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Pedir cobertura' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pedir cobertura' }));
    await waitFor(async () => expect(await portal.api.database.db.selectFrom('cover_requests').select('status').execute()).toEqual([{ status: 'open' }]));
    // Nothing was declined: Ana still serves until someone takes her place.
    expect((await portal.api.database.db.selectFrom('allocations').select('status').executeTakeFirstOrThrow()).status).toBe('pending');
  });

  it('another member sees "Pedidos de cobertura" on the home page and takes the place with "Assumir"', async () => {
    const portal = await openWith(MEMBER);
    const ana = await portal.agentOf(ANA);
    await ana.post(`/api/allocations/${portal.allocationIds[0]}/cover`).send({}).expect(201);
    renderApp('/');
    const section = await screen.findByRole('region', { name: 'Pedidos de cobertura' });
    await userEvent.click(await within(section).findByRole('button', { name: /^Assumir o lugar de Ana Souza: Louvor — Vocal, Culto/ }));
    expect(await within(section).findByText(/^Pronto! Você assumiu o lugar de Ana Souza em Louvor — Vocal — Culto/)).toBeInTheDocument();
    const rows = await portal.api.database.db.selectFrom('allocations').select(['member_id', 'status', 'source']).where('event_id', '=', 5).orderBy('id').execute();
    expect(rows).toEqual([
      { member_id: ANA.id, status: 'covered', source: 'manual' },
      { member_id: MEMBER.id, status: 'confirmed', source: 'cover' },
    ]);
  });

  it('the leader sees in Leader View who asked for cover, and then the new name, taken by cover', async () => {
    const portal = await openWith(ADMIN);
    const ana = await portal.agentOf(ANA);
    const request = (await ana.post(`/api/allocations/${portal.allocationIds[0]}/cover`).send({}).expect(201)).body.id as number;
    const first = renderApp('/events', { preloadedState: { events: LEADER_VIEW } });
    const list = await screen.findByRole('list', { name: 'Escala de membros' }, { timeout: 10_000 });
    const item = () => list.querySelector<HTMLElement>('[data-event-id="5"]')!.closest('li')!;
    // Who asked, since when (by the API's clock, without seconds), and — not yet escalated — nothing more.
    await within(await waitForItem(item)).findByText(/^Pediu cobertura em \d{1,2} de \p{L}+ de \d{4} às \d{2}:\d{2}$/u);
    first.unmount();
    const marcos = await portal.agentOf(MEMBER);
    await marcos.post(`/api/cover-requests/${request}/accept`).expect(200);
    renderApp('/events', { preloadedState: { events: LEADER_VIEW } });
    const again = await screen.findByRole('list', { name: 'Escala de membros' }, { timeout: 10_000 });
    const row = await within(again.querySelector<HTMLElement>('[data-event-id="5"]')!.closest('li')!).findByText('Assumiu por cobertura');
    expect(row.closest('.event-allocations__who')?.textContent).toContain('Marcos Membro');
  });
});
