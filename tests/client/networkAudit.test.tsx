import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { recordAudit } from '../../server/audit/public.ts';
import { ADMIN, ANA, EVENTS, freezeNow, LEADER, MEMBER } from './support/fixtures.ts';
import { seedNetwork } from './support/networkSeed.ts';
import { openPortal, type Portal } from './support/realApi.ts';
import { renderApp } from './support/renderWithProviders.tsx';

/** The API's clock (fixtures' NOW): 00:07 UTC on 22 November 2026 is 21:07 on the 21st in São Paulo. */
const WHEN = '21/11/2026 21:07';

/** An admin's changes made elsewhere (another browser), each writing its audit entry (docs/product.md §11). */
async function changesByTheAdmin(portal: Portal) {
  const network = await seedNetwork(portal, { churches: [{ name: 'Sede', city: 'São Paulo' }], positions: { Louvor: ['Vocal'] } });
  const admin = await portal.agentOf(ADMIN);
  await admin.patch(`/api/users/${MEMBER.id}`).send({ role: 'leader' }).expect(200);
  await admin.put(`/api/teams/${network.churchId('Sede')}/${network.departmentId('Louvor')}/members/${ANA.id}`).send({ positions: [network.positionId('Louvor', 'Vocal')], leader: true }).expect(200);
  // Event 9 (15 December 2026, 19:30 in São Paulo).
  const allocation = await admin.post('/api/events/9/allocations').send({ department: 'Louvor', member: ANA.id }).expect(201);
  await admin.delete(`/api/allocations/${allocation.body.id}`).expect(204);
}

async function openLog() {
  const rendered = renderApp('/rede');
  const log = await screen.findByRole('region', { name: 'Registro de atividades' });
  return { ...rendered, log };
}

const entriesOf = async (log: HTMLElement) => within(await within(log).findByRole('list', { name: 'Atividades' })).getAllByRole('listitem').map((item) => item.textContent);

describe('the audit log in Gestão da rede (issue 25)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('reads each change in pt-BR, newest first, and filters by action and by person', async () => {
    const portal = await openPortal({ events: EVENTS, signedIn: ADMIN });
    await changesByTheAdmin(portal);
    const { log, user } = await openLog();

    await waitFor(async () =>
      expect(await entriesOf(log)).toEqual([
        `${WHEN} — Adriana Admin removeu Ana Souza da escala de Louvor no evento de 15/12/2026 19:30`,
        `${WHEN} — Adriana Admin escalou Ana Souza em Louvor no evento de 15/12/2026 19:30`,
        `${WHEN} — Adriana Admin adicionou Ana Souza à equipe Louvor — Sede como líder`,
        `${WHEN} — Adriana Admin alterou o papel de Marcos Membro para líder`,
      ]),
    );
    expect(portal.paths()).toContain('/api/audit?limit=50');

    await user.selectOptions(within(log).getByLabelText('Atividade'), 'Papel alterado');
    await waitFor(async () => expect(await entriesOf(log)).toEqual([`${WHEN} — Adriana Admin alterou o papel de Marcos Membro para líder`]));
    await user.selectOptions(within(log).getByLabelText('Atividade'), 'Todas');

    // A person by e-mail: what was done to them; then what they did (nothing).
    await user.type(within(log).getByLabelText('Pessoa'), ANA.email);
    await waitFor(async () => expect(await entriesOf(log)).toHaveLength(3));
    expect(portal.paths()).toContain(`/api/audit?limit=50&subject_id=${ANA.id}`);
    await user.selectOptions(within(log).getByLabelText('A pessoa'), 'fez a alteração');
    expect(await within(log).findByText('Nenhuma atividade registrada com esses filtros.')).toBeInTheDocument();
  });

  it('a role changed on the page shows in the log at once', async () => {
    const portal = await openPortal({ events: EVENTS, signedIn: ADMIN });
    await seedNetwork(portal, {});
    const { log, user } = await openLog();
    expect(await within(log).findByText('Nenhuma atividade registrada.')).toBeInTheDocument();

    const people = screen.getByRole('region', { name: 'Pessoas e papéis' });
    await user.type(within(people).getByLabelText('Buscar pessoa'), 'Ana');
    const found = await within(people).findByRole('list', { name: 'Pessoas encontradas' });
    const ana = await within(found).findByRole('listitem', { name: ANA.name });
    await user.selectOptions(within(ana).getByLabelText('Papel'), 'Administrador');
    await user.click(within(ana).getByRole('button', { name: 'Alterar o papel de Ana Souza' }));
    await waitFor(async () => expect(await entriesOf(log)).toEqual([`${WHEN} — Adriana Admin alterou o papel de Ana Souza para administrador`]));
  });

  it('"Carregar mais" asks for the entries before the last one shown, until there are no more', async () => {
    const portal = await openPortal({ events: EVENTS, signedIn: ADMIN });
    const at = portal.api.clock.now.toISOString();
    await recordAudit(portal.api.database.db, Array.from({ length: 55 }, () => ({ actorId: LEADER.id, action: 'password_changed' as const, subjectId: LEADER.id, at })));
    const { log, user } = await openLog();
    await waitFor(async () => expect(await entriesOf(log)).toHaveLength(50));
    const ids = (await portal.api.database.db.selectFrom('audit_log').select('id').orderBy('id', 'desc').execute()).map((row) => row.id);

    await user.click(within(log).getByRole('button', { name: 'Carregar mais' }));
    await waitFor(async () => expect(await entriesOf(log)).toHaveLength(55));
    expect(portal.paths()).toContain(`/api/audit?limit=50&before=${ids[49]}`);
    expect((await entriesOf(log))[54]).toBe(`${WHEN} — Lídia Líder alterou a senha`);
    expect(within(log).queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });

  it('a leader’s page asks nothing of the log', async () => {
    const portal = await openPortal({ events: EVENTS, signedIn: LEADER });
    renderApp('/rede');
    await screen.findByRole('note');
    await portal.settled();
    expect(portal.paths().some((path) => path.startsWith('/api/audit'))).toBe(false);
  });
});
