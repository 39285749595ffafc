import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../server/db/openDatabase.ts';

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

/** A fresh, migrated, empty SQLite file in a temp folder. */
export async function freshSqlite(): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koinonia-test-'));
  const database = await openDatabase({ dataDir });
  return {
    ...database,
    async dispose() {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh, migrated schema of its own in the test PostgreSQL, so runs never collide. */
export async function freshPostgres(poolSize = 10): Promise<TestDatabase> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const dropSchema = async () => {
    const cleanup = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await cleanup.connect();
    await cleanup.query(`drop schema if exists ${schema} cascade`);
    await cleanup.end();
  };
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: TEST_DATABASE_URL, pgSchema: schema, poolSize });
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
