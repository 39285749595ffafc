import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, EVENTS, freezeNow } from './support/fixtures.ts';
import { seedNetwork } from './support/networkSeed.ts';
import { openPortal } from './support/realApi.ts';
import { renderApp } from './support/renderWithProviders.tsx';

async function openAdmin() {
  const portal = await openPortal({ events: EVENTS, signedIn: ADMIN });
  const network = await seedNetwork(portal, {
    churches: [{ name: 'Sede', city: 'São Paulo' }, { name: 'Congregação Norte' }],
    positions: { Louvor: ['Vocal', 'Bateria'] },
  });
  const rendered = renderApp('/rede');
  await screen.findByRole('heading', { name: 'Gestão da rede', level: 1 });
  return { portal, network, ...rendered };
}

describe('Gestão da rede renames and deletes (issue 21, item 7)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('a church is renamed and its city changed; an unused one deleted; the lists follow', async () => {
    const { user, portal } = await openAdmin();
    const churches = screen.getByRole('region', { name: 'Igrejas' });
    await user.click(await within(churches).findByRole('button', { name: 'Editar Congregação Norte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar a igreja Congregação Norte' });
    const name = within(dialog).getByLabelText('Nome da igreja');
    await user.clear(name);
    await user.type(name, 'Igreja Zona Norte');
    await user.type(within(dialog).getByLabelText('Cidade'), 'São Paulo');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(churches).findByText('Igreja Zona Norte')).toBeInTheDocument();
    expect(await screen.findByText('Igreja salva: Igreja Zona Norte.')).toBeInTheDocument();

    await user.click(within(churches).getByRole('button', { name: 'Excluir Igreja Zona Norte' }));
    const confirm = await screen.findByRole('dialog', { name: 'Excluir a igreja Igreja Zona Norte' });
    await user.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(within(churches).queryByText('Igreja Zona Norte')).toBeNull());
    expect(portal.writes().map((write) => `${write.method} ${write.path}`).slice(-2)).toEqual([
      expect.stringMatching(/^PATCH \/api\/churches\/\d+$/),
      expect.stringMatching(/^DELETE \/api\/churches\/\d+$/),
    ]);
  });

  it('a position in use is not deleted: the dialog shows what uses it and stays open', async () => {
    const { user, portal } = await openAdmin();
    const sede = (await portal.api.database.db.selectFrom('churches').select('id').where('name', '=', 'Sede').executeTakeFirstOrThrow()).id;
    const louvor = (await portal.api.database.db.selectFrom('departments').select('id').where('name', '=', 'Louvor').executeTakeFirstOrThrow()).id;
    const vocal = (await portal.api.database.db.selectFrom('positions').select('id').where('name', '=', 'Vocal').executeTakeFirstOrThrow()).id;
    await (await portal.agentOf(ADMIN)).put(`/api/teams/${sede}/${louvor}/members/${ADMIN.id}`).send({ positions: [vocal] }).expect(200);

    const departments = screen.getByRole('region', { name: 'Departamentos e funções' });
    await user.click(await within(departments).findByRole('button', { name: 'Excluir Vocal (Louvor)' }));
    const confirm = await screen.findByRole('dialog', { name: 'Excluir a função Vocal (Louvor)' });
    await user.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    expect(await within(confirm).findByText('A função Vocal não pode ser excluído(a): ainda tem 1 pessoa que a exerce.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Excluir a função Vocal (Louvor)' })).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Voltar' }));
    expect(within(departments).getByText('Vocal')).toBeInTheDocument();
  });
});
