import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EventsState } from '../../client/features/events/eventsSlice.ts';
import { ANA, eventAt, freezeNow, LEADER, MEMBER } from './support/fixtures.ts';
import { openPortal, type Portal } from './support/realApi.ts';
import { renderApp } from './support/renderWithProviders.tsx';

const MY_EVENTS: EventsState = { tab: 'myEvents', detailsEventId: null, selectedDay: null, allocationEvent: null };

/** NOW is 21 November 2026, 21:07 in the network timezone: the first event began two hours ago. */
const EVENTS = [
  eventAt(1, '2026-11-21 19:00', 'Culto'),
  eventAt(2, '2026-11-22 19:00', 'Culto'),
  eventAt(3, '2026-11-23 20:00', 'Ensaio'),
];
const CULTO_22 = 'Culto, 22 de novembro de 2026 às 19:00';

/** Marcos serves at the three events (Louvor, Louvor, Mídia); Ana at the second (Mídia). */
function openMyEvents() {
  return openPortal({
    events: EVENTS,
    signedIn: MEMBER,
    allocations: [
      { event: 1, department: 'Louvor', member: MEMBER },
      { event: 2, department: 'Louvor', member: MEMBER },
      { event: 3, department: 'Mídia', member: MEMBER },
      { event: 2, department: 'Mídia', member: ANA },
    ],
  });
}

async function renderMyEvents() {
  const rendered = renderApp('/events', { preloadedState: { events: MY_EVENTS } });
  const list = await screen.findByRole('list', { name: 'Minhas escalas' });
  return { list, ...rendered };
}

function itemOf(list: HTMLElement, eventId: number): HTMLElement {
  return list.querySelector<HTMLElement>(`[data-event-id="${eventId}"]`)!.closest('li')!;
}

function statusOf(item: HTMLElement): string | null | undefined {
  return item.querySelector('.my-service__status')?.textContent;
}

/** The allocation as the leader's API reads it. */
async function stored(portal: Portal, eventId: number, memberId = MEMBER.id) {
  const leader = await portal.agentOf(LEADER);
  const allocations = (await leader.get(`/api/events/${eventId}/allocations`).expect(200)).body as Array<{
    member: { id: number };
    status: string;
    reason: string | null;
  }>;
  return allocations.find((allocation) => allocation.member.id === memberId);
}

