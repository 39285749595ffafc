import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, ANA, EVENTS, freezeNow, LEADER, MEMBER } from './support/fixtures.ts';
import { seedNetwork } from './support/networkSeed.ts';
import { openPortal, type PortalSeed } from './support/realApi.ts';
import { renderApp } from './support/renderWithProviders.tsx';

/**
 * The world of networkMatrix.test.tsx: Sede's Louvor team is led by Marcos (a `member`); Sunday's Culto (5) needs
 * a vocalist and a drummer, Monday's Vigília (7) two vocalists, Zona Norte's Conferência (9) a vocalist.
 */
async function openMatrix(signedIn: PortalSeed['signedIn']) {
  const portal = await openPortal({ events: EVENTS, signedIn, allocations: [{ event: 7, department: 'Louvor', member: LEADER }] });
  const network = await seedNetwork(portal, {
    churches: [{ name: 'Sede' }, { name: 'Zona Norte' }],
    positions: { Louvor: ['Vocal', 'Bateria'] },
    eventChurches: { 5: 'Sede', 7: 'Sede', 9: 'Zona Norte' },
    teamMembers: [
      { church: 'Sede', department: 'Louvor', member: MEMBER, leader: true },
      { church: 'Sede', department: 'Louvor', member: ANA, positions: ['Vocal'] },
      { church: 'Sede', department: 'Mídia', member: ADMIN, leader: true },
    ],
    needs: [
      { event: 5, department: 'Louvor', position: 'Vocal', count: 1 },
      { event: 5, department: 'Louvor', position: 'Bateria', count: 2 },
      { event: 7, department: 'Louvor', position: 'Vocal', count: 2 },
      { event: 9, department: 'Louvor', position: 'Vocal', count: 1 },
    ],
  });
  const rendered = renderApp('/escalas/lacunas');
  await screen.findByRole('grid', { name: 'Lacunas por evento e função' });
  return { portal, network, ...rendered };
}

async function openEditor(user: Awaited<ReturnType<typeof openMatrix>>['user'], event: RegExp) {
  await user.click(screen.getByRole('button', { name: event }));
  const dialog = await screen.findByRole('dialog', { name: 'Necessidades' });
  // Prefilled once the needs and every department's positions are known.
  await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Salvar' })).toBeEnabled());
  return dialog;
}

