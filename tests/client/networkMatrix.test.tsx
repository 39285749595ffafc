import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, ANA, EVENTS, freezeNow, LEADER, MEMBER } from './support/fixtures.ts';
import { seedNetwork } from './support/networkSeed.ts';
import { openPortal, type PortalSeed } from './support/realApi.ts';
import { renderApp } from './support/renderWithProviders.tsx';

const OVERVIEW = '/api/escalas/overview';

/**
 * Sede's Louvor team is led by Marcos (a `member`), with Ana on Vocal. Sunday's Culto (5) needs a vocalist and a
 * drummer (Adriana declined the drums), Monday's Vigília (7) two vocalists (Lídia is pending on one); Zona Norte's
 * Conferência (9) a vocalist, which is not Marcos's team.
 */
async function openMatrix(signedIn: PortalSeed['signedIn'], route = '/escalas/lacunas') {
  const portal = await openPortal({
    events: EVENTS,
    signedIn,
    allocations: [
      { event: 7, department: 'Louvor', member: LEADER },
      { event: 5, department: 'Louvor', member: ADMIN },
    ],
  });
  const network = await seedNetwork(portal, {
    churches: [{ name: 'Sede', city: 'São Paulo' }, { name: 'Zona Norte' }],
    positions: { Louvor: ['Vocal', 'Bateria'] },
    eventChurches: { 5: 'Sede', 7: 'Sede', 9: 'Zona Norte' },
    teamMembers: [
      { church: 'Sede', department: 'Louvor', member: MEMBER, leader: true },
      { church: 'Sede', department: 'Louvor', member: ANA, positions: ['Vocal'] },
    ],
    needs: [
      { event: 5, department: 'Louvor', position: 'Vocal', count: 1 },
      { event: 5, department: 'Louvor', position: 'Bateria', count: 1 },
      { event: 7, department: 'Louvor', position: 'Vocal', count: 2 },
      { event: 9, department: 'Louvor', position: 'Vocal', count: 1 },
    ],
  });
  const { db } = portal.api.database;
  const [vigilia, culto] = portal.allocationIds;
  await db.updateTable('allocations').set({ position_id: network.positionId('Louvor', 'Vocal') }).where('id', '=', vigilia!).execute();
  await db
    .updateTable('allocations')
    .set({ position_id: network.positionId('Louvor', 'Bateria'), status: 'declined', reason: 'Viagem em família', responded_at: portal.api.clock.now.toISOString() })
    .where('id', '=', culto!)
    .execute();
  const rendered = renderApp(route);
  return { portal, network, ...rendered };
}

function cell(name: RegExp) {
  return screen.findByRole('button', { name });
}