describe('My Events: the member answers (issue 13)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('shows each answer, Confirmar / Não posso only while the event is ahead; a confirmation shows at once and after a reload', async () => {
    const portal = await openMyEvents();
    const { list, user, unmount } = await renderMyEvents();
    const started = itemOf(list, 1);
    const culto = itemOf(list, 2);
    expect(statusOf(started)).toBe('Sem resposta');
    expect(within(started).queryByRole('button', { name: 'Confirmar' })).toBeNull();
    expect(statusOf(culto)).toBe('Aguardando sua resposta');
    const answer = within(culto).getByRole('group', { name: `Resposta: ${CULTO_22} (Louvor)` });
    const confirm = within(answer).getByRole('button', { name: 'Confirmar' });
    expect(confirm).toHaveAttribute('aria-pressed', 'false');
    expect(within(answer).getByRole('button', { name: 'Não posso' })).toHaveAttribute('aria-pressed', 'false');

    // The answer shows before the API has even answered: the request is held until it has been seen. The page's
    // own loads are let finish first, and the list is read afresh: seen in CI on a loaded machine, the elements
    // read above could be replaced by a later render of the list before the click.
    await portal.settled();
    const culto22 = () => itemOf(screen.getByRole('list', { name: 'Minhas escalas' }), 2);
    const confirmOf = () => within(culto22()).getByRole('button', { name: 'Confirmar' });
    const release = portal.hold(/\/response$/);
    await user.click(confirmOf());
    await waitFor(() => expect(statusOf(culto22())).toBe('Você confirmou'));
    expect(confirmOf()).toHaveAttribute('aria-pressed', 'true');
    expect(confirmOf()).toHaveFocus();
    release();
    await portal.settled();
    expect(portal.writes()).toEqual([
      { method: 'POST', path: `/api/allocations/${portal.allocationIds[1]}/response`, body: { answer: 'confirmed' } },
    ]);
    expect((await stored(portal, 2))?.status).toBe('confirmed');

    // A reload: a new page, which reads it back from the API.
    unmount();
    const again = await renderMyEvents();
    await waitFor(() => expect(statusOf(itemOf(again.list, 2))).toBe('Você confirmou'));
    expect(statusOf(itemOf(again.list, 3))).toBe('Aguardando sua resposta');
  });

  it('Não posso asks for an optional reason first; Voltar sends nothing; the decline and its reason are saved and can be undone', async () => {
    const portal = await openMyEvents();
    const { list, user } = await renderMyEvents();
    const culto = itemOf(list, 2);
    const answer = within(culto).getByRole('group', { name: `Resposta: ${CULTO_22} (Louvor)` });

    await user.click(within(answer).getByRole('button', { name: 'Não posso' }));
    const reason = within(answer).getByLabelText('Motivo (opcional)');
    expect(reason).toHaveFocus();
    expect(reason).toHaveAccessibleDescription('Quem organiza a escala verá o motivo.');
    await user.click(within(answer).getByRole('button', { name: 'Voltar' }));
    expect(within(answer).getByRole('button', { name: 'Não posso' })).toHaveFocus();
    expect(portal.writes()).toEqual([]);

    await user.click(within(answer).getByRole('button', { name: 'Não posso' }));
    await user.type(within(answer).getByLabelText('Motivo (opcional)'), 'Viagem em família');
    await user.click(within(answer).getByRole('button', { name: 'Enviar recusa' }));
    await waitFor(() => expect(statusOf(culto)).toBe('Você recusou'));
    // The answer shows at once; the reason's form closes once the API has saved it.
    const decline = await within(answer).findByRole('button', { name: 'Não posso' });
    expect(decline).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(decline).toHaveFocus());
    await portal.settled();
    expect(await stored(portal, 2)).toMatchObject({ status: 'declined', reason: 'Viagem em família' });

    // Changed their mind: Confirmar undoes the decline.
    await user.click(within(answer).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(statusOf(culto)).toBe('Você confirmou'));
    await portal.settled();
    expect(await stored(portal, 2)).toMatchObject({ status: 'confirmed', reason: null });
    const path = `/api/allocations/${portal.allocationIds[1]}/response`;
    expect(portal.writes()).toEqual([
      { method: 'POST', path, body: { answer: 'declined', reason: 'Viagem em família' } },
      { method: 'POST', path, body: { answer: 'confirmed' } },
    ]);
  });

  it('an answer the API refuses is taken back, and the refusal is said under the buttons', async () => {
    const portal = await openMyEvents();
    const { list, user } = await renderMyEvents();
    const culto = itemOf(list, 2);
    portal.failNext('POST', /\/response$/, 409, {
      code: 'event_started',
      message: 'O evento já começou: a resposta não pode mais ser dada ou mudada.',
    });
    await user.click(within(culto).getByRole('button', { name: 'Confirmar' }));
    expect(await within(culto).findByRole('alert')).toHaveTextContent('O evento já começou: a resposta não pode mais ser dada ou mudada.');
    expect(statusOf(culto)).toBe('Aguardando sua resposta');
    expect(within(culto).getByRole('button', { name: 'Confirmar' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('Quem serve comigo lists who serves at the event and in which department (GET /api/events/{id}/team)', async () => {
    const portal = await openMyEvents();
    const { list, user } = await renderMyEvents();
    const culto = itemOf(list, 2);
    const toggle = within(culto).getByRole('button', { name: `Quem serve comigo: ${CULTO_22}` });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(portal.paths().some((path) => path.endsWith('/team'))).toBe(false);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const team = await within(culto).findByRole('list', { name: `Equipe: ${CULTO_22}` });
    expect(within(team).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Marcos Membro (você) Louvor', 'Ana Souza Mídia']);
    expect(portal.paths()).toContain('/api/events/2/team');
    // Names only: no one's email.
    expect(team).not.toHaveTextContent('@');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(culto).queryByRole('list', { name: `Equipe: ${CULTO_22}` })).toBeNull();
  });
});
