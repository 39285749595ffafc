import pg from 'pg';
import { Kysely } from 'kysely';
import type { DB } from './schema.ts';
import { OwnSchemaDialect } from './ownSchemaDialect.ts';
import type { Database, DatabaseOptions } from './openDatabase.ts';

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

export function openPostgres(options: DatabaseOptions): Database {
  if (options.pgSchema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(options.pgSchema)) {
    throw new Error(`Nome de schema inválido: ${options.pgSchema}`);
  }
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.poolSize ?? 10,
    // A database that does not answer is an outage to report (503), not a request to hold forever.
    connectionTimeoutMillis: 5_000,
    types: pgTypes,
    ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
  });
  // The server ends connections on a restart, a fail-over, `idle_session_timeout` or `pg_terminate_backend`;
  // node-postgres then emits `error`, which without a listener ends the whole process. The pool listens on idle
  // clients only and takes its listener off while Kysely holds one (a transaction, a request between two
  // queries), so each client gets its own listener for life. The query in flight fails (503, see
  // databaseUnavailable.ts) and the pool replaces the client once it is released, since it is no longer queryable.
  pool.on('connect', (client) => client.on('error', (error) => options.onConnectionError?.(error)));
  // The pool re-emits an idle client's error, which the client's own listener has already reported.
  pool.on('error', () => {});
  const db = new Kysely<DB>({ dialect: new OwnSchemaDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}