describe('the gap matrix (issue 15)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('asks a visitor to sign in ("Entre para continuar", issue 21) and asks nothing but the session', async () => {
    const portal = await openPortal({ events: EVENTS });
    renderApp('/escalas/lacunas');
    expect(await screen.findByRole('heading', { name: 'Entre para continuar', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Entrar na conta' })).toHaveAttribute('href', '/login?next=/escalas/lacunas');
    await portal.settled();
    expect(portal.paths()).toEqual(['/api/auth/me']);
  });

  it('shows a team leader their team’s events × positions, each cell with its count and a word for its state', async () => {
    const { portal } = await openMatrix(MEMBER);
    expect(await screen.findByRole('heading', { name: 'Escalas — lacunas', level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole('grid', { name: 'Lacunas por evento e função' });
    expect(portal.paths()).toContain(OVERVIEW);
    // Only Sede's events: the Conferência of Zona Norte is not the team leader's.
    const rows = within(table).getAllByRole('row').slice(2);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'dom., 22/11 · 19:00CultoSedeNecessidadesLembrar quem não respondeu',
      'seg., 23/11 · 23:30VigíliaSedeNecessidadesLembrar quem não respondeu',
    ]);
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Evento', 'Louvor', 'Bateria', 'Vocal']);
    expect(await cell(/^\d+\/\d+ [^—]+ — Louvor — Vocal, Culto, 22 de novembro de 2026 às 19:00: 0 de 1/)).toHaveTextContent('○ 0/1 Vazia');
    expect(await cell(/^\d+\/\d+ [^—]+ — Louvor — Bateria, Culto/)).toHaveTextContent('✕ 0/1 Recusa');
    expect(await cell(/^\d+\/\d+ [^—]+ — Louvor — Bateria, Culto/)).toHaveAccessibleName(/0 de 1 \(1 recusou\)\. Recusa\.$/);
    expect(await cell(/^\d+\/\d+ [^—]+ — Louvor — Vocal, Vigília/)).toHaveTextContent('◐ 1/2 Parcial');
    // Marcos may now find the matrix in the navigation.
    expect(within(screen.getByRole('navigation', { name: 'Navegação principal' })).getByRole('link', { name: 'Lacunas' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('filters by church and department through the overview’s parameters', async () => {
    const { portal, network, user } = await openMatrix(LEADER);
    await screen.findByRole('grid', { name: 'Lacunas por evento e função' });
    // A network-wide leader sees Zona Norte's Conferência too.
    expect(await cell(/^\d+\/\d+ [^—]+ — Louvor — Vocal, Conferência/)).toHaveTextContent('0/1');
    await user.selectOptions(screen.getByLabelText('Igreja'), 'Zona Norte');
    await waitFor(() => expect(portal.paths()).toContain(`${OVERVIEW}?church_id=${network.churchId('Zona Norte')}`));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Culto/ })).toBeNull());
    expect(screen.getByRole('button', { name: /^\d+\/\d+ [^—]+ — Louvor — Vocal, Conferência/ })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Departamento'), 'Mídia');
    await waitFor(() =>
      expect(portal.paths()).toContain(`${OVERVIEW}?church_id=${network.churchId('Zona Norte')}&department_id=${network.departmentId('Mídia')}`),
    );
    expect(await screen.findByText('Nenhum evento com necessidades nas próximas 8 semanas com estes filtros.')).toBeInTheDocument();
  });

  it('a team leader’s filters offer only her teams’ churches and departments (issue 21, item 6)', async () => {
    await openMatrix(MEMBER);
    await screen.findByRole('grid', { name: 'Lacunas por evento e função' });
    const options = (label: string) => [...(screen.getByLabelText(label) as HTMLSelectElement).options].map((option) => option.textContent);
    await waitFor(() => expect(options('Igreja')).toEqual(['Todas as igrejas', 'Sede']));
    expect(options('Departamento')).toEqual(['Todos os departamentos', 'Louvor']);
  });

  it('the matrix is one Tab stop, a grid the arrow keys, Home and End move through (issue 21, item 8)', async () => {
    const { user } = await openMatrix(MEMBER);
    const vocal = await cell(/^\d+\/\d+ [^—]+ — Louvor — Vocal, Culto/);
    expect(screen.getByRole('grid', { name: 'Lacunas por evento e função' })).toContainElement(vocal);
    // Each cell's name starts with what it shows (axe's label-content-name-mismatch).
    expect(vocal).toHaveAccessibleName(/^0\/1 Vazia — Louvor — Vocal, Culto/);
    const controls = within(screen.getByRole('grid')).getAllByRole('button');
    expect(controls.length).toBeGreaterThan(3);
    expect(controls.filter((control) => control.tabIndex === 0)).toHaveLength(1);
    vocal.focus();
    await user.keyboard('{ArrowLeft}');
    const bateria = screen.getByRole('button', { name: /^\d+\/\d+ [^—]+ — Louvor — Bateria, Culto/ });
    expect(bateria).toHaveFocus();
    // The one Tab stop follows the focus, so Tab leaves the grid and Shift+Tab comes back to the same cell.
    expect(controls.filter((control) => control.tabIndex === 0)).toEqual([bateria]);
    await user.tab();
    expect(screen.getByRole('grid')).not.toContainElement(document.activeElement as HTMLElement);
    await user.tab({ shift: true });
    expect(bateria).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(vocal).toHaveFocus();
    // Down goes through the cell's own controls (its SOS: the place is open) before the cell below.
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: /^SOS: Louvor — Vocal, Culto/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: /^\d+\/\d+ [^—]+ — Louvor — Vocal, Vigília/ })).toHaveFocus();
    await user.keyboard('{Control>}{Home}{/Control}');
    expect(controls[0]).toHaveFocus();
    await user.keyboard('{Control>}{End}{/Control}');
    expect(controls[controls.length - 1]).toHaveFocus();
  });

  it('a Recusa cell’s dialog says who declined and why, before another is picked (issue 21, item 6)', async () => {
    const { user } = await openMatrix(MEMBER);
    await user.click(await cell(/^\d+\/\d+ [^—]+ — Louvor — Bateria, Culto/));
    const dialog = await screen.findByRole('dialog', { name: 'Allocate Member to Event' });
    const people = await within(dialog).findByRole('region', { name: 'Já nesta função' });
    expect(within(people).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Adriana Admin — recusado: “Viagem em família”']);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    // The Vocal place of the same service has nobody yet: nothing to say.
    await user.click(await cell(/^\d+\/\d+ [^—]+ — Louvor — Vocal, Culto/));
    const vocal = await screen.findByRole('dialog', { name: 'Allocate Member to Event' });
    await waitFor(() => expect(within(vocal).getByLabelText('Função')).toHaveDisplayValue('Vocal'));
    expect(within(vocal).queryByRole('region', { name: 'Já nesta função' })).toBeNull();
  });

  it('a cell opens the allocation with its department and position chosen; once allocated the cell awaits the answer, not complete (issue 21)', async () => {
    const { portal, network, user } = await openMatrix(MEMBER);
    await user.click(await cell(/^\d+\/\d+ [^—]+ — Louvor — Vocal, Culto/));
    const dialog = await screen.findByRole('dialog', { name: 'Allocate Member to Event' });
    expect(within(dialog).getByLabelText('Event')).toHaveValue('Culto');
    expect(within(dialog).getByLabelText('Department')).toHaveValue('Louvor');
    await waitFor(() => expect(within(dialog).getByLabelText('Função')).toHaveDisplayValue('Vocal'));
    const member = within(dialog).getByLabelText('Member');
    // The team's members first, with their positions.
    await waitFor(() => expect(document.getElementById(member.getAttribute('list')!)!.querySelector('option')).toHaveAttribute('value', ANA.email));
    expect(document.getElementById(member.getAttribute('list')!)!.querySelector('option')!.textContent).toContain('equipe: Vocal');
    await user.type(member, ANA.email);
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Allocate Member to Event' })).toBeNull());
    expect(portal.writes()).toEqual([
      {
        method: 'POST',
        path: '/api/events/5/allocations',
        body: { department: 'Louvor', member: ANA.email, position: network.positionId('Louvor', 'Vocal') },
      },
    ]);
    // Invited is not confirmed: the cell awaits Ana's answer, with the count, and says so to a screen reader.
    await waitFor(() => expect(screen.getByRole('button', { name: /^\d+\/\d+ [^—]+ — Louvor — Vocal, Culto/ })).toHaveTextContent('◷ 1/1 1 aguardando'));
    const awaiting = screen.getByRole('button', { name: /^\d+\/\d+ [^—]+ — Louvor — Vocal, Culto/ });
    expect(awaiting).toHaveAccessibleName(/1 de 1 \(1 pendente\)\. Aguardando 1 resposta\.$/);
    expect(awaiting.closest('td')).toHaveAttribute('data-status', 'awaiting');
    expect(within(screen.getByRole('list', { name: 'Legenda' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '○ Vazia',
      '✕ Recusa',
      '◐ Parcial',
      '◷ Aguardando',
      '✓ Completa',
    ]);
  });

  it('tells a signed-in member who leads no team who may see the gaps', async () => {
    await openMatrix(ANA);
    expect(await screen.findByRole('note')).toHaveTextContent('As lacunas das escalas são para líderes de equipe, líderes e administradores.');
    expect(screen.queryByRole('table')).toBeNull();
  });
});
