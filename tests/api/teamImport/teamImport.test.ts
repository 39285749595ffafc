import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamImportResult, TeamImportRow } from '../../../shared/schemas/teamImport.ts';
import { expectApiError } from '../../support/apiAssertions.ts';
import { createTestUser } from '../../support/authAgent.ts';
import { testDatabases } from '../../support/testDatabases.ts';
import { networkWorld, type NetworkWorld } from '../network/networkWorld.ts';
import { postImport, writtenCounts } from './importCalls.ts';

const HEADER = 'nome,email,igreja,departamento,telefone,funcoes';
const ROWS = 500;

/** Row i (1…500) is on line i + 1. The rows with errors, by row number, and what each should say. */
const FAULTS: Record<number, { cells: Partial<Cells>; error: TeamImportRow['errors'][number] }> = {
  50: { cells: { email: 'pessoa50.import.test' }, error: { code: 'invalid_email', message: 'E-mail inválido: «pessoa50.import.test».' } },
  100: { cells: { church: 'Igreja Z' }, error: { code: 'unknown_church', message: 'Igreja «Igreja Z» não encontrada.' } },
  150: {
    cells: { positions: 'Vocal|Guitarra' },
    error: { code: 'unknown_position', message: 'Função «Guitarra» não existe em Louvor; cadastre-a em Gestão da rede ou corrija o nome.' },
  },
  200: { cells: { email: 'pessoa20@import.test' }, error: { code: 'duplicate_email', message: 'O e-mail pessoa20@import.test já aparece na linha 21 para a mesma equipe.' } },
  250: { cells: { name: '' }, error: { code: 'missing_name', message: 'Informe o nome.' } },
  400: { cells: { department: 'Zeladoria Norte' }, error: { code: 'unknown_department', message: 'Departamento «Zeladoria Norte» não encontrado.' } },
};

interface Cells {
  name: string;
  email: string;
  church: string;
  department: string;
  phone: string;
  positions: string;
}

const cellsOf = (i: number): Cells => ({
  name: `Pessoa ${i}`,
  email: `pessoa${i}@import.test`,
  church: i === 350 ? 'igreja b' : 'Igreja A',
  department: i === 300 ? 'Infantil' : i === 350 ? 'LOUVOR' : 'Louvor',
  phone: i % 7 === 0 ? '(11) 98765-4321' : '',
  positions: i === 300 ? 'Professor' : i % 2 === 0 ? 'Vocal' : 'vocal|BATERIA',
  ...FAULTS[i]?.cells,
});

const fileOf = (rows: number) =>
  [HEADER, ...Array.from({ length: rows }, (_, index) => Object.values(cellsOf(index + 1)).join(','))].join('\r\n') + '\r\n';

/**
 * docs/product.md §13, spreadsheet import: a 500-row file with errors on known lines — the preview exact, nothing
 * written before the confirmation, everything valid written after (and nothing twice); all or nothing when the
 * transaction fails.
 */
