import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiApp } from '../../../server/api/createApiApp.ts';
import { dialectOf } from '../../../server/db/dialect.ts';
import { migrateToLatest, type Database } from '../../../server/db/openDatabase.ts';
import { openPostgres } from '../../../server/db/openPostgres.ts';
import { openSqlite } from '../../../server/db/openSqlite.ts';
import { migrationProvider } from '../../../server/db/migrations/index.ts';
import type { DB } from '../../../server/db/schema.ts';
import { expectEventShape } from '../../support/apiAssertions.ts';
import { createTestUser } from '../../support/authAgent.ts';
import { hasPostgres, TEST_DATABASE_URL } from '../../support/testDatabases.ts';
import { silentLogger, testConfig } from '../../support/testConfig.ts';

/** A database opened without running any migration; dispose() cleans it up. */
type Unmigrated = { database: Database; dispose(): Promise<void> };

async function openSqliteBare(): Promise<Unmigrated> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koinonia-upgrade-'));
  const database = openSqlite(dataDir);
  return {
    database,
    async dispose() {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function openPostgresBare(): Promise<Unmigrated> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const database = openPostgres({ databaseUrl: TEST_DATABASE_URL, pgSchema: schema, poolSize: 2 });
  return {
    database,
    async dispose() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await cleanup.connect();
      await cleanup.query(`drop schema if exists ${schema} cascade`);
      await cleanup.end();
    },
  };
}

