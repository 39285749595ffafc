import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { dialectOf } from '../../../server/db/dialect.ts';
import type { Database } from '../../../server/db/openDatabase.ts';
import { migrateToLatest } from '../../../server/db/openDatabase.ts';
import { openPostgres } from '../../../server/db/openPostgres.ts';
import { openSqlite } from '../../../server/db/openSqlite.ts';
import { migrationProvider } from '../../../server/db/migrations/index.ts';
import type { DB } from '../../../server/db/schema.ts';
import { createTestUser } from '../../support/authAgent.ts';
import { hasPostgres, TEST_DATABASE_URL } from '../../support/testDatabases.ts';

type Unmigrated = { database: Database; dispose(): Promise<void> };

async function openSqliteBare(): Promise<Unmigrated> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koinonia-migration-'));
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

/** Runs the migrations that come before 016. */
async function migrateBefore016(db: Kysely<DB>): Promise<void> {
  const names = Object.keys(await migrationProvider.getMigrations()).sort();
  const previous = names[names.indexOf('016_cover_requests') - 1]!;
  const schema = dialectOf(db) === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined;
  const migrator = new Migrator({ db, provider: migrationProvider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error } = await migrator.migrateTo(previous);
  if (error) throw error;
}

const databases = [{ name: 'sqlite', open: openSqliteBare }, ...(hasPostgres ? [{ name: 'postgres', open: openPostgresBare }] : [])];

describe.each(databases)('migration 016 on $name', ({ open }) => {
  let opened: Unmigrated | undefined;
  afterEach(async () => {
    await opened?.dispose();
    opened = undefined;
  });

  it('keeps every allocation, its id, its messages and its unique place, and lets the status be covered', async () => {
    opened = await open();
    const { db } = opened.database;
    await migrateBefore016(db);
    const member = await createTestUser(opened.database, { name: 'Antiga Escalada' });
    const other = await createTestUser(opened.database, { name: 'Outra Pessoa' });
    await sql`insert into events (datetime) values (${'2030-06-01T22:00:00.000Z'})`.execute(db);
    const event = (await sql<{ id: number }>`select id from events`.execute(db)).rows[0]!.id;
    const department = (await sql<{ id: number }>`select id from departments where name_key = 'louvor'`.execute(db)).rows[0]!.id;
    await sql`insert into allocations (event_id, department_id, member_id, allocated_by, created_at, status, reason, source)
              values (${event}, ${department}, ${member.id}, ${null}, ${'2029-12-01T00:00:00.000Z'}, 'declined', 'Viagem', 'draft')`.execute(db);
    const before = await db.selectFrom('allocations').selectAll().execute();
    await sql`insert into outbox (kind, dedupe_key, recipient_id, payload, due_at, created_at) values ('invitation', 'invitation:1', ${member.id}, '{}', ${'2029-12-01T00:00:00.000Z'}, ${'2029-12-01T00:00:00.000Z'})`.execute(db);
    const outboxId = (await sql<{ id: number }>`select id from outbox`.execute(db)).rows[0]!.id;
    await sql`insert into outbox_allocations (outbox_id, allocation_id) values (${outboxId}, ${before[0]!.id})`.execute(db);

    await migrateToLatest(db);
    expect(await db.selectFrom('allocations').selectAll().execute()).toEqual(before);
    expect(await db.selectFrom('outbox_allocations').select('allocation_id').execute()).toEqual([{ allocation_id: before[0]!.id }]);

    await db.updateTable('allocations').set({ status: 'covered' }).execute();
    await expect(sql`update allocations set status = 'maybe'`.execute(db)).rejects.toThrow();
    // One place per person per event still holds, and the foreign keys still cascade.
    await expect(
      db.insertInto('allocations').values({ event_id: event, department_id: department, member_id: member.id, allocated_by: null, created_at: '2029-12-02T00:00:00.000Z' }).execute(),
    ).rejects.toThrow();
    const next = await db
      .insertInto('allocations')
      .values({ event_id: event, department_id: department, member_id: other.id, allocated_by: null, created_at: '2029-12-02T00:00:00.000Z' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(next.id).toBeGreaterThan(before[0]!.id);
    await db.deleteFrom('allocations').where('id', '=', before[0]!.id).execute();
    expect(await db.selectFrom('outbox_allocations').selectAll().execute()).toEqual([]);
  });
});
