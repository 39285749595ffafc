import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { issueResponseToken } from '../../server/escalas/responseTokens.ts';
import type { EventsState } from '../../client/features/events/eventsSlice.ts';
import { ANA, EVENTS, freezeNow, LEADER, MEMBER } from './support/fixtures.ts';
import { openPortal, type Portal, type PortalSeed } from './support/realApi.ts';
import { renderApp } from './support/renderWithProviders.tsx';

const WINDOW = '/api/events?from=2026-11-01&to=2026-12-31';

/** Marcos serves at the Culto of 22/11 (Louvor); the link of his invitation, as the e-mail carries it. */
async function openWithLink(seed: Partial<PortalSeed> = {}) {
  const portal = await openPortal({
    events: EVENTS,
    allocations: [
      { event: 5, department: 'Louvor', member: MEMBER },
      { event: 7, department: 'Mídia', member: ANA },
    ],
    ...seed,
  });
  const token = await issueResponseToken(portal.api.database.db, portal.allocationIds[0]!);
  if (!token) throw new Error('sem token');
  return { portal, token };
}

async function stored(portal: Portal, eventId = 5) {
  const leader = await portal.agentOf(LEADER);
  const [allocation] = (await leader.get(`/api/events/${eventId}/allocations`).expect(200)).body as Array<{ status: string; reason: string | null }>;
  return allocation;
}

describe('/events?resposta=<token>: answering an e-mailed invitation (issue 13)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('signed out: the events page opens a dialog with the event and the department; opening only reads, Confirmar answers', async () => {
    const { portal, token } = await openWithLink();
    const { user, router } = renderApp(`/events?resposta=${token}`);
    const dialog = await screen.findByRole('dialog', { name: 'Responder à escala' }, { timeout: 10_000 });
    await waitFor(() => expect(within(dialog).getByText('Você pode servir nesta escala?')).toBeInTheDocument());
    expect([...dialog.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent])).toEqual([
      ['Evento', 'Culto'],
      ['Data', '22 de novembro de 2026 às 19:00'],
      ['Departamento', 'Louvor'],
    ]);
    // Behind it, the specification's events page, with its own call; the link only adds its read.
    await portal.settled();
    expect(portal.specPaths().sort()).toEqual([WINDOW, `/api/responses/${token}`].sort());
    expect(portal.writes()).toEqual([]);
    expect((await stored(portal))?.status).toBe('pending');

    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(within(dialog).getByText('Presença confirmada. Obrigado!')).toBeInTheDocument());
    expect(portal.writes()).toEqual([{ method: 'POST', path: `/api/responses/${token}`, body: { answer: 'confirmed' } }]);
    expect((await stored(portal))?.status).toBe('confirmed');
    // No session was involved.
    expect(portal.requests.find((request) => request.method === 'POST')?.headers.get('cookie')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/events');
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('list', { name: 'Próximos eventos' })).toBeInTheDocument();
  });

  it('the token leaves the address as soon as the page reads it; the dialog still answers with it (issue 25, item 8)', async () => {
    const { portal, token } = await openWithLink();
    const { user, router } = renderApp(`/events?resposta=${token}&tab=x`);
    const dialog = await screen.findByRole('dialog', { name: 'Responder à escala' }, { timeout: 10_000 });
    await waitFor(() => expect(router.state.location.search).toBe('?tab=x'));
    expect(router.state.location.pathname).toBe('/events');
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(within(dialog).getByText('Você pode servir nesta escala?')).toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(within(dialog).getByText('Presença confirmada. Obrigado!')).toBeInTheDocument());
    expect(portal.writes()).toEqual([{ method: 'POST', path: `/api/responses/${token}`, body: { answer: 'confirmed' } }]);
    expect(router.state.location.search).toBe('?tab=x');
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Não posso asks for the optional reason first, then sends the decline with it', async () => {
    const { portal, token } = await openWithLink();
    const { user } = renderApp(`/events?resposta=${token}`);
    const dialog = await screen.findByRole('dialog', { name: 'Responder à escala' }, { timeout: 10_000 });
    await user.click(await within(dialog).findByRole('button', { name: 'Não posso' }));
    expect(portal.writes()).toEqual([]);
    await user.type(within(dialog).getByLabelText('Motivo (opcional)'), 'Plantão no hospital');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar recusa' }));
    await waitFor(() => expect(within(dialog).getByText('Recusa registrada. Quem organiza a escala será avisado.')).toBeInTheDocument());
    expect(portal.writes()).toEqual([
      { method: 'POST', path: `/api/responses/${token}`, body: { answer: 'declined', reason: 'Plantão no hospital' } },
    ]);
    expect(await stored(portal)).toMatchObject({ status: 'declined', reason: 'Plantão no hospital' });
    expect(within(dialog).getByRole('button', { name: 'Não posso' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('an unknown or expired link says so in the dialog, with no console error and no answer sent', async () => {
    const { portal } = await openWithLink();
    renderApp('/events?resposta=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    const dialog = await screen.findByRole('dialog', { name: 'Responder à escala' }, { timeout: 10_000 });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Este link de resposta não existe ou já expirou.');
    expect(within(dialog).queryByRole('button', { name: 'Confirmar' })).toBeNull();
    expect(portal.writes()).toEqual([]);
  });

  it('a signed-in member answering through the link sees the answer in My Events', async () => {
    const { portal, token } = await openWithLink({ signedIn: MEMBER });
    const myEvents: EventsState = { tab: 'myEvents', detailsEventId: null, selectedDay: null, allocationEvent: null };
    const { user } = renderApp(`/events?resposta=${token}`, { preloadedState: { events: myEvents } });
    const list = await screen.findByRole('list', { name: 'Minhas escalas' }, { timeout: 10_000 });
    const culto = list.querySelector('[data-event-id="5"]')!.closest('li')!;
    await waitFor(() => expect(culto.querySelector('.my-service__status')).toHaveTextContent('Aguardando sua resposta'));
    const dialog = screen.getByRole('dialog', { name: 'Responder à escala' });
    await user.click(await within(dialog).findByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(culto.querySelector('.my-service__status')).toHaveTextContent('Você confirmou'));
    expect(portal.writes()).toEqual([{ method: 'POST', path: `/api/responses/${token}`, body: { answer: 'confirmed' } }]);
  });

  it('without the parameter there is no dialog and no /api/responses call', async () => {
    const portal = await openPortal({ events: EVENTS });
    renderApp('/events');
    await screen.findByRole('list', { name: 'Próximos eventos' }, { timeout: 10_000 });
    await portal.settled();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(portal.specPaths()).toEqual([WINDOW]);
  });
});
