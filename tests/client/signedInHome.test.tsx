import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ANA, EVENTS, freezeNow, LEADER, MEMBER, type Person } from './support/fixtures.ts';
import { openPortal, type Portal } from './support/realApi.ts';
import { renderApp } from './support/renderWithProviders.tsx';

const PLACEHOLDER = 'This is a placeholder content for the container.';

async function answer(portal: Portal, person: Person, allocationId: number, body: { answer: string; reason?: string }) {
  const agent = await portal.agentOf(person);
  await agent.post(`/api/allocations/${allocationId}/response`).send(body).expect(200);
}

describe('the home page of a signed-in user (issue 13)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('a visitor keeps the specification’s placeholder, and nothing but the session is asked', async () => {
    const portal = await openPortal({ events: EVENTS });
    renderApp('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Koinonia' })).toBeInTheDocument();
    await portal.settled();
    expect(screen.getByText(PLACEHOLDER)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Suas próximas escalas' })).toBeNull();
    expect(portal.paths()).toEqual(['/api/auth/me']);
  });

  it('a member sees their next services and the answers they still owe, and answers there', async () => {
    // Marcos: Culto 22/11 (pending), Vigília 23/11 (confirmed), Conferência 15/12 (declined: not listed).
    const portal = await openPortal({
      events: EVENTS,
      signedIn: MEMBER,
      allocations: [
        { event: 5, department: 'Louvor', member: MEMBER },
        { event: 7, department: 'Mídia', member: MEMBER },
        { event: 9, department: 'Recepção', member: MEMBER },
      ],
    });
    await answer(portal, MEMBER, portal.allocationIds[1]!, { answer: 'confirmed' });
    await answer(portal, MEMBER, portal.allocationIds[2]!, { answer: 'declined' });
    const { user } = renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Olá, Marcos!' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText(PLACEHOLDER)).toBeNull();
    // The greeting comes as soon as the session is known; the summaries with their own module, under it.
    const services = await screen.findByRole('region', { name: 'Suas próximas escalas' });
    expect(await within(services).findByText('Falta 1 resposta sua.')).toBeInTheDocument();
    const list = within(services).getByRole('list', { name: 'Suas próximas escalas' });
    const items = [...list.children] as HTMLElement[];
    expect(items.map((item) => item.querySelector('.services-summary__event')?.textContent)).toEqual([
      'Culto — 22 de novembro de 2026 às 19:00 Louvor',
      'Vigília — 23 de novembro de 2026 às 23:30 Mídia',
    ]);
    expect(items.map((item) => item.querySelector('.my-service__status')?.textContent)).toEqual(['Aguardando sua resposta', 'Você confirmou']);
    // A member's home asks only about them: no allocations of others.
    expect(portal.paths().filter((path) => path.startsWith('/api/allocations'))).toEqual([]);

    await user.click(within(items[0]!).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(within(services).getByText('Todas as suas escalas estão respondidas.')).toBeInTheDocument());
    await portal.settled();
    expect(portal.writes()).toEqual([
      { method: 'POST', path: `/api/allocations/${portal.allocationIds[0]}/response`, body: { answer: 'confirmed' } },
    ]);
  });

  it('declining by keyboard: the service leaves the list and the focus goes to the next one, then to the heading (issue 21, item 8)', async () => {
    await openPortal({
      events: EVENTS,
      signedIn: MEMBER,
      allocations: [
        { event: 5, department: 'Louvor', member: MEMBER },
        { event: 7, department: 'Mídia', member: MEMBER },
      ],
    });
    const { user } = renderApp('/');
    const services = await screen.findByRole('region', { name: 'Suas próximas escalas' }, { timeout: 10_000 });
    const list = await within(services).findByRole('list', { name: 'Suas próximas escalas' });
    const decline = async (item: HTMLElement) => {
      within(item).getByRole('button', { name: 'Não posso' }).focus();
      await user.keyboard('{Enter}');
      await waitFor(() => expect(within(item).getByLabelText('Motivo (opcional)')).toHaveFocus());
      await user.keyboard('Viagem');
      within(item).getByRole('button', { name: 'Enviar recusa' }).focus();
      await user.keyboard('{Enter}');
    };
    const [culto, vigilia] = [...list.children] as HTMLElement[];
    await decline(culto!);
    await waitFor(() => expect(culto).not.toBeInTheDocument());
    expect(vigilia).toHaveFocus();
    expect(within(services).getByRole('status')).toHaveTextContent('Você recusou Culto; ela saiu desta lista.');
    await decline(vigilia!);
    await waitFor(() => expect(within(services).getByText('Você não tem escalas pela frente.')).toBeInTheDocument());
    expect(within(services).getByRole('heading', { name: 'Suas próximas escalas' })).toHaveFocus();
    expect(within(services).getByRole('status')).toHaveTextContent('Você recusou Vigília; ela saiu desta lista.');
  });

  it('a leader also sees the answers still missing in the escalas ahead: who has not answered, who declined and why', async () => {
    const portal = await openPortal({
      events: EVENTS,
      signedIn: LEADER,
      allocations: [
        { event: 5, department: 'Louvor', member: MEMBER },
        { event: 5, department: 'Mídia', member: ANA },
        { event: 7, department: 'Louvor', member: MEMBER },
        // Already over: not a missing answer any more.
        { event: 2, department: 'Louvor', member: ANA },
      ],
    });
    await answer(portal, ANA, portal.allocationIds[1]!, { answer: 'declined', reason: 'Viagem em família' });
    await answer(portal, MEMBER, portal.allocationIds[2]!, { answer: 'confirmed' });
    renderApp('/');

    const missing = await screen.findByRole('region', { name: 'Respostas que faltam nas escalas' }, { timeout: 10_000 });
    const list = await within(missing).findByRole('list', { name: 'Respostas que faltam nas escalas' });
    const items = [...list.children] as HTMLElement[];
    expect(items.map((item) => item.getAttribute('data-event-id'))).toEqual(['5']);
    expect(items[0]).toHaveTextContent('Culto — 22 de novembro de 2026 às 19:00');
    expect(items[0]).toHaveTextContent('1 pendente · 1 recusou');
    expect(items[0]).toHaveTextContent('Aguardando resposta: Marcos Membro (Louvor)');
    expect(within(items[0]!).getByRole('list', { name: 'Recusas: Culto' })).toHaveTextContent('Recusou: Ana Souza (Mídia) — Motivo: Viagem em família');
    expect(portal.paths()).toContain('/api/allocations?from=2026-11-21&to=2027-01-20');
    // The leader serves nowhere: their own part says so.
    expect(within(screen.getByRole('region', { name: 'Suas próximas escalas' })).getByText('Você não tem escalas pela frente.')).toBeInTheDocument();
  });

  it('signing out from the account lands on the placeholder again, with no failed read in the console', async () => {
    const portal = await openPortal({ events: EVENTS, signedIn: LEADER, allocations: [{ event: 5, department: 'Louvor', member: MEMBER }] });
    const { user, router } = renderApp('/');
    await screen.findByRole('region', { name: 'Respostas que faltam nas escalas' }, { timeout: 10_000 });
    await user.click(screen.getByRole('link', { name: 'Lídia' }));
    await user.click(await screen.findByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText(PLACEHOLDER)).toBeInTheDocument();
    await portal.settled();
    expect(screen.queryByRole('heading', { name: /^Olá/ })).toBeNull();
    // (An unexpected console error fails the test in tests/client/setup.ts.)
  });
});
