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
import type { Database } from '../../../server/db/openDatabase.ts';
import { migrateToLatest } from '../../../server/db/openDatabase.ts';
import { openPostgres } from '../../../server/db/openPostgres.ts';
import { openSqlite } from '../../../server/db/openSqlite.ts';
import { migrationProvider } from '../../../server/db/migrations/index.ts';
import type { DB } from '../../../server/db/schema.ts';
import { issueResponseToken } from '../../../server/escalas/responseTokens.ts';
import { createTestUser } from '../../support/authAgent.ts';
import { hasPostgres, TEST_DATABASE_URL } from '../../support/testDatabases.ts';
import { silentLogger, testConfig } from '../../support/testConfig.ts';

/** A database opened without running any migration; dispose() cleans it up. */
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

/** Runs the migrations that come before 007, whatever their numbers. */
async function migrateBefore007(db: Kysely<DB>): Promise<void> {
  const names = Object.keys(await migrationProvider.getMigrations()).sort();
  const previous = names[names.indexOf('007_responses') - 1]!;
  const schema = dialectOf(db) === 'postgres'
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
    : undefined;
  const migrator = new Migrator({ db, provider: migrationProvider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error } = await migrator.migrateTo(previous);
  if (error) throw error;
}

const databases = [
  { name: 'sqlite', open: openSqliteBare },
  ...(hasPostgres ? [{ name: 'postgres', open: openPostgresBare }] : []),
];

describe.each(databases)('migration 007 on $name', ({ open }) => {
  let opened: Unmigrated | undefined;
  afterEach(async () => {
    await opened?.dispose();
    opened = undefined;
  });

  it('an allocation made before it becomes pending, unanswered, without a token until one is issued', async () => {
    opened = await open();
    const { db } = opened.database;
    await migrateBefore007(db);
    const member = await createTestUser(opened.database, { name: 'Antiga Escalada' });
    // Written as the schema before 007 had it (no status, no token).
    await sql`insert into events (datetime) values (${'2030-06-01T22:00:00.000Z'})`.execute(db);
    const event = (await sql<{ id: number }>`select id from events`.execute(db)).rows[0]!.id;
    const department = (await sql<{ id: number }>`select id from departments where name_key = 'louvor'`.execute(db)).rows[0]!.id;
    await sql`insert into allocations (event_id, department_id, member_id, allocated_by, created_at)
              values (${event}, ${department}, ${member.id}, ${null}, ${'2029-12-01T00:00:00.000Z'})`.execute(db);

    await migrateToLatest(db);
    const row = await db.selectFrom('allocations').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', responded_at: null, reason: null, response_token_hash: null });

    // The API shows it pending, and its member can answer it (signed in, or once a token is issued).
    const app = createApiApp({ database: opened.database, config: testConfig(), logger: silentLogger, now: () => new Date('2030-01-01T12:00:00.000Z') });
    const agent = request.agent(app);
    await agent.post('/api/auth/login').send({ email: member.email, password: member.password }).expect(200);
    expect((await agent.get('/api/me/events').expect(200)).body[0]).toMatchObject({ allocation_id: row.id, status: 'pending', responded_at: null });
    const token = await issueResponseToken(db, row.id);
    expect((await request(app).post(`/api/responses/${token}`).send({ answer: 'confirmed' }).expect(200)).body.allocation.status).toBe('confirmed');

    // The column refuses a status that is not one of the three.
    await expect(sql`update allocations set status = 'maybe'`.execute(db)).rejects.toThrow();
  });
});
