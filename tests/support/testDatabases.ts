import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../server/db/openDatabase.ts';
import { sqliteFile } from '../../server/db/sqliteFile.ts';
import { openPostgres } from '../../server/db/openPostgres.ts';
import { postgresCloneSql, refreshPerDatabaseValuesSqlite, sqliteTemplate } from './databaseTemplates.ts';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch (error) {
    if (process.env.REQUIRE_POSTGRES === '1') {
      throw new Error(`REQUIRE_POSTGRES=1 mas o PostgreSQL em ${TEST_DATABASE_URL} não respondeu: ${String(error)}`);
    }
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Resolved once per test file: whether the PostgreSQL half of the suite runs. */
export const hasPostgres = await postgresAnswers();

export interface TestDatabase extends Database {
  /** Drops the schema or deletes the file. */
  dispose(): Promise<void>;
}

/** A fresh, migrated, empty SQLite file in a temp folder: a copy of the run's migrated template (databaseTemplates.ts). */
export async function freshSqlite(): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koinonia-test-'));
  const template = sqliteTemplate();
  if (template) {
    fs.copyFileSync(template, sqliteFile(dataDir));
    refreshPerDatabaseValuesSqlite(sqliteFile(dataDir));
  }
  // A copy's migration log is the template's: openDatabase finds every migration done and runs none.
  const database = await openDatabase({ dataDir });
  return {
    ...database,
    async dispose() {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh, migrated schema of its own in the test PostgreSQL, so runs never collide: made from the migrated
 * template schema in one round trip (databaseTemplates.ts).
 */
export async function freshPostgres(poolSize = 10): Promise<TestDatabase> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  let clone: string | undefined;
  try {
    clone = await postgresCloneSql(schema);
    await admin.query(clone ?? `create schema ${schema}`);
  } finally {
    await admin.end();
  }
  const dropSchema = async () => {
    const cleanup = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await cleanup.connect();
    await cleanup.query(`drop schema if exists ${schema} cascade`);
    await cleanup.end();
  };
  // Opened as openDatabase opens it, without asking Kysely's migrator again: the template's migrations ran
  // through openDatabase and the copy's migration log is theirs, so the migrator would find nothing to run —
  // after a second or two of catalog queries on a busy machine, for every test.
  let database: Database;
  try {
    database = clone
      ? openPostgres({ databaseUrl: TEST_DATABASE_URL, pgSchema: schema, poolSize })
      : await openDatabase({ databaseUrl: TEST_DATABASE_URL, pgSchema: schema, poolSize });
  } catch (error) {
    await dropSchema();
    throw error;
  }
  return {
    ...database,
    async dispose() {
      await database.close();
      await dropSchema();
    },
  };
}

/**
 * The databases every API test runs against: SQLite always, PostgreSQL when it answers
 * (and always in CI, where REQUIRE_POSTGRES=1 turns its absence into a failure).
 */
export const testDatabases: Array<{ name: 'sqlite' | 'postgres'; open: () => Promise<TestDatabase> }> = [
  { name: 'sqlite', open: freshSqlite },
  ...(hasPostgres ? [{ name: 'postgres' as const, open: () => freshPostgres() }] : []),
];
