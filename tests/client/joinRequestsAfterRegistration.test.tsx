import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, EVENTS, freezeNow, MEMBER } from './support/fixtures.ts';
import { seedNetwork } from './support/networkSeed.ts';
import { openPortal } from './support/realApi.ts';
import { renderApp } from './support/renderWithProviders.tsx';

/**
 * docs/product.md §13, "registration that asks where you serve": right after creating an account the page offers the
 * join request at once ("Onde você serve?"), skippable; signing in, or a visitor's page, never shows it.
 */
async function openNetwork() {
  const portal = await openPortal({ events: EVENTS });
  await seedNetwork(portal, {
    churches: [{ name: 'Sede', city: 'São Paulo' }],
    positions: { Louvor: ['Vocal', 'Bateria'] },
    teamMembers: [{ church: 'Sede', department: 'Louvor', member: MEMBER, leader: true, positions: ['Vocal'] }],
  });
  return portal;
}

async function register(user: ReturnType<typeof renderApp>['user'], email: string) {
  await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
  const form = screen.getByRole('form', { name: 'Criar conta' });
  await user.type(within(form).getByLabelText('Nome'), 'Joana Dias');
  await user.type(within(form).getByLabelText('Email de cadastro'), email);
  await user.type(within(form).getByLabelText('Senha de cadastro'), 'uma senha longa');
  await user.click(within(form).getByRole('button', { name: 'Cadastrar' }));
}

describe('"Onde você serve?" after registering (issue 23)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('offers the join request on the page the new member lands on; sent, the team’s leader is told; "Continuar" closes it', async () => {
    const portal = await openNetwork();
    const { user, router } = renderApp('/login');
    await register(user, 'joana@example.org');
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    const welcome = await screen.findByRole('region', { name: 'Onde você serve?' });
    await waitFor(() => expect(within(welcome).getByRole('heading', { name: 'Onde você serve?' })).toHaveFocus());

    await within(welcome).findByRole('option', { name: 'Sede (São Paulo)' });
    await user.selectOptions(within(welcome).getByRole('combobox', { name: 'Igreja' }), 'Sede (São Paulo)');
    await user.selectOptions(within(welcome).getByRole('combobox', { name: 'Departamento' }), 'Louvor');
    await user.click(await within(welcome).findByRole('checkbox', { name: 'Bateria' }));
    await user.click(within(welcome).getByRole('button', { name: 'Enviar pedido' }));
    expect(await within(welcome).findByText(/^Pedido enviado para Louvor · Sede\./)).toBeInTheDocument();

    const { db } = portal.api.database;
    const joana = await db.selectFrom('users').select('id').where('email', '=', 'joana@example.org').executeTakeFirstOrThrow();
    expect(await db.selectFrom('join_requests').select(['user_id', 'status']).execute()).toEqual([{ user_id: joana.id, status: 'pending' }]);
    const told = await db.selectFrom('outbox').select('recipient_id').where('kind', '=', 'join_requested').orderBy('recipient_id').execute();
    expect(told).toEqual([{ recipient_id: MEMBER.id }, { recipient_id: ADMIN.id }]);

    await user.click(within(welcome).getByRole('button', { name: 'Continuar' }));
    expect(screen.queryByRole('region', { name: 'Onde você serve?' })).toBeNull();
    // The events page itself is there as before.
    expect(screen.getByRole('tablist', { name: 'Eventos' })).toBeInTheDocument();
  });

  it('once sent, its link to Equipes closes it and opens the page with "Meus pedidos"', async () => {
    await openNetwork();
    const { user, router } = renderApp('/login');
    await register(user, 'jonas@example.org');
    const welcome = await screen.findByRole('region', { name: 'Onde você serve?' });
    await within(welcome).findByRole('option', { name: 'Sede (São Paulo)' });
    await user.selectOptions(within(welcome).getByRole('combobox', { name: 'Igreja' }), 'Sede (São Paulo)');
    await user.selectOptions(within(welcome).getByRole('combobox', { name: 'Departamento' }), 'Louvor');
    await user.click(within(welcome).getByRole('button', { name: 'Enviar pedido' }));
    await user.click(await within(welcome).findByRole('link', { name: 'Equipes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/equipes'));
    expect(screen.queryByRole('region', { name: 'Onde você serve?' })).toBeNull();
    const mine = await screen.findByRole('list', { name: 'Meus pedidos' });
    expect(within(mine).getByRole('listitem')).toHaveTextContent(/^Louvor · Sede · pedido em .*Aguardando$/);
  });

  it('"Agora não" skips it: nothing is sent, and it does not come back', async () => {
    const portal = await openNetwork();
    const { user } = renderApp('/login');
    await register(user, 'joao@example.org');
    const welcome = await screen.findByRole('region', { name: 'Onde você serve?' });
    await user.click(within(welcome).getByRole('button', { name: 'Agora não' }));
    expect(screen.queryByRole('region', { name: 'Onde você serve?' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Eventos' }));
    expect(screen.queryByRole('region', { name: 'Onde você serve?' })).toBeNull();
    expect(portal.writes().map((write) => write.path)).toEqual(['/api/auth/register']);
  });

  it('is not shown on signing in, nor to a visitor', async () => {
    const portal = await openNetwork();
    const { user, router } = renderApp('/login');
    // The visitor's page asks nothing more than before (docs/product.md §1): no teams, churches or requests.
    await portal.settled();
    expect(portal.specPaths().filter((path) => !path.startsWith('/api/events'))).toEqual([]);
    const login = screen.getByRole('form', { name: 'Login' });
    await user.type(within(login).getByLabelText('Email de login'), MEMBER.email);
    await user.type(within(login).getByLabelText('Senha de login'), MEMBER.password);
    await user.click(within(login).getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    await portal.settled();
    expect(screen.queryByRole('region', { name: 'Onde você serve?' })).toBeNull();
    expect(portal.count('/api/me/join-requests')).toBe(0);
  });
});