describe('the needs editor of the gap matrix (issue 15)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('a team leader edits their department’s needs, prefilled; Save sends them all and the matrix follows', async () => {
    const { portal, network, user } = await openMatrix(MEMBER);
    const dialog = await openEditor(user, /^Necessidades: Culto/);
    expect(portal.paths()).toContain('/api/events/5/needs');
    // Only Louvor: Mídia at the Sede is not Marcos's team.
    expect(within(dialog).getAllByRole('group').map((group) => group.querySelector('legend')!.textContent)).toEqual(['Louvor', 'Aplicar a']);
    const louvor = within(dialog).getByRole('group', { name: 'Louvor' });
    expect(within(louvor).getByLabelText('Qualquer função')).toHaveValue(0);
    expect(within(louvor).getByLabelText('Bateria')).toHaveValue(2);
    expect(within(louvor).getByLabelText('Vocal')).toHaveValue(1);
    expect(within(dialog).getByLabelText('Só este evento')).toBeChecked();

    await user.clear(within(louvor).getByLabelText('Vocal'));
    await user.type(within(louvor).getByLabelText('Vocal'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Necessidades' })).toBeNull());
    const louvorId = network.departmentId('Louvor');
    expect(portal.writes()).toEqual([
      {
        method: 'PUT',
        path: '/api/events/5/needs',
        body: [
          { department_id: louvorId, position_id: null, count: 0 },
          { department_id: louvorId, position_id: network.positionId('Louvor', 'Bateria'), count: 2 },
          { department_id: louvorId, position_id: network.positionId('Louvor', 'Vocal'), count: 3 },
        ],
      },
    ]);
    expect(await screen.findByText('Necessidades salvas.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: /^\d+\/\d+ [^—]+ — Louvor — Vocal, Culto/ })).toHaveTextContent('0/3'));
  });

  it('a leader sees every department and may apply the needs to the following events of the series', async () => {
    const { portal, network, user } = await openMatrix(LEADER);
    const dialog = await openEditor(user, /^Necessidades: Conferência/);
    const legends = within(dialog).getAllByRole('group').map((group) => group.querySelector('legend')!.textContent);
    expect(legends).toContain('Louvor');
    expect(legends).toContain('Mídia');
    const midia = within(dialog).getByRole('group', { name: 'Mídia' });
    await user.type(within(midia).getByLabelText('Qualquer função'), '{Backspace}2');
    await user.click(within(dialog).getByLabelText('Este e os seguintes da série'));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Necessidades' })).toBeNull());
    const [write] = portal.writes();
    expect(write).toMatchObject({ method: 'PUT', path: '/api/events/9/needs?scope=following' });
    expect(write!.body).toContainEqual({ department_id: network.departmentId('Mídia'), position_id: null, count: 2 });
    expect(write!.body).toContainEqual({ department_id: network.departmentId('Louvor'), position_id: network.positionId('Louvor', 'Vocal'), count: 1 });
    // A Mídia column appears for the Conferência.
    expect(await screen.findByRole('button', { name: /^\d+\/\d+ [^—]+ — Mídia — qualquer função, Conferência/ })).toHaveTextContent('0/2');
  });

  it('an event that needs nobody yet is listed after the matrix, and its first needs make it a row', async () => {
    const { portal, user } = await openMatrix(LEADER);
    const without = screen.getByRole('region', { name: 'Eventos sem necessidades' });
    expect(within(without).getByText('Ensaio, 21 de novembro de 2026 às 22:30')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^\d+\/\d+ [^—]+ — Louvor — .*, Ensaio/ })).toBeNull();
    const dialog = await openEditor(user, /^Necessidades: Ensaio, 21 de novembro/);
    const louvor = within(dialog).getByRole('group', { name: 'Louvor' });
    expect(within(louvor).getByLabelText('Vocal')).toHaveValue(0);
    await user.type(within(louvor).getByLabelText('Qualquer função'), '{Backspace}1');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('button', { name: /^\d+\/\d+ [^—]+ — Louvor — qualquer função, Ensaio, 21 de novembro/ })).toHaveTextContent('0/1');
    expect(within(screen.getByRole('region', { name: 'Eventos sem necessidades' })).queryByText(/^Ensaio, 21 de novembro/)).toBeNull();
    expect(portal.writes()).toMatchObject([{ method: 'PUT', path: '/api/events/3/needs' }]);
  });

  it('the API’s refusal shows in the dialog, which stays open; a count out of 0–99 is not sent', async () => {
    const { portal, user } = await openMatrix(MEMBER);
    const dialog = await openEditor(user, /^Necessidades: Culto/);
    const vocal = within(within(dialog).getByRole('group', { name: 'Louvor' })).getByLabelText('Vocal');
    await user.clear(vocal);
    await user.type(vocal, '100');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Informe um número de 0 a 99 em cada função.');
    expect(portal.writes()).toEqual([]);

    // Marcos no longer leads the team: the API refuses.
    await portal.api.database.db.updateTable('team_members').set({ leader: 0 }).where('user_id', '=', MEMBER.id).execute();
    await user.clear(vocal);
    await user.type(vocal, '4');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Apenas líderes e administradores podem fazer isso.'));
    expect(portal.writes()).toMatchObject([{ method: 'PUT', path: '/api/events/5/needs' }]);
    // What the leader typed is still there.
    expect(vocal).toHaveValue(4);
    expect(screen.getByRole('dialog', { name: 'Necessidades' })).toBeInTheDocument();
    expect(screen.queryByText('Necessidades salvas.')).toBeNull();
  });
});
