import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, EVENTS, freezeNow, MEMBER } from './support/fixtures.ts';
import { openPortal } from './support/realApi.ts';
import { renderApp } from './support/renderWithProviders.tsx';

/** docs/product.md §11 on the screens: the account page's "Seus dados", and the admin's people list. */
describe('taking one’s data and leaving', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('the account page links the download and deletes the account after the password, then signs out and says so', async () => {
    const portal = await openPortal({ events: EVENTS, signedIn: MEMBER });
    const { user } = renderApp('/login');
    const data = await screen.findByRole('region', { name: 'Seus dados' });
    expect(within(data).getByRole('link', { name: 'Baixar meus dados' })).toHaveAttribute('href', '/api/me/export');

    await user.click(within(data).getByRole('button', { name: 'Excluir minha conta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir minha conta' });
    await user.click(within(dialog).getByRole('button', { name: 'Excluir minha conta' }));
    expect(await within(dialog).findByText('Informe sua senha.')).toBeInTheDocument();
    expect(portal.writes()).toEqual([]);

    await user.type(within(dialog).getByLabelText('Sua senha'), 'senha-errada-123');
    await user.click(within(dialog).getByRole('button', { name: 'Excluir minha conta' }));
    expect(await within(dialog).findByText('A senha está incorreta.')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Sua senha'));
    await user.type(within(dialog).getByLabelText('Sua senha'), MEMBER.password);
    await user.click(within(dialog).getByRole('button', { name: 'Excluir minha conta' }));
    expect(await screen.findByText('Sua conta foi excluída e seus dados pessoais foram apagados. Você saiu do portal.')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
    expect(portal.writes().map((write) => `${write.method} ${write.path}`)).toEqual(['DELETE /api/me', 'DELETE /api/me']);
    const row = await portal.api.database.db.selectFrom('users').select(['name', 'deleted_at']).where('id', '=', MEMBER.id).executeTakeFirstOrThrow();
    expect(row.name).toBe('Pessoa removida');
  });

  it('an admin exports a person’s data and removes their account from the people list', async () => {
    const portal = await openPortal({ events: EVENTS, signedIn: ADMIN });
    const { user } = renderApp('/rede');
    const people = await screen.findByRole('region', { name: 'Pessoas e papéis' });
    await user.type(within(people).getByLabelText('Buscar pessoa'), 'Marcos');
    const found = await within(people).findByRole('list', { name: 'Pessoas encontradas' });
    await waitFor(() => expect(within(found).getAllByRole('listitem')).toHaveLength(1));
    const marcos = within(found).getByRole('listitem', { name: MEMBER.name });
    expect(within(marcos).getByRole('link', { name: 'Exportar os dados de Marcos Membro' })).toHaveAttribute('href', `/api/users/${MEMBER.id}/export`);

    await user.click(within(marcos).getByRole('button', { name: 'Excluir a conta de Marcos Membro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir conta' });
    expect(within(dialog).getByText(MEMBER.email, { exact: false })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Excluir conta' }));
    expect(await screen.findByText('Conta de Marcos Membro excluída: os dados pessoais foram apagados.')).toBeInTheDocument();
    expect(await within(people).findByText('Ninguém encontrado.')).toBeInTheDocument();
    expect(portal.writes()).toEqual([{ method: 'DELETE', path: `/api/users/${MEMBER.id}`, body: undefined }]);
  });

  it('the last admin’s own removal is refused with the API’s message', async () => {
    await openPortal({ events: EVENTS, signedIn: ADMIN });
    const { user } = renderApp('/rede');
    const people = await screen.findByRole('region', { name: 'Pessoas e papéis' });
    await user.type(within(people).getByLabelText('Buscar pessoa'), 'Adriana');
    const found = await within(people).findByRole('list', { name: 'Pessoas encontradas' });
    await waitFor(() => expect(within(found).getAllByRole('listitem')).toHaveLength(1));
    await user.click(within(found).getByRole('button', { name: 'Excluir a conta de Adriana Admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir conta' });
    await user.click(within(dialog).getByRole('button', { name: 'Excluir conta' }));
    expect(await within(dialog).findByText(/última conta de administrador/)).toBeInTheDocument();
  });
});