describe.each(testDatabases)('spreadsheet import on $name', ({ open }) => {
  let w: NetworkWorld;
  /** Row 10: an account on no team; 11: on A/Louvor with Vocal and Bateria already; 12: on it with Bateria only. */
  const accounts: Record<number, number> = {};

  beforeAll(async () => {
    w = await networkWorld(open);
    for (const i of [10, 11, 12]) accounts[i] = (await createTestUser(w.t.database, { email: `pessoa${i}@import.test`, name: `Pessoa ${i}` })).id;
    const team = `/api/teams/${w.churchA}/${w.louvor}/members`;
    await w.admin.agent.put(`${team}/${accounts[11]}`).send({ positions: [w.bateria, w.vocal] }).expect(200);
    // Row 11 asks for vocal|BATERIA: already all there. Row 12 asks for Vocal (even row): lacks it.
    await w.admin.agent.put(`${team}/${accounts[12]}`).send({ positions: [w.bateria] }).expect(200);
    // Row 13: an invitation to the team is pending.
    await w.admin.agent
      .post(`/api/teams/${w.churchA}/${w.louvor}/invitations`)
      .send({ people: [{ name: 'Pessoa 13', email: 'pessoa13@import.test' }], positions: [w.vocal] })
      .expect(201);
  });
  afterAll(async () => {
    await w?.t.database.dispose();
  });

  const expectedRows = (): TeamImportRow[] =>
    Array.from({ length: ROWS }, (_, index) => {
      const i = index + 1;
      const fault = FAULTS[i];
      const email = cellsOf(i).email;
      if (fault) return { line: i + 1, email, action: 'none', errors: [fault.error] };
      const action = i === 11 || i === 13 ? 'none' : i === 10 || i === 12 ? 'add' : 'invite';
      return { line: i + 1, email, action, errors: [] };
    });

  it('previews the 500 rows exactly and writes nothing (dry_run=true)', async () => {
    const before = await writtenCounts(w.t.database);
    const res = await postImport(w.admin.agent, fileOf(ROWS), { dryRun: true });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ rows: expectedRows(), summary: { invite: ROWS - 10, add: 2, none: 2, errors: 6 } } satisfies TeamImportResult);
    expect(await writtenCounts(w.t.database)).toEqual(before);
  });

  it('a failure inside the transaction leaves nothing written: all or nothing', async () => {
    const before = await writtenCounts(w.t.database);
    // The last invitation's insert fails, after the accounts were added to the team in the same transaction.
    const db = w.t.database.db;
    if (w.t.database.dialect === 'postgres') {
      await sql`create function import_boom() returns trigger language plpgsql as $$ begin raise exception 'boom'; end $$`.execute(db);
      await sql`create trigger import_boom before insert on invitations for each row when (new.email = 'pessoa500@import.test') execute function import_boom()`.execute(db);
    } else {
      await sql`create trigger import_boom before insert on invitations when new.email = 'pessoa500@import.test' begin select raise(abort, 'boom'); end`.execute(db);
    }
    try {
      const res = await postImport(w.admin.agent, fileOf(ROWS));
      expectApiError(res, 500, 'internal_error');
    } finally {
      await sql`drop trigger import_boom${sql.raw(w.t.database.dialect === 'postgres' ? ' on invitations' : '')}`.execute(db);
      if (w.t.database.dialect === 'postgres') await sql`drop function import_boom()`.execute(db);
    }
    expect(await writtenCounts(w.t.database)).toEqual(before);
    const row10 = await db.selectFrom('team_members').select('user_id').where('user_id', '=', accounts[10]!).execute();
    expect(row10).toEqual([]);
  });

  it('writes every valid row in one go once confirmed, and answers as the preview said', async () => {
    const before = await writtenCounts(w.t.database);
    const res = await postImport(w.admin.agent, fileOf(ROWS));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ rows: expectedRows(), summary: { invite: ROWS - 10, add: 2, none: 2, errors: 6 } });

    const after = await writtenCounts(w.t.database);
    expect(after.invitations - before.invitations).toBe(ROWS - 10);
    // One e-mail queued per invitation; the accounts are told nothing here.
    expect(after.outbox - before.outbox).toBe(ROWS - 10);
    expect(after.members - before.members).toBe(1);
    // Row 10 joined with Vocal; row 12 gained Vocal.
    expect(after.positions - before.positions).toBe(2);
    // One entry per person added, and one for the import.
    expect(after.audit - before.audit).toBe(3);

    const db = w.t.database.db;
    const positionsOf = async (userId: number) =>
      (await db.selectFrom('team_member_positions').select('position_id').where('user_id', '=', userId).orderBy('position_id').execute()).map((row) => row.position_id);
    expect(await positionsOf(accounts[10]!)).toEqual([w.vocal]);
    expect(await positionsOf(accounts[12]!)).toEqual([w.vocal, w.bateria].sort((a, b) => a - b));
    const audit = await db.selectFrom('audit_log').select(['action', 'actor_id', 'subject_id', 'details']).orderBy('id', 'desc').limit(3).execute();
    expect(audit.map((entry) => [entry.action, entry.actor_id, entry.subject_id]).sort()).toEqual(
      [
        ['team_import', w.admin.user.id, null],
        ['team_member_added', w.admin.user.id, accounts[10]],
        ['team_member_changed', w.admin.user.id, accounts[12]],
      ].sort(),
    );
    const entry = audit.find((row) => row.action === 'team_import')!;
    expect(typeof entry.details === 'string' ? JSON.parse(entry.details) : entry.details).toEqual({ rows: ROWS, invited: ROWS - 10, added: 2, errors: 6 });

    const invited = await db
      .selectFrom('invitations')
      .select(['email', 'name', 'church_id', 'department_id', 'status', 'invited_by'])
      .where('email', 'in', ['pessoa1@import.test', 'pessoa300@import.test', 'pessoa350@import.test'])
      .orderBy('email')
      .execute();
    expect(invited).toEqual([
      { email: 'pessoa1@import.test', name: 'Pessoa 1', church_id: w.churchA, department_id: w.louvor, status: 'pending', invited_by: w.admin.user.id },
      { email: 'pessoa300@import.test', name: 'Pessoa 300', church_id: w.churchA, department_id: w.infantil, status: 'pending', invited_by: w.admin.user.id },
      { email: 'pessoa350@import.test', name: 'Pessoa 350', church_id: w.churchB, department_id: w.louvor, status: 'pending', invited_by: w.admin.user.id },
    ]);
    const positions = await db
      .selectFrom('invitation_positions')
      .innerJoin('invitations', 'invitations.id', 'invitation_positions.invitation_id')
      .select('invitation_positions.position_id')
      .where('invitations.email', '=', 'pessoa1@import.test')
      .orderBy('invitation_positions.position_id')
      .execute();
    expect(positions.map((row) => row.position_id)).toEqual([w.vocal, w.bateria].sort((a, b) => a - b));
  });

  it('the same file imported again adds and invites nobody: every valid row is "none"', async () => {
    const before = await writtenCounts(w.t.database);
    const res = await postImport(w.admin.agent, fileOf(ROWS));
    expect(res.status, res.text).toBe(200);
    expect(res.body.summary).toEqual({ invite: 0, add: 0, none: ROWS - 6, errors: 6 });
    expect((res.body as TeamImportResult).rows.filter((row) => row.errors.length === 0).every((row) => row.action === 'none')).toBe(true);
    expect(await writtenCounts(w.t.database)).toEqual(before);
  });
});
