import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { LeaderJoinRequests } from '../../client/features/joinRequests/LeaderJoinRequests.tsx';
import { ServeSection } from '../../client/features/joinRequests/ServeSection.tsx';
import { ADMIN, ANA, freezeNow, MEMBER, type Person } from './support/fixtures.ts';
import { seedNetwork, type SeededNetwork } from './support/networkSeed.ts';
import { openPortal, type Portal } from './support/realApi.ts';
import { renderApp, renderWithProviders } from './support/renderWithProviders.tsx';

/**
 * docs/product.md §13 on the screens, against the real API: Ana asks to serve in Louvor at Sede ("Quero servir");
 * Marcos, who leads Sede's Louvor, approves (choosing positions) or declines (with a reason); Ana sees the state.
 */
async function openWith(signedIn: Person): Promise<{ portal: Portal; network: SeededNetwork }> {
  const portal = await openPortal({ signedIn });
  const network = await seedNetwork(portal, {
    churches: [{ name: 'Sede', city: 'São Paulo' }, { name: 'Filial Norte' }],
    positions: { Louvor: ['Vocal', 'Bateria'], Infantil: ['Professor'] },
    teamMembers: [{ church: 'Sede', department: 'Louvor', member: MEMBER, leader: true, positions: ['Vocal'] }],
  });
  return { portal, network };
}

/** Ana's request, stored through the API as her browser would send it. */
async function anaAsks(portal: Portal, network: SeededNetwork, note = 'Canto no coral.') {
  const agent = await portal.agentOf(ANA);
  const res = await agent
    .post('/api/me/join-requests')
    .send({ church_id: network.churchId('Sede'), department_id: network.departmentId('Louvor'), positions: [network.positionId('Louvor', 'Vocal')], note })
    .expect(201);
  return res.body.id as number;
}

