import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ANA, freezeNow, MEMBER } from './support/fixtures.ts';
import { seedNetwork } from './support/networkSeed.ts';
import { openPortal, type Portal } from './support/realApi.ts';
import { renderApp } from './support/renderWithProviders.tsx';

/** Marcos leads Louvor at Sede; Ana has an account; Filial is another church. */
async function openAsTeamLeader() {
  const portal = await openPortal({ signedIn: MEMBER });
  await seedNetwork(portal, {
    churches: [{ name: 'Sede', city: 'São Paulo' }, { name: 'Filial' }],
    positions: { Louvor: ['Vocal', 'Violão'] },
    teamMembers: [{ church: 'Sede', department: 'Louvor', member: MEMBER, leader: true, positions: ['Vocal'] }],
  });
  return portal;
}

/** What Excel in pt-BR saves as "CSV": semicolons, Windows-1252 bytes. */
const SPREADSHEET = [
  'Nome;E-mail;Igreja;Departamento;Telefone;Funções',
  `${ANA.name};${ANA.email};Sede;Louvor;;Vocal`,
  'Nova Pessoa;nova@import.test;Sede;Louvor;(11) 98765-4321;Violão',
  'Sem Arroba;erro@;Sede;Louvor;;',
  'Outra Igreja;outra@import.test;Filial;Louvor;;',
].join('\r\n');
const spreadsheetFile = () => new File([Buffer.from(SPREADSHEET, 'latin1')], 'equipe.csv', { type: 'text/csv' });

async function written(portal: Portal) {
  const { db } = portal.api.database;
  return {
    members: await db.selectFrom('team_members').select(['user_id', 'church_id']).where('user_id', '=', ANA.id).execute(),
    invitations: await db.selectFrom('invitations').select(['email', 'status']).execute(),
  };
}

describe('spreadsheet import on /equipes (issue 23, docs/product.md §13)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('previews row by row, writes nothing until "Importar", then shows what was done', async () => {
    const portal = await openAsTeamLeader();
    const { user } = renderApp('/equipes');
    const section = await screen.findByRole('region', { name: 'Importar planilha' });
    const input = within(section).getByLabelText('Planilha (.csv)');
    expect(input).toHaveAttribute('accept', '.csv,text/csv');

    await user.click(within(section).getByRole('button', { name: 'Ver prévia' }));
    expect(within(section).getByRole('alert')).toHaveTextContent('Escolha o arquivo .csv da planilha.');
    expect(input).toHaveFocus();

    await user.upload(input, spreadsheetFile());
    await user.click(within(section).getByRole('button', { name: 'Ver prévia' }));
    const heading = await within(section).findByRole('heading', { name: 'Prévia de equipe.csv' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(within(section).getByText('1 pessoa a convidar · 1 pessoa a adicionar à equipe · 0 linhas sem nada a fazer · 2 linhas com erro (serão ignoradas)')).toBeInTheDocument();
    const rows = within(within(section).getByRole('table')).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['2', ANA.email, 'Adicionar à equipe'],
      ['3', 'nova@import.test', 'Convidar'],
      ['4', 'erro@', 'Erro: E-mail inválido: «erro@».'],
      ['5', 'outra@import.test', 'Erro: Você só pode importar pessoas para as equipes que lidera (não lidera Louvor — Filial).'],
    ]);
    const errors = within(section).getByRole('list', { name: 'Linhas com erro' });
    expect(within(errors).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Linha 4 (erro@): E-mail inválido: «erro@».',
      'Linha 5 (outra@import.test): Você só pode importar pessoas para as equipes que lidera (não lidera Louvor — Filial).',
    ]);
    // The bytes went as they are, as text/csv, and the preview wrote nothing.
    const sent = portal.requests.filter((request) => request.path.startsWith('/api/teams/import'));
    expect(sent.map((request) => [request.method, request.path, request.headers.get('content-type')])).toEqual([['POST', '/api/teams/import?dry_run=true', 'text/csv']]);
    expect(await written(portal)).toEqual({ members: [], invitations: [] });

    await user.click(within(section).getByRole('button', { name: 'Importar' }));
    const done = await within(section).findByRole('heading', { name: 'Importação concluída' });
    await waitFor(() => expect(done).toHaveFocus());
    expect(within(section).getByText('1 pessoa convidada · 1 pessoa adicionada à equipe · 0 linhas sem nada a fazer · 2 linhas ignoradas por erro')).toBeInTheDocument();
    expect(within(section).getByRole('cell', { name: 'Adicionado à equipe' })).toBeInTheDocument();
    expect(within(section).getByRole('cell', { name: 'Convidado' })).toBeInTheDocument();
    const after = await written(portal);
    expect(after.members).toHaveLength(1);
    expect(after.invitations).toEqual([{ email: 'nova@import.test', status: 'pending' }]);

    await user.click(within(section).getByRole('button', { name: 'Importar outra planilha' }));
    await waitFor(() => expect(within(section).getByLabelText('Planilha (.csv)')).toHaveFocus());
  });

  it('says why a file cannot be imported, in the API\'s words, and goes no further', async () => {
    const portal = await openAsTeamLeader();
    const { user } = renderApp('/equipes');
    const section = await screen.findByRole('region', { name: 'Importar planilha' });
    await user.upload(within(section).getByLabelText('Planilha (.csv)'), new File(['nome;email\nAna;ana@x.test'], 'faltando.csv', { type: 'text/csv' }));
    await user.click(within(section).getByRole('button', { name: 'Ver prévia' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'O cabeçalho (linha 1) precisa das colunas nome, email, igreja, departamento; faltam: igreja, departamento.',
    );
    expect(within(section).queryByRole('button', { name: 'Importar' })).not.toBeInTheDocument();
    expect(await written(portal)).toEqual({ members: [], invitations: [] });
  });

  it('is not offered to someone who leads no team', async () => {
    await openPortal({ signedIn: ANA });
    renderApp('/equipes');
    expect(await screen.findByText(/Você ainda não lidera nenhuma equipe/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Importar planilha' })).not.toBeInTheDocument();
  });
});
