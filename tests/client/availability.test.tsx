import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ANA, EVENTS, freezeNow, LEADER, MEMBER } from './support/fixtures.ts';
import { openPortal, type Portal } from './support/realApi.ts';
import { renderApp } from './support/renderWithProviders.tsx';

async function openAvailability(portalSeed: Parameters<typeof openPortal>[0] = {}) {
  const portal = await openPortal({ events: EVENTS, signedIn: MEMBER, ...portalSeed });
  const rendered = renderApp('/disponibilidade');
  const page = await screen.findByRole('region', { name: 'Minha disponibilidade' }, { timeout: 10_000 });
  const form = within(page).getByRole('form', { name: 'Marcar dias em que não posso servir' });
  const marked = screen.getByRole('region', { name: 'Dias marcados' });
  return { portal, page, form, marked, ...rendered };
}

async function blockoutsOf(portal: Portal) {
  const agent = await portal.agentOf(MEMBER);
  return (await agent.get('/api/me/blockouts').expect(200)).body as Array<{ from: string; to: string; note: string | null }>;
}

describe('Minha disponibilidade (/disponibilidade, issue 13)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('asks a visitor to sign in ("Entre para continuar", issue 21) and asks nothing but the session', async () => {
    const portal = await openPortal({ events: EVENTS });
    renderApp('/disponibilidade');
    expect(await screen.findByRole('heading', { name: 'Entre para continuar', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Entrar na conta' })).toHaveAttribute('href', '/login?next=/disponibilidade');
    await portal.settled();
    expect(portal.paths()).toEqual(['/api/auth/me']);
  });

  it('adds a range with the keyboard (two date fields), shows the services it covers, and declines one there', async () => {
    // Marcos serves at the Culto of 22/11 and the Vigília of 23/11, and at the Conferência of 15/12.
    const { portal, form, marked, user } = await openAvailability({
      allocations: [
        { event: 5, department: 'Louvor', member: MEMBER },
        { event: 7, department: 'Mídia', member: MEMBER },
        { event: 9, department: 'Recepção', member: MEMBER },
      ],
    });
    expect(document.title).toBe('Minha disponibilidade · Koinonia');
    expect(await within(marked).findByText('Nenhum dia marcado.')).toBeInTheDocument();

    const first = within(form).getByLabelText('Primeiro dia');
    const last = within(form).getByLabelText('Último dia');
    expect(first).toHaveAttribute('type', 'date');
    expect(last).toHaveAttribute('type', 'date');
    await user.click(first);
    await user.keyboard('2026-11-22');
    // A single day is the common case: the last day follows the first.
    expect(last).toHaveValue('2026-11-22');
    await user.tab();
    expect(last).toHaveFocus();
    await user.clear(last);
    await user.keyboard('2026-11-23');
    await user.tab();
    await user.keyboard('Viagem com a família');
    await user.tab();
    expect(within(form).getByRole('button', { name: 'Adicionar período' })).toHaveFocus();
    await user.keyboard('{Enter}');

    const range = await within(marked).findByRole('listitem', { name: '22 de novembro de 2026 a 23 de novembro de 2026' });
    expect(portal.writes()).toEqual([
      { method: 'POST', path: '/api/me/blockouts', body: { from: '2026-11-22', to: '2026-11-23', note: 'Viagem com a família' } },
    ]);
    await waitFor(() => expect(range).toHaveFocus());
    expect(range).toHaveTextContent('Viagem com a família');
    expect(screen.getByRole('status')).toHaveTextContent('Período adicionado: 22 de novembro de 2026 a 23 de novembro de 2026.');
    expect(first).toHaveValue('');

    // The services it covers, not the one of 15/12.
    await waitFor(() => expect(range).toHaveTextContent('Você está escalado(a) em 2 eventos nestes dias.'));
    expect(range).toHaveTextContent('Culto — 22 de novembro de 2026 às 19:00 (Louvor)');
    expect(range).toHaveTextContent('Vigília — 23 de novembro de 2026 às 23:30 (Mídia)');
    expect(range).not.toHaveTextContent('Conferência');

    const culto = within(range).getByRole('group', { name: 'Resposta: Culto, 22 de novembro de 2026 às 19:00 (Louvor)' });
    await user.click(within(culto).getByRole('button', { name: 'Não posso' }));
    await user.type(within(culto).getByLabelText('Motivo (opcional)'), 'Estarei viajando');
    await user.click(within(culto).getByRole('button', { name: 'Enviar recusa' }));
    await waitFor(() => expect(within(culto).getByRole('button', { name: 'Não posso' })).toHaveAttribute('aria-pressed', 'true'));
    await portal.settled();
    expect(portal.writes().at(-1)).toEqual({
      method: 'POST',
      path: `/api/allocations/${portal.allocationIds[0]}/response`,
      body: { answer: 'declined', reason: 'Estarei viajando' },
    });
    await waitFor(() => expect(range).toHaveTextContent('Você está escalado(a) em 1 evento nestes dias.'));
    expect(await blockoutsOf(portal)).toEqual([expect.objectContaining({ from: '2026-11-22', to: '2026-11-23', note: 'Viagem com a família' })]);
  });

  it('checks the days before sending: both needed, the last not before the first, at most 366 days', async () => {
    const { portal, form, user } = await openAvailability();
    const first = within(form).getByLabelText('Primeiro dia');
    const last = within(form).getByLabelText('Último dia');
    const add = within(form).getByRole('button', { name: 'Adicionar período' });

    await user.click(add);
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveAccessibleDescription('Informe o primeiro dia.');
    expect(first).toHaveFocus();

    await user.type(first, '2026-12-10');
    await user.clear(last);
    await user.type(last, '2026-12-01');
    await user.click(add);
    expect(last).toHaveFocus();
    expect(last).toHaveAttribute('aria-invalid', 'true');
    expect(last).toHaveAccessibleDescription(expect.stringContaining('O último dia deve ser igual ou posterior ao primeiro.'));

    // 10/12/2026 to 10/12/2027 is 366 days, both included: the most there may be. One more is refused.
    await user.clear(last);
    await user.type(last, '2027-12-11');
    await user.click(add);
    expect(last).toHaveAccessibleDescription(expect.stringContaining('O período pode ter no máximo 366 dias.'));
    expect(portal.writes()).toEqual([]);

    await user.clear(last);
    await user.type(last, '2027-12-10');
    await user.click(add);
    await waitFor(() => expect(portal.writes()).toEqual([{ method: 'POST', path: '/api/me/blockouts', body: { from: '2026-12-10', to: '2027-12-10' } }]));
    expect(await screen.findByRole('listitem', { name: '10 de dezembro de 2026 a 10 de dezembro de 2027' })).toBeInTheDocument();
    expect(last).toHaveAttribute('aria-invalid', 'false');
  });

  it('lists the ranges with their notes and removes one (DELETE /api/me/blockouts/{id}); nobody else’s are shown', async () => {
    const portal = await openPortal({ events: EVENTS, signedIn: MEMBER });
    const marcos = await portal.agentOf(MEMBER);
    const kept = (await marcos.post('/api/me/blockouts').send({ from: '2026-12-24', to: '2026-12-26', note: 'Natal em Minas' }).expect(201)).body as { id: number };
    const removed = (await marcos.post('/api/me/blockouts').send({ from: '2026-11-28', to: '2026-11-28' }).expect(201)).body as { id: number };
    await (await portal.agentOf(ANA)).post('/api/me/blockouts').send({ from: '2026-11-30', to: '2026-11-30', note: 'de Ana' }).expect(201);

    const { user } = renderApp('/disponibilidade');
    const marked = await screen.findByRole('region', { name: 'Dias marcados' }, { timeout: 10_000 });
    const list = await within(marked).findByRole('list', { name: 'Dias marcados' });
    expect(within(list).getAllByRole('listitem', { name: /de 2026/ }).map((item) => item.getAttribute('aria-label'))).toEqual([
      '28 de novembro de 2026',
      '24 de dezembro de 2026 a 26 de dezembro de 2026',
    ]);
    expect(list).toHaveTextContent('Natal em Minas');
    expect(list).not.toHaveTextContent('de Ana');
    // No service of Marcos on those days.
    expect(await within(list).findAllByText('Nenhuma escala sua nestes dias.')).toHaveLength(2);

    await user.click(within(list).getByRole('button', { name: 'Remover 28 de novembro de 2026' }));
    await waitFor(() => expect(within(list).queryByRole('listitem', { name: '28 de novembro de 2026' })).toBeNull());
    expect(screen.getByRole('status')).toHaveTextContent('Período removido: 28 de novembro de 2026.');
    expect(marked).toHaveFocus();
    expect(portal.writes()).toEqual([{ method: 'DELETE', path: `/api/me/blockouts/${removed.id}` }]);
    expect((await blockoutsOf(portal)).map((blockout) => blockout.from)).toEqual(['2026-12-24']);
    expect(kept.id).not.toBe(removed.id);
  });

  it('is reached from a signed-in home page', async () => {
    await openPortal({ events: EVENTS, signedIn: LEADER });
    const { user, router } = renderApp('/');
    await user.click(await screen.findByRole('link', { name: 'Minha disponibilidade' }, { timeout: 10_000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/disponibilidade'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Minha disponibilidade' })).toBeInTheDocument();
  });
});
