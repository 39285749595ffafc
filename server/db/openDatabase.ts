import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { DB } from './schema.ts';
import { dialectOf, type DialectName } from './dialect.ts';
import { migrationProvider } from './migrations/index.ts';

export interface Database {
  db: Kysely<DB>;
  dialect: DialectName;
  close(): Promise<void>;
  /**
   * A value that changes whenever any connection, in this process or another, commits a change to the data;
   * cheap enough to ask on every request. Absent where no such probe exists (PostgreSQL), and then nothing is
   * cached.
   */
  dataVersion?: () => string;
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
  /** Told when the server ends one of the pool's idle connections (the pool replaces it). */
  onConnectionError?: (error: Error) => void;
}

export async function migrateToLatest(db: Kysely<DB>): Promise<void> {
  // On PostgreSQL, Kysely finds its migration tables in any schema unless told which one is ours. It must be the
  // current schema: the introspector the migrator asks looks there only (ownSchemaDialect.ts).
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
  // Each driver is loaded only when used: an embedded portal never loads pg, a PostgreSQL one never SQLite.
  const database = options.databaseUrl
    ? (await import('./openPostgres.ts')).openPostgres(options)
    : (await import('./openSqlite.ts')).openSqlite(options.dataDir ?? './data');
  try {
    await migrateToLatest(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
