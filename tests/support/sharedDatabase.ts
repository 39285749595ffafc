import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Express } from 'express';
import pg from 'pg';
import { createApiApp } from '../../server/api/createApiApp.ts';
import { openDatabase, type Database } from '../../server/db/openDatabase.ts';
import { sqliteFile } from '../../server/db/sqliteFile.ts';
import { postgresCloneSql, refreshPerDatabaseValuesSqlite, sqliteTemplate } from './databaseTemplates.ts';
import { TEST_DATABASE_URL } from './testDatabases.ts';
import { silentLogger, testConfig } from './testConfig.ts';

/**
 * One database (an SQLite file, or a PostgreSQL schema of its own) that several connections can open, as
 * several API instances — or one API restarted — would.
 */
export interface SharedDatabase {
  /** For the CLI: DATA_DIR or DATABASE_URL (with the schema in its `options`). */
  env: Record<string, string>;
  /** Opens one more connection (pool) to it, migrated; closed by `dispose`. */
  connect(): Promise<Database>;
  /** A new API instance on a new connection, with its own clock. */
  instance(env?: Record<string, string>): Promise<{ app: Express; database: Database; clock: { now: Date } }>;
  dispose(): Promise<void>;
}

export async function sharedDatabase(kind: 'sqlite' | 'postgres'): Promise<SharedDatabase> {
  const opened: Database[] = [];
  let env: Record<string, string>;
  let open: () => Promise<Database>;
  let cleanup: () => Promise<void>;
  if (kind === 'sqlite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koinonia-shared-'));
    // A copy of the migrated template (databaseTemplates.ts); each connection still opens it as the API does.
    const template = sqliteTemplate();
    if (template) {
      fs.copyFileSync(template, sqliteFile(dataDir));
      refreshPerDatabaseValuesSqlite(sqliteFile(dataDir));
    }
    env = { DATA_DIR: dataDir };
    open = () => openDatabase({ dataDir });
    cleanup = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  } else {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      // Made from the migrated template schema (databaseTemplates.ts); each connection still opens it as the API does.
      await admin.query((await postgresCloneSql(schema)) ?? `create schema ${schema}`);
    } finally {
      await admin.end();
    }
    const url = new URL(TEST_DATABASE_URL);
    url.searchParams.set('options', `-c search_path=${schema}`);
    env = { DATABASE_URL: url.toString() };
    open = () => openDatabase({ databaseUrl: TEST_DATABASE_URL, pgSchema: schema, poolSize: 3 });
    cleanup = async () => {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    };
  }
  const connect = async () => {
    const database = await open();
    opened.push(database);
    return database;
  };
  return {
    env,
    connect,
    async instance(appEnv = {}) {
      const database = await connect();
      const clock = { now: new Date() };
      const app = createApiApp({ database, config: testConfig(appEnv), logger: silentLogger, now: () => clock.now });
      return { app, database, clock };
    },
    async dispose() {
      // A test may have closed one already (to play a restart).
      for (const database of opened) await database.close().catch(() => {});
      await cleanup();
    },
  };
}