describe('join requests on the screens (issue 23)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('"Quero servir": a member picks church, department and positions, sends, and sees the request waiting', async () => {
    const { portal, network } = await openWith(ANA);
    renderWithProviders(<ServeSection />);
    const form = await screen.findByRole('form', { name: 'Quero servir' });
    expect(await within(form).findByRole('option', { name: 'Sede (São Paulo)' })).toBeInTheDocument();
    // Nothing chosen: the form says what is missing and sends nothing.
    await userEvent.click(within(form).getByRole('button', { name: 'Enviar pedido' }));
    expect(await within(form).findByText('Escolha a igreja.')).toBeInTheDocument();
    expect(within(form).getByText('Escolha o departamento.')).toBeInTheDocument();
    expect(within(form).getByRole('combobox', { name: 'Igreja' })).toHaveFocus();

    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Igreja' }), 'Sede (São Paulo)');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Departamento' }), 'Louvor');
    const positions = await within(form).findByRole('group', { name: 'Funções que você pode assumir' });
    await userEvent.click(await within(positions).findByRole('checkbox', { name: 'Vocal' }));
    expect(within(positions).queryByRole('checkbox', { name: 'Professor' })).toBeNull();
    await userEvent.type(within(form).getByRole('textbox', { name: 'Recado para os líderes (opcional)' }), 'Canto no coral há 5 anos.');
    await userEvent.click(within(form).getByRole('button', { name: 'Enviar pedido' }));
    expect(await within(form).findByText('Pedido enviado para Louvor · Sede. Os líderes da equipe foram avisados; a resposta chega por e-mail e aparece em Meus pedidos, na página Equipes.')).toBeInTheDocument();

    const mine = await screen.findByRole('list', { name: 'Meus pedidos' });
    await waitFor(() => expect(within(mine).getAllByRole('listitem')).toHaveLength(1));
    expect(within(mine).getByRole('listitem')).toHaveTextContent(/^Louvor · Sede — Vocal · pedido em .*Aguardando$/);
    const { db } = portal.api.database;
    const rows = await db.selectFrom('join_requests').select(['user_id', 'church_id', 'department_id', 'note', 'status']).execute();
    expect(rows).toEqual([{ user_id: ANA.id, church_id: network.churchId('Sede'), department_id: network.departmentId('Louvor'), note: 'Canto no coral há 5 anos.', status: 'pending' }]);
    const told = await db.selectFrom('outbox').select('recipient_id').where('kind', '=', 'join_requested').orderBy('recipient_id').execute();
    expect(told).toEqual([{ recipient_id: MEMBER.id }, { recipient_id: ADMIN.id }]);

    // Asking again for the same team: the API's pt-BR refusal, in the form.
    await userEvent.click(within(form).getByRole('button', { name: 'Enviar pedido' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Você já pediu para servir nesta equipe: aguarde a resposta dos líderes.');
  });

  it('sent again after a time-out, the request carries the same Idempotency-Key, so it is made once', async () => {
    const { portal } = await openWith(ANA);
    renderWithProviders(<ServeSection />);
    const form = await screen.findByRole('form', { name: 'Quero servir' });
    await within(form).findByRole('option', { name: 'Sede (São Paulo)' });
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Igreja' }), 'Sede (São Paulo)');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Departamento' }), 'Louvor');
    portal.failNext('POST', /^\/api\/me\/join-requests$/, 504, {
      code: 'upstream_timeout',
      message: 'O serviço de eventos demorou demais para responder. A ação pode ter sido salva: confira antes de tentar de novo.',
    });
    await userEvent.click(within(form).getByRole('button', { name: 'Enviar pedido' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('A ação pode ter sido salva');
    await userEvent.click(within(form).getByRole('button', { name: 'Enviar pedido' }));
    expect(await within(form).findByText(/^Pedido enviado para Louvor · Sede\./)).toBeInTheDocument();
    const keys = portal.requests.filter((request) => request.method === 'POST' && request.path === '/api/me/join-requests').map((request) => request.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('a team leader approves with the positions chosen (the requested ones checked to begin with)', async () => {
    const { portal, network } = await openWith(MEMBER);
    await anaAsks(portal, network);
    renderWithProviders(<LeaderJoinRequests />);
    const list = await screen.findByRole('list', { name: 'Pedidos para servir' });
    const item = within(list).getByRole('listitem');
    expect(item).toHaveTextContent('Ana Souza (ana@example.org) quer servir em Louvor · Sede');
    expect(item).toHaveTextContent('Funções: Vocal');
    expect(item).toHaveTextContent('Recado: Canto no coral.');

    await userEvent.click(within(item).getByRole('button', { name: 'Aprovar Ana Souza: Louvor · Sede' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aprovar Ana Souza' });
    const vocal = await within(dialog).findByRole('checkbox', { name: 'Vocal' });
    expect(vocal).toBeChecked();
    const bateria = within(dialog).getByRole('checkbox', { name: 'Bateria' });
    expect(bateria).not.toBeChecked();
    await userEvent.click(bateria);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aprovar' }));
    expect(await screen.findByText('Ana Souza agora faz parte de Louvor · Sede.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('Nenhum pedido aguardando resposta nas equipes que você lidera.')).toBeInTheDocument();

    const { db } = portal.api.database;
    const positions = await db
      .selectFrom('team_member_positions')
      .select('position_id')
      .where('user_id', '=', ANA.id)
      .where('church_id', '=', network.churchId('Sede'))
      .orderBy('position_id')
      .execute();
    expect(positions.map((row) => row.position_id)).toEqual([network.positionId('Louvor', 'Vocal'), network.positionId('Louvor', 'Bateria')].sort((a, b) => a - b));
    expect(await db.selectFrom('outbox').select('recipient_id').where('kind', '=', 'join_approved').execute()).toEqual([{ recipient_id: ANA.id }]);
  });

  it('a team leader declines with a reason; the member reads "Recusado" and the reason', async () => {
    const { portal, network } = await openWith(MEMBER);
    await anaAsks(portal, network);
    renderWithProviders(<LeaderJoinRequests />);
    const list = await screen.findByRole('list', { name: 'Pedidos para servir' });
    await userEvent.click(within(list).getByRole('button', { name: 'Recusar Ana Souza: Louvor · Sede' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recusar o pedido de Ana Souza' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Motivo (opcional)' }), 'A equipe está completa.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Recusar' }));
    expect(await screen.findByText('Pedido de Ana Souza recusado. A pessoa foi avisada.')).toBeInTheDocument();
    const { db } = portal.api.database;
    expect(await db.selectFrom('join_requests').select(['status', 'reason', 'decided_by']).execute()).toEqual([{ status: 'declined', reason: 'A equipe está completa.', decided_by: MEMBER.id }]);
  });

  it('a request another leader decided meanwhile: the dialog says so, and the list drops it', async () => {
    const { portal, network } = await openWith(MEMBER);
    const id = await anaAsks(portal, network);
    renderWithProviders(<LeaderJoinRequests />);
    const list = await screen.findByRole('list', { name: 'Pedidos para servir' });
    await userEvent.click(within(list).getByRole('button', { name: 'Aprovar Ana Souza: Louvor · Sede' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aprovar Ana Souza' });
    await (await portal.agentOf(ADMIN)).post(`/api/join-requests/${id}/decline`).send({ reason: 'Já conversei com ela.' }).expect(200);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aprovar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Este pedido já foi recusado.');
    expect(await screen.findByText('Nenhum pedido aguardando resposta nas equipes que você lidera.')).toBeInTheDocument();
  });

  it('the member sees each state: Aguardando, Aprovado, and Recusado with the reason', async () => {
    const { portal, network } = await openWith(ANA);
    const sede = await anaAsks(portal, network);
    const leader = await portal.agentOf(MEMBER);
    await leader.post(`/api/join-requests/${sede}/decline`).send({ reason: 'Fale com o pastor primeiro.' }).expect(200);
    const admin = await portal.agentOf(ADMIN);
    const agent = await portal.agentOf(ANA);
    const filial = await agent.post('/api/me/join-requests').send({ church_id: network.churchId('Filial Norte'), department_id: network.departmentId('Infantil'), positions: [] }).expect(201);
    await admin.post(`/api/join-requests/${filial.body.id}/approve`).send({ positions: [network.positionId('Infantil', 'Professor')] }).expect(200);
    await agent.post('/api/me/join-requests').send({ church_id: network.churchId('Filial Norte'), department_id: network.departmentId('Louvor'), positions: [] }).expect(201);

    renderWithProviders(<ServeSection />);
    const mine = await screen.findByRole('list', { name: 'Meus pedidos' });
    const items = within(mine).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/^(Aguardando|Aprovado|Recusado)$/).textContent)).toEqual(['Aguardando', 'Aprovado', 'Recusado']);
    expect(items[2]).toHaveTextContent('Louvor · Sede — Vocal');
    expect(items[2]).toHaveTextContent('Motivo: Fale com o pastor primeiro.');
    expect(items[1]).toHaveTextContent(/^Infantil · Filial Norte · pedido em/);
  });

  it('shows nothing to decide for someone who leads no team', async () => {
    const { portal } = await openWith(ANA);
    renderWithProviders(<LeaderJoinRequests />);
    await waitFor(() => expect(portal.count('/api/me/teams')).toBe(1));
    await portal.settled();
    expect(screen.queryByRole('heading', { name: 'Pedidos para servir' })).toBeNull();
    expect(portal.count('/api/join-requests')).toBe(0);
  });

  it('/equipes: a member finds "Quero servir" there; the team’s leader finds the requests to decide, by keyboard alone', async () => {
    const { portal, network } = await openWith(MEMBER);
    await anaAsks(portal, network);
    const { user } = renderApp('/equipes');
    const requests = await screen.findByRole('region', { name: 'Pedidos para servir' });
    expect(screen.getByRole('region', { name: 'Quero servir' })).toBeInTheDocument();
    const approve = await within(requests).findByRole('button', { name: 'Aprovar Ana Souza: Louvor · Sede' });
    approve.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Aprovar Ana Souza' });
    const bateria = await within(dialog).findByRole('checkbox', { name: 'Bateria' });
    bateria.focus();
    await user.keyboard(' ');
    expect(bateria).toBeChecked();
    await user.tab();
    expect(document.activeElement).not.toBe(document.body);
    within(dialog).getByRole('button', { name: 'Aprovar' }).focus();
    await user.keyboard('{Enter}');
    expect(await within(requests).findByText('Ana Souza agora faz parte de Louvor · Sede.')).toBeInTheDocument();
  });

  it('/equipes for a member who leads nothing: "Quero servir" and their requests, no leader section', async () => {
    const { portal, network } = await openWith(ANA);
    await anaAsks(portal, network);
    renderApp('/equipes');
    const serve = await screen.findByRole('region', { name: 'Quero servir' });
    expect(await within(serve).findByRole('list', { name: 'Meus pedidos' })).toHaveTextContent('Louvor · Sede — Vocal');
    await portal.settled();
    expect(screen.queryByRole('region', { name: 'Pedidos para servir' })).toBeNull();
  });
});
