import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { DB } from './schema.ts';
import { dialectOf, type DialectName } from './dialect.ts';
import { migrationProvider } from './migrations/index.ts';

export interface Database {
  db: Kysely<DB>;
  dialect: DialectName;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A postgres:// URL; when absent the embedded SQLite file is used. */
  databaseUrl?: string | undefined;
  /** Folder of the SQLite file `koinonia.db`. */
  dataDir?: string;
  /** PostgreSQL schema to work in (tests and benchmarks use their own). */
  pgSchema?: string;
  /** PostgreSQL pool size. */
  poolSize?: number;
}

const TIMESTAMPTZ_OID = 1184;
const INT8_OID = 20;

/** Parses timestamptz into the same ISO UTC string SQLite stores, and counts into numbers. */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === TIMESTAMPTZ_OID) return (value: string) => new Date(value).toISOString();
    if (oid === INT8_OID) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

export function sqliteFile(dataDir: string): string {
  return path.join(dataDir, 'koinonia.db');
}

function openSqlite(dataDir: string): Database {
  fs.mkdirSync(dataDir, { recursive: true });
  const sqlite = new SQLite(sqliteFile(dataDir));
  sqlite.pragma('journal_mode = WAL');
  // FULL: a write acknowledged to a leader survives even a power cut, not only a crash of the process.
  // Writes here are a few per minute, so the extra fsync costs nothing anyone notices.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

function openPostgres(options: DatabaseOptions): Database {
  if (options.pgSchema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(options.pgSchema)) {
    throw new Error(`Nome de schema inválido: ${options.pgSchema}`);
  }
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.poolSize ?? 10,
    types: pgTypes,
    ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

export async function migrateToLatest(db: Kysely<DB>): Promise<void> {
  // On PostgreSQL, Kysely finds its migration tables in any schema unless told which one is ours.
  const schema =
    dialectOf(db) === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({ db, provider: migrationProvider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.databaseUrl ? openPostgres(options) : openSqlite(options.dataDir ?? './data');
  try {
    await migrateToLatest(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
