import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ANA, freezeNow, MEMBER, NOW } from './support/fixtures.ts';
import { seedNetwork } from './support/networkSeed.ts';
import { openPortal, type PortalSeed } from './support/realApi.ts';
import { renderApp } from './support/renderWithProviders.tsx';

/**
 * docs/product.md §13 on the screens, against the real API: Marcos leads Sede's Louvor (Vocal, Bateria). On /equipes
 * he makes invitation links and e-mail invitations; /equipe?convite=<token> brings a new person in.
 */
async function openWith(signedIn: PortalSeed['signedIn']) {
  const portal = await openPortal({ signedIn });
  const network = await seedNetwork(portal, {
    churches: [{ name: 'Sede', city: 'São Paulo' }],
    positions: { Louvor: ['Vocal', 'Bateria'] },
    teamMembers: [{ church: 'Sede', department: 'Louvor', member: MEMBER, leader: true, positions: ['Vocal'] }],
  });
  return { portal, network, team: `teams/${network.churchId('Sede')}/${network.departmentId('Louvor')}` };
}

describe('team invitations on the screens (issue 23)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('a team leader makes a link (Vocal, 2 uses), shares it on WhatsApp, sees it listed, and cancels it', async () => {
    const { portal } = await openWith(MEMBER);
    renderApp('/equipes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Equipes' })).toBeInTheDocument();
    // His one team is chosen at once; its members are listed with their positions.
    const members = await screen.findByRole('list', { name: 'Membros da equipe Louvor — Sede' });
    expect(within(members).getByText('Vocal')).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Novo link de convite' });
    await userEvent.click(await within(form).findByRole('checkbox', { name: 'Vocal' }));
    await userEvent.type(within(form).getByRole('spinbutton', { name: 'Limite de usos (opcional)' }), '2');
    await userEvent.click(within(form).getByRole('button', { name: 'Criar link' }));

    const url = (await screen.findByRole('textbox', { name: 'Link criado: Louvor · Sede — Vocal' })) as HTMLInputElement;
    expect(url.value).toMatch(/\/equipe\?convite=[A-Za-z0-9_-]{43}$/);
    await waitFor(() => expect(url).toHaveFocus());
    const share = screen.getByRole('link', { name: 'Compartilhar no WhatsApp' });
    expect(share.getAttribute('href')).toBe(
      `https://wa.me/?text=${encodeURIComponent(`Você está convidado(a) para servir na equipe Louvor · Sede — Vocal. Entre na equipe por este link: ${url.value}`)}`,
    );
    const links = await screen.findByRole('list', { name: 'Links de convite da equipe' });
    const item = await within(links).findByText('Vocal · Ativo');
    expect(within(item.closest('li')!).getByText(/0 de 2 usos$/)).toBeInTheDocument();

    await userEvent.click(within(links).getByRole('button', { name: 'Cancelar o link (Vocal)' }));
    expect(await within(links).findByText('Vocal · Cancelado')).toBeInTheDocument();
    const row = await portal.api.database.db.selectFrom('invite_links').select(['max_uses', 'revoked_at']).executeTakeFirstOrThrow();
    expect(row).toEqual({ max_uses: 2, revoked_at: NOW.toISOString() });
  });

  it('e-mail invitations: a line without an e-mail is named; the pasted people are invited, listed pending, and one is cancelled', async () => {
    const { portal } = await openWith(MEMBER);
    renderApp('/equipes');
    const form = await screen.findByRole('form', { name: 'Novos convites por e-mail' });
    const people = within(form).getByRole('textbox', { name: 'Pessoas (uma por linha: nome e e-mail)' });
    await userEvent.type(people, 'Bia Borges, bia@example.org{enter}Caio sem e-mail');
    await userEvent.click(within(form).getByRole('button', { name: 'Enviar convites' }));
    expect(await within(form).findByText('Linha 2: informe o e-mail.')).toBeInTheDocument();
    expect(people).toHaveFocus();

    await userEvent.type(people, ' <caio@example.org>');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Bateria' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Enviar convites' }));
    expect(await screen.findByText('2 convites enviados.')).toBeInTheDocument();

    const list = await screen.findByRole('list', { name: 'Convites por e-mail da equipe' });
    expect(await within(list).findByText('Bia Borges · Pendente')).toBeInTheDocument();
    expect(within(list).getByText('Caio sem e-mail · Pendente')).toBeInTheDocument();
    const { db } = portal.api.database;
    expect(await db.selectFrom('invitations').select(['name', 'email', 'status']).orderBy('email').execute()).toEqual([
      { name: 'Bia Borges', email: 'bia@example.org', status: 'pending' },
      { name: 'Caio sem e-mail', email: 'caio@example.org', status: 'pending' },
    ]);
    expect(await db.selectFrom('outbox').select('kind').where('kind', '=', 'team_invitation').execute()).toHaveLength(2);

    // Sent a moment ago: a re-send is refused with the API's pt-BR reason.
    await userEvent.click(within(list).getByRole('button', { name: 'Reenviar o convite de caio@example.org' }));
    expect(await within(list).findByText(/menos de uma hora/)).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: 'Cancelar o convite de caio@example.org' }));
    expect(await within(list).findByText('Caio sem e-mail · Cancelado')).toBeInTheDocument();
  });

  it('someone who leads no team is told so', async () => {
    await openWith(ANA);
    renderApp('/equipes');
    expect(await screen.findByRole('note')).toHaveTextContent('Você ainda não lidera nenhuma equipe.');
  });

  it('/equipe?convite=: a visitor sees the team, creates the account and joins in one step', async () => {
    const { portal, team } = await openWith(undefined);
    const leader = await portal.agentOf(MEMBER);
    const vocal = (await portal.api.database.db.selectFrom('positions').select('id').where('name', '=', 'Vocal').executeTakeFirstOrThrow()).id;
    const created = await leader.post(`/api/${team}/invite-links`).send({ positions: [vocal], expires_in_days: 7 }).expect(201);
    const path = new URL(created.body.url as string).pathname + new URL(created.body.url as string).search;

    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Convite para a equipe Louvor · Sede' })).toBeInTheDocument();
    // The token is out of the address (and so of the history) as soon as it is read.
    expect(router.state.location.pathname).toBe('/equipe');
    expect(router.state.location.search).toBe('');
    expect(screen.getByText('Igreja').nextSibling).toHaveTextContent('Sede');
    expect(screen.getByText('Funções').nextSibling).toHaveTextContent('Vocal');
    // Opening the page joined no one.
    expect((await portal.api.database.db.selectFrom('invite_links').select('uses').executeTakeFirstOrThrow()).uses).toBe(0);

    // The form for a visitor comes once the session's answer is drawn (a deferred render, kit/session/useSession.ts).
    const form = await screen.findByRole('form', { name: 'Crie sua conta e entre na equipe' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Nome' }), 'Nora Nova');
    await userEvent.type(within(form).getByRole('textbox', { name: 'E-mail' }), 'nora@example.org');
    await userEvent.type(within(form).getByLabelText('Senha'), 'uma-senha-bem-forte');
    await userEvent.click(within(form).getByRole('button', { name: 'Criar conta e entrar na equipe' }));
    const done = await screen.findByRole('heading', { level: 1, name: 'Você faz parte da equipe Louvor · Sede' });
    await waitFor(() => expect(done).toHaveFocus());
    const nora = await portal.api.database.db.selectFrom('users').select('id').where('email', '=', 'nora@example.org').executeTakeFirstOrThrow();
    const membership = await portal.api.database.db.selectFrom('team_members').select('user_id').where('user_id', '=', nora.id).execute();
    expect(membership).toHaveLength(1);
  });

  it('/equipe?convite=: signed in, "Entrar na equipe"; a revoked link says so in pt-BR', async () => {
    const { portal, team } = await openWith(ANA);
    const leader = await portal.agentOf(MEMBER);
    const created = await leader.post(`/api/${team}/invite-links`).send({ positions: [] }).expect(201);
    const url = new URL(created.body.url as string);
    const first = renderApp(url.pathname + url.search);
    await userEvent.click(await screen.findByRole('button', { name: 'Entrar na equipe' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Você faz parte da equipe Louvor · Sede' })).toBeInTheDocument();
    first.unmount();

    await leader.delete(`/api/invite-links/${created.body.id}`).expect(204);
    renderApp(url.pathname + url.search);
    expect(await screen.findByRole('heading', { level: 1, name: 'Convite indisponível' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Este link de convite não existe ou foi cancelado pela liderança.');
  });
  /** The personal link's token of the newest e-mail invitation to `email`, as its queued e-mail holds it. */
  async function invitationToken(portal: Awaited<ReturnType<typeof openWith>>['portal'], email: string): Promise<string> {
    const invitation = await portal.api.database.db.selectFrom('invitations').select('id').where('email', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const row = await portal.api.database.db.selectFrom('outbox').select('payload').where('dedupe_key', '=', `team_invitation:${invitation.id}:1`).executeTakeFirstOrThrow();
    return (JSON.parse(row.payload) as { secret: string }).secret;
  }

  it('/equipe?convite-email=: an existing account is offered the sign-in with its address, and joins on signing in', async () => {
    const { portal, team } = await openWith(undefined);
    const leader = await portal.agentOf(MEMBER);
    await leader.post(`/api/${team}/invitations`).send({ people: [{ name: 'Ana Souza', email: ANA.email }], positions: [] }).expect(201);
    renderApp(`/equipe?convite-email=${await invitationToken(portal, ANA.email)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Convite para a equipe Louvor · Sede' })).toBeInTheDocument();
    expect(screen.getByText('Convite para').nextSibling).toHaveTextContent(ANA.email);
    const form = await screen.findByRole('form', { name: 'Entre na sua conta e na equipe' });
    expect(screen.getByRole('button', { name: 'Já tenho conta' })).toHaveAttribute('aria-pressed', 'true');
    const email = within(form).getByRole('textbox', { name: 'E-mail' }) as HTMLInputElement;
    expect(email.value).toBe(ANA.email);
    expect(email).toHaveAttribute('readonly');
    await userEvent.type(within(form).getByLabelText('Senha'), ANA.password);
    await userEvent.click(within(form).getByRole('button', { name: 'Entrar e participar da equipe' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Você faz parte da equipe Louvor · Sede' })).toBeInTheDocument();
    expect((await portal.api.database.db.selectFrom('invitations').select('status').executeTakeFirstOrThrow()).status).toBe('accepted');
  });

  it('/equipe?convite-email=: a new person registers with the invited address (they choose the password)', async () => {
    const { portal, team } = await openWith(undefined);
    const leader = await portal.agentOf(MEMBER);
    await leader.post(`/api/${team}/invitations`).send({ people: [{ name: 'Olga Nova', email: 'olga@example.org' }], positions: [] }).expect(201);
    renderApp(`/equipe?convite-email=${await invitationToken(portal, 'olga@example.org')}`);
    const form = await screen.findByRole('form', { name: 'Crie sua conta e entre na equipe' });
    expect((within(form).getByRole('textbox', { name: 'E-mail' }) as HTMLInputElement).value).toBe('olga@example.org');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Nome' }), 'Olga Nova');
    await userEvent.type(within(form).getByLabelText('Senha'), 'uma-senha-bem-forte');
    await userEvent.click(within(form).getByRole('button', { name: 'Criar conta e entrar na equipe' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Você faz parte da equipe Louvor · Sede' })).toBeInTheDocument();
    const olga = await portal.api.database.db.selectFrom('users').select('id').where('email', '=', 'olga@example.org').executeTakeFirstOrThrow();
    expect(await portal.api.database.db.selectFrom('team_members').select('user_id').where('user_id', '=', olga.id).execute()).toHaveLength(1);
  });
});