/** Runs the migrations up to 008, today's schema before the network. */
async function migrateTo008(db: Kysely<DB>): Promise<void> {
  const schema = dialectOf(db) === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined;
  const migrator = new Migrator({ db, provider: migrationProvider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error } = await migrator.migrateTo('008_notifications');
  if (error) throw error;
}

const databases = [{ name: 'sqlite', open: openSqliteBare }, ...(hasPostgres ? [{ name: 'postgres', open: openPostgresBare }] : [])];
const NOW = '2030-01-01T12:00:00.000Z';

describe.each(databases)('upgrading a database of migration 008 to 009 on $name', ({ open }) => {
  let opened: Unmigrated | undefined;
  afterEach(async () => {
    await opened?.dispose();
    opened = undefined;
  });

  it('keeps events, series and allocations working (position null, whole network), and legacy leaders’ rights', async () => {
    opened = await open();
    const { db } = opened.database;
    await migrateTo008(db);

    // Today's data, written as the 008 schema has it.
    const leader = await createTestUser(opened.database, { role: 'leader', name: 'Lia Antiga' });
    const member = await createTestUser(opened.database, { name: 'Mário Antigo' });
    const other = await createTestUser(opened.database, { name: 'Olga Antiga' });
    await sql`insert into event_types (name) values ('Culto')`.execute(db);
    const type = (await sql<{ id: number }>`select id from event_types`.execute(db)).rows[0]!.id;
    await sql`insert into series (rule, time_zone, created_by, created_at) values (${'{}'}, 'America/Sao_Paulo', ${leader.id}, ${NOW})`.execute(db);
    const series = (await sql<{ id: number }>`select id from series`.execute(db)).rows[0]!.id;
    await sql`insert into events (datetime, event_type_id) values (${'2030-06-01T22:00:00.000Z'}, ${type})`.execute(db);
    await sql`insert into events (datetime, event_type_id, series_id, series_slot) values (${'2030-06-08T22:00:00.000Z'}, ${type}, ${series}, ${'2030-06-08T22:00:00.000Z'})`.execute(db);
    const [single, inSeries] = (await sql<{ id: number }>`select id from events order by datetime`.execute(db)).rows.map((row) => row.id);
    const louvor = (await sql<{ id: number }>`select id from departments where name_key = 'louvor'`.execute(db)).rows[0]!.id;
    await sql`insert into allocations (event_id, department_id, member_id, allocated_by, created_at, status, responded_at)
              values (${single!}, ${louvor}, ${member.id}, ${leader.id}, ${NOW}, 'confirmed', ${NOW})`.execute(db);
    await sql`insert into allocations (event_id, department_id, member_id, allocated_by, created_at)
              values (${inSeries!}, ${louvor}, ${member.id}, ${leader.id}, ${NOW})`.execute(db);
    await sql`insert into demo_records (table_name, record_id) values ('users', ${other.id})`.execute(db);

    await migrateToLatest(db);

    const app = createApiApp({ database: opened.database, config: testConfig(), logger: silentLogger, now: () => new Date(NOW) });
    const asLeader = request.agent(app);
    await asLeader.post('/api/auth/login').send({ email: leader.email, password: leader.password }).expect(200);
    const asMember = request.agent(app);
    await asMember.post('/api/auth/login').send({ email: member.email, password: member.password }).expect(200);

    // Events read as before; their details say "whole network, two hours".
    expectEventShape((await request(app).get(`/api/events/${single}`).expect(200)).body);
    expect((await asMember.get(`/api/events/${inSeries}?detail=full`).expect(200)).body).toEqual({
      id: inSeries,
      datetime: '2030-06-08T22:00:00.000Z',
      event_types: { name: 'Culto' },
      church_id: null,
      title: null,
      description: null,
      location: null,
      ends_at: '2030-06-09T00:00:00.000Z',
      timezone: 'America/Sao_Paulo',
    });

    // Old allocations: no position, their answers kept, in the leader and member views.
    const listed = await asLeader.get(`/api/events/${single}/allocations`).expect(200);
    expect(listed.body).toEqual([expect.objectContaining({ status: 'confirmed', position: null, member: expect.objectContaining({ id: member.id }) })]);
    const mine = await asMember.get('/api/me/events').expect(200);
    expect(mine.body.map((e: { id: number; position: unknown; status: string }) => [e.id, e.position, e.status])).toEqual([
      [single, null, 'confirmed'],
      [inSeries, null, 'pending'],
    ]);

    // The legacy leader keeps network-wide rights: allocates (the conflict check sees the old allocations), removes.
    const clash = await asLeader.post(`/api/events/${single}/allocations`).send({ department: 'Mídia', member: member.id });
    expect(clash.status).toBe(409);
    const added = await asLeader.post(`/api/events/${single}/allocations`).send({ department: 'Mídia', member: other.id }).expect(201);
    expect(added.body.position).toBeNull();

    // The network's calls work on the upgraded data: the legacy leader sets needs on an old whole-network event and
    // reads the gap matrix, where the old allocations (no position) count in their department's "anyone" row.
    await asLeader.put(`/api/events/${single}/needs`).send([{ department_id: louvor, position_id: null, count: 2 }]).expect(200);
    const cellsOf = (body: unknown, id: number) =>
      (body as Array<{ event: { id: number; church_id: number | null }; needs: Array<{ department: { name: string }; position: unknown; needed: number; pending: number; confirmed: number; declined: number }> }>)
        .find((item) => item.event.id === id)!
        .needs.map((need) => [need.department.name, need.position, need.needed, need.pending, need.confirmed, need.declined]);
    const matrix = await asLeader.get('/api/escalas/overview?from=2030-06-01&to=2030-06-08').expect(200);
    expect(cellsOf(matrix.body, single!)).toEqual([
      ['Louvor', null, 2, 0, 1, 0],
      ['Mídia', null, 0, 1, 0, 0],
    ]);
    expect(cellsOf(matrix.body, inSeries!)).toEqual([['Louvor', null, 0, 1, 0, 0]]);
    // An old member leads no team: 403 on the matrix, as before on every leader call.
    expect((await asMember.get('/api/escalas/overview')).status).toBe(403);
    await asLeader.delete(`/api/allocations/${listed.body[0].id}`).expect(204);
    await asLeader.patch(`/api/events/${inSeries}`).send({ title: 'Culto de domingo' }).expect(200);
    await asLeader.get('/api/members').expect(200);

    // What the demo seed recorded survives the rebuild of its table.
    expect(await db.selectFrom('demo_records').selectAll().execute()).toEqual([{ table_name: 'users', record_id: other.id }]);
  });
});
