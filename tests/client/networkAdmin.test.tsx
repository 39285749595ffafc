import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EventsState } from '../../client/features/events/eventsSlice.ts';
import { ADMIN, ANA, EVENTS, freezeNow, LEADER, MEMBER, type Person } from './support/fixtures.ts';
import { seedNetwork } from './support/networkSeed.ts';
import { openPortal } from './support/realApi.ts';
import { renderApp } from './support/renderWithProviders.tsx';

async function openAdmin(route = '/rede') {
  const portal = await openPortal({ events: EVENTS, signedIn: ADMIN });
  const network = await seedNetwork(portal, {
    churches: [{ name: 'Sede', city: 'São Paulo' }],
    positions: { Louvor: ['Vocal', 'Bateria'] },
  });
  const rendered = renderApp(route);
  await screen.findByRole('heading', { name: 'Gestão da rede', level: 1 });
  return { portal, network, ...rendered };
}

function section(name: string) {
  return screen.getByRole('region', { name });
}

describe('the network’s admin screens (issue 15)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('asks a visitor to sign in ("Entre para continuar", issue 21) and asks nothing but the session', async () => {
    const portal = await openPortal({ events: EVENTS });
    renderApp('/rede');
    expect(await screen.findByRole('heading', { name: 'Entre para continuar', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Entrar na conta' })).toHaveAttribute('href', '/login?next=/rede');
    await portal.settled();
    expect(portal.paths()).toEqual(['/api/auth/me']);
  });

  it('a leader is told who manages the network, and the navigation offers it only to admins', async () => {
    await openPortal({ events: EVENTS, signedIn: LEADER });
    renderApp('/rede');
    expect(await screen.findByRole('note')).toHaveTextContent('A gestão da rede (igrejas, departamentos, equipes e papéis) é feita pelos administradores.');
    const nav = screen.getByRole('navigation', { name: 'Navegação principal' });
    expect(within(nav).queryByRole('link', { name: 'Gestão da rede' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Lacunas' })).toHaveAttribute('href', '/escalas/lacunas');
  });

  it('creates a church with its city, says so, and shows the API’s message for a duplicate', async () => {
    const { portal, user } = await openAdmin();
    const churches = section('Igrejas');
    expect(await within(churches).findByText('Sede')).toBeInTheDocument();
    const form = within(churches).getByRole('form', { name: 'Nova igreja' });
    // Nothing is sent without a name.
    await user.click(within(form).getByRole('button', { name: 'Criar igreja' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Informe o nome da igreja.');
    expect(portal.writes()).toEqual([]);

    await user.type(within(form).getByLabelText('Nome da igreja'), 'Campinas Centro');
    await user.type(within(form).getByLabelText('Cidade'), 'Campinas');
    await user.click(within(form).getByRole('button', { name: 'Criar igreja' }));
    // The status line is always in the form (a live region must exist before its text changes): wait for its text.
    await waitFor(() => expect(within(form).getByRole('status')).toHaveTextContent('Igreja criada: Campinas Centro.'));
    expect(portal.writes()).toEqual([{ method: 'POST', path: '/api/churches', body: { name: 'Campinas Centro', city: 'Campinas' } }]);
    expect(await within(churches).findByText('Campinas Centro')).toBeInTheDocument();
    expect(within(form).getByLabelText('Nome da igreja')).toHaveValue('');

    await user.type(within(form).getByLabelText('Nome da igreja'), ' sede ');
    await user.click(within(form).getByRole('button', { name: 'Criar igreja' }));
    const alert = await within(form).findByRole('alert');
    // The API's pt-BR message, whatever its words: not the screen's fallback.
    expect(alert.textContent).not.toBe('');
    expect(alert).not.toHaveTextContent('Não foi possível salvar. Tente novamente.');
  });

  it('creates a department and adds positions to it', async () => {
    const { portal, user } = await openAdmin();
    const departments = section('Departamentos e funções');
    const louvor = await within(departments).findByRole('listitem', { name: 'Louvor' });
    // Each position with its Editar and Excluir (issue 21, item 7).
    const louvorPositions = await within(louvor).findByRole('list', { name: 'Funções de Louvor' });
    expect(within(louvorPositions).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['BateriaEditarExcluir', 'VocalEditarExcluir']);

    const form = within(departments).getByRole('form', { name: 'Novo departamento' });
    await user.type(within(form).getByLabelText('Nome do departamento'), 'Som');
    await user.click(within(form).getByRole('button', { name: 'Criar departamento' }));
    await waitFor(() => expect(within(form).getByRole('status')).toHaveTextContent('Departamento criado: Som.'));
    const som = await within(departments).findByRole('listitem', { name: 'Som' });
    expect(await within(som).findByText('Nenhuma função ainda.')).toBeInTheDocument();

    const positionForm = within(som).getByRole('form', { name: 'Nova função em Som' });
    await user.type(within(positionForm).getByLabelText('Nova função em Som'), 'Mesa');
    await user.click(within(positionForm).getByRole('button', { name: 'Adicionar função' }));
    await waitFor(() => expect(within(positionForm).getByRole('status')).toHaveTextContent('Função adicionada em Som: Mesa.'));
    expect(await within(som).findByRole('list', { name: 'Funções de Som' })).toHaveTextContent('Mesa');
    const [, addPosition] = portal.writes();
    expect(addPosition).toEqual({ method: 'POST', path: expect.stringMatching(/^\/api\/departments\/\d+\/positions$/), body: { name: 'Mesa' } });
  });

  it('creates an event type', async () => {
    const { portal, user } = await openAdmin();
    const types = section('Tipos de evento');
    const form = within(types).getByRole('form', { name: 'Novo tipo de evento' });
    await user.type(within(form).getByLabelText('Nome do tipo'), 'Batismo');
    await user.click(within(form).getByRole('button', { name: 'Criar tipo' }));
    await waitFor(() => expect(within(form).getByRole('status')).toHaveTextContent('Tipo de evento criado: Batismo.'));
    expect(await within(types).findByText('Batismo')).toBeInTheDocument();
    expect(portal.writes()).toEqual([{ method: 'POST', path: '/api/event-types', body: { name: 'Batismo' } }]);
  });

  it('adds a member to a team with positions as its leader, changes them, and removes them', async () => {
    const { portal, network, user } = await openAdmin();
    const teams = section('Equipes');
    await within(teams).findByRole('option', { name: 'Sede' });
    await within(teams).findByRole('option', { name: 'Louvor' });
    await user.selectOptions(within(teams).getByLabelText('Igreja da equipe'), 'Sede');
    await user.selectOptions(within(teams).getByLabelText('Departamento da equipe'), 'Louvor');
    expect(await within(teams).findByText('Ninguém nesta equipe ainda.')).toBeInTheDocument();

    const form = within(teams).getByRole('form', { name: 'Adicionar à equipe' });
    const person = within(form).getByLabelText('Pessoa');
    await user.type(person, ANA.email);
    await user.click(await within(form).findByRole('checkbox', { name: 'Vocal' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Líder da equipe' }));
    await user.click(within(form).getByRole('button', { name: 'Adicionar à equipe' }));

    const team = `/api/teams/${network.churchId('Sede')}/${network.departmentId('Louvor')}/members`;
    await waitFor(() =>
      expect(portal.writes()).toEqual([{ method: 'PUT', path: `${team}/${ANA.id}`, body: { positions: [network.positionId('Louvor', 'Vocal')], leader: true } }]),
    );
    const members = await within(teams).findByRole('list', { name: 'Membros da equipe Louvor — Sede' });
    const ana = within(members).getByRole('listitem', { name: 'Ana Souza' });
    expect(ana).toHaveTextContent('Líder da equipe');
    expect(ana).toHaveTextContent('Vocal');
    expect(screen.getByText('Ana Souza entrou na equipe Louvor — Sede.')).toBeInTheDocument();

    await user.click(within(ana).getByRole('button', { name: 'Editar Ana Souza' }));
    await user.click(within(ana).getByRole('checkbox', { name: 'Bateria' }));
    await user.click(within(ana).getByRole('checkbox', { name: 'Líder da equipe' }));
    await user.click(within(ana).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(within(ana).getByText('Bateria, Vocal')).toBeInTheDocument());
    expect(within(ana).queryByText('Líder da equipe')).toBeNull();
    expect(portal.writes().at(-1)).toEqual({
      method: 'PUT',
      path: `${team}/${ANA.id}`,
      body: { positions: [network.positionId('Louvor', 'Vocal'), network.positionId('Louvor', 'Bateria')], leader: false },
    });

    await user.click(within(ana).getByRole('button', { name: 'Remover Ana Souza da equipe' }));
    expect(await within(teams).findByText('Ninguém nesta equipe ainda.')).toBeInTheDocument();
    expect(portal.writes().at(-1)).toEqual({ method: 'DELETE', path: `${team}/${ANA.id}` });
    expect(screen.getByText('Ana Souza saiu da equipe.')).toBeInTheDocument();
  });

  it('refuses a person who is not in the list, without a call', async () => {
    const { portal, user } = await openAdmin();
    const teams = section('Equipes');
    await within(teams).findByRole('option', { name: 'Sede' });
    await within(teams).findByRole('option', { name: 'Louvor' });
    await user.selectOptions(within(teams).getByLabelText('Igreja da equipe'), 'Sede');
    await user.selectOptions(within(teams).getByLabelText('Departamento da equipe'), 'Louvor');
    const form = await within(teams).findByRole('form', { name: 'Adicionar à equipe' });
    await user.type(within(form).getByLabelText('Pessoa'), 'ninguém');
    await user.click(within(form).getByRole('button', { name: 'Adicionar à equipe' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Escolha uma pessoa da lista (pelo nome ou e-mail).');
    expect(portal.writes()).toEqual([]);
  });

  it('changes a person’s role', async () => {
    const { portal, user } = await openAdmin();
    const people = section('Pessoas e papéis');
    await user.type(within(people).getByLabelText('Buscar pessoa'), 'Marcos');
    const found = await within(people).findByRole('list', { name: 'Pessoas encontradas' });
    await waitFor(() => expect(within(found).getAllByRole('listitem')).toHaveLength(1));
    const marcos = within(found).getByRole('listitem', { name: MEMBER.name });
    await user.selectOptions(within(marcos).getByLabelText('Papel'), 'Líder (toda a rede)');
    await user.click(within(marcos).getByRole('button', { name: 'Alterar o papel de Marcos Membro' }));
    await waitFor(() => expect(within(marcos).getByRole('status')).toHaveTextContent('Papel de Marcos Membro: Líder (toda a rede).'));
    expect(portal.writes()).toEqual([{ method: 'PATCH', path: `/api/users/${MEMBER.id}`, body: { role: 'leader' } }]);
  });

  describe('a department nobody created yet, typed in the allocation dialog', () => {
    const LEADER_VIEW: EventsState = { tab: 'leaderView', detailsEventId: null, selectedDay: null, allocationEvent: null };

    async function allocateInUnknownDepartment(person: Person) {
      await openPortal({ events: EVENTS, signedIn: person });
      const rendered = renderApp('/events', { preloadedState: { events: LEADER_VIEW } });
      const list = await screen.findByRole('list', { name: 'Escala de membros' });
      await rendered.user.click(list.querySelector<HTMLElement>('[data-event-id="9"]')!);
      const dialog = await screen.findByRole('dialog', { name: 'Allocate Member to Event' });
      await rendered.user.type(within(dialog).getByLabelText('Department'), 'Som');
      await rendered.user.type(within(dialog).getByLabelText('Member'), ANA.email);
      await rendered.user.click(within(dialog).getByRole('button', { name: 'Submit' }));
      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent('Departamento não encontrado.');
      return { ...rendered, alert };
    }

    it('offers an admin the way to create it, with the name filled in', async () => {
      const { alert, user, router } = await allocateInUnknownDepartment(ADMIN);
      const link = within(alert).getByRole('link', { name: 'Criar o departamento “Som” na Gestão da rede' });
      expect(link).toHaveAttribute('href', '/rede?departamento=Som#departamentos');
      await user.click(link);
      expect(router.state.location.pathname).toBe('/rede');
      const form = await screen.findByRole('form', { name: 'Novo departamento' });
      expect(within(form).getByLabelText('Nome do departamento')).toHaveValue('Som');
      await waitFor(() => expect(within(form).getByLabelText('Nome do departamento')).toHaveFocus());
    });

    it('tells a leader that administrators create departments', async () => {
      const { alert } = await allocateInUnknownDepartment(LEADER);
      expect(alert).toHaveTextContent('Só um administrador da rede cria departamentos: peça a um deles para criar “Som”, ou escolha um departamento da lista.');
      expect(within(alert).queryByRole('link')).toBeNull();
    });
  });
});
