/**
 * Migrated template databases, so a test's fresh database is a copy instead of every migration run anew (on a
 * busy 2-core machine a fresh SQLite database took 0.85 s and now 20–45 ms; a PostgreSQL schema 2.8–3.5 s and
 * now 1.1–1.3 s).
 *
 * - SQLite: the migrations run once into a template file; each fresh database is a copy of that file.
 * - PostgreSQL: the migrations run once into a template schema; each fresh schema is made from it in one round
 *   trip: its tables (`like … including all excluding indexes`: columns, defaults, identities, checks), their
 *   rows (the migrations' own: departments, Kysely's migration log), its primary, unique and foreign keys and
 *   other indexes under their own names (from the catalog), and each identity sequence where the template's
 *   stands. The copy's migration log says every migration ran, so `openDatabase` runs none.
 *
 * The node and client projects make both once per run in their global setup (this file's default export) and
 * hand them to the workers through the environment (their child processes inherit it); a process started
 * otherwise migrates each fresh database itself, as before.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { openDatabase } from '../../server/db/openDatabase.ts';
import { sqliteFile } from '../../server/db/sqliteFile.ts';

const SQLITE_TEMPLATE_ENV = 'KOINONIA_TEST_SQLITE_TEMPLATE';
const PG_TEMPLATE_ENV = 'KOINONIA_TEST_PG_TEMPLATE';

function testDatabaseUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
}

async function withClient<T>(run: (client: pg.Client) => Promise<T>, schema?: string): Promise<T> {
  const client = new pg.Client({ connectionString: testDatabaseUrl(), ...(schema ? { options: `-c search_path=${schema}` } : {}) });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Runs the migrations into a new SQLite file; returns the file. */
async function createSqliteTemplate(): Promise<{ file: string; dispose(): void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koinonia-template-'));
  const database = await openDatabase({ dataDir: dir });
  // Closing the only connection checkpoints the WAL into the file: the file alone is the whole database.
  await database.close();
  return { file: sqliteFile(dir), dispose: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Runs the migrations into a new PostgreSQL schema; returns its name. */
async function createPostgresTemplate(): Promise<{ schema: string; dispose(): Promise<void> }> {
  const schema = `t_template_${randomBytes(6).toString('hex')}`;
  await withClient((client) => client.query(`create schema ${schema}`));
  const drop = () => withClient((client) => client.query(`drop schema if exists ${schema} cascade`)).then(() => {});
  try {
    const database = await openDatabase({ databaseUrl: testDatabaseUrl(), pgSchema: schema, poolSize: 1 });
    await database.close();
  } catch (error) {
    await drop();
    throw error;
  }
  return { schema, dispose: drop };
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The SQL that makes a schema equal to the template (run with the new schema first on the search path): read
 * once per process from the catalog.
 */
async function cloneScript(template: string): Promise<{ sql: string; installationToken: boolean }> {
  return withClient(async (client) => {
    const tables = (
      await client.query<{ name: string }>(
        `select c.relname as name from pg_class c where c.relnamespace = $1::regnamespace and c.relkind = 'r' order by c.oid`,
        [template],
      )
    ).rows;
    const statements: string[] = [];
    for (const { name } of tables) {
      statements.push(`create table ${quote(name)} (like ${quote(template)}.${quote(name)} including all excluding indexes)`);
      const count = (await client.query<{ n: number }>(`select count(*)::int as n from ${quote(template)}.${quote(name)}`)).rows[0]!.n;
      if (count > 0) statements.push(`insert into ${quote(name)} overriding system value select * from ${quote(template)}.${quote(name)}`);
    }
    // Keys first (a foreign key needs the unique index it points at), then foreign keys; with the template on the
    // search path the definitions name tables without a schema, so they resolve in the new one.
    const constraints = (
      await client.query<{ table: string; name: string; kind: string; definition: string }>(
        `select t.relname as table, c.conname as name, c.contype as kind, pg_get_constraintdef(c.oid) as definition
           from pg_constraint c join pg_class t on t.oid = c.conrelid
          where c.connamespace = $1::regnamespace and c.contype in ('p', 'u', 'x', 'f')
          order by c.contype = 'f', c.oid`,
        [template],
      )
    ).rows;
    // One `alter table` per table and kind: each costs a pass over the catalog and locks.
    const grouped = new Map<string, string[]>();
    for (const constraint of constraints) {
      const key = `${constraint.kind === 'f' ? 'f' : 'k'}\0${constraint.table}`;
      grouped.set(key, [...(grouped.get(key) ?? []), `add constraint ${quote(constraint.name)} ${constraint.definition}`]);
    }
    for (const [key, clauses] of grouped) statements.push(`alter table ${quote(key.split('\0')[1]!)} ${clauses.join(', ')}`);
    const indexes = (
      await client.query<{ definition: string }>(
        `select pg_get_indexdef(i.indexrelid) as definition
           from pg_index i join pg_class c on c.oid = i.indexrelid
          where c.relnamespace = $1::regnamespace
            and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid and k.contype in ('p', 'u', 'x'))
          order by i.indexrelid`,
        [template],
      )
    ).rows;
    const qualified = new RegExp(` ON (ONLY )?${template}\\.`, 'g');
    for (const { definition } of indexes) statements.push(definition.replace(qualified, ' ON $1'));
    const sequences = (
      await client.query<{ table: string; column: string; sequence: string }>(
        `select c.relname as table, a.attname as column, pg_get_serial_sequence(quote_ident(c.relname), a.attname) as sequence
           from pg_attribute a join pg_class c on c.oid = a.attrelid
          where c.relnamespace = $1::regnamespace and c.relkind = 'r' and a.attidentity <> '' and not a.attisdropped`,
        [template],
      )
    ).rows;
    for (const { table, column, sequence } of sequences) {
      const state = (await client.query<{ last: string; called: boolean }>(`select last_value::text as last, is_called as called from ${sequence}`)).rows[0]!;
      statements.push(`select setval(pg_get_serial_sequence(${pgLiteral(quote(table))}, ${pgLiteral(column)}), ${state.last}, ${state.called})`);
    }
    const installationToken =
      (
        await client.query(
          `select 1 from pg_attribute where attrelid = to_regclass($1) and attname = 'token' and not attisdropped`,
          [`${template}.installation`],
        )
      ).rowCount === 1;
    return { sql: statements.join(';\n'), installationToken };
  }, template);
}

const pgLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;

interface Templates {
  sqlite: string;
  postgres: string | undefined;
  dispose(): Promise<void>;
}

async function createTemplates(withPostgres: boolean): Promise<Templates> {
  const sqlite = await createSqliteTemplate();
  const postgres = withPostgres ? await createPostgresTemplate() : undefined;
  return {
    sqlite: sqlite.file,
    postgres: postgres?.schema,
    async dispose() {
      sqlite.dispose();
      await postgres?.dispose();
    },
  };
}

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: testDatabaseUrl(), connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The run's templates, shared by the projects whose global setup asks for them (counted, removed by the last). */
const shared = globalThis as { koinoniaTestTemplates?: { users: number; templates: Promise<Templates> } };

/** Vitest global setup (node and client projects): the run's templates, handed to the workers via the environment. */
export default async function setup(): Promise<() => Promise<void>> {
  shared.koinoniaTestTemplates ??= { users: 0, templates: postgresAnswers().then(createTemplates) };
  const entry = shared.koinoniaTestTemplates;
  entry.users++;
  const templates = await entry.templates;
  process.env[SQLITE_TEMPLATE_ENV] = templates.sqlite;
  if (templates.postgres) process.env[PG_TEMPLATE_ENV] = templates.postgres;
  return async () => {
    if (--entry.users > 0) return;
    delete shared.koinoniaTestTemplates;
    await templates.dispose();
  };
}

/** The run's migrated SQLite template file; undefined in a process the global setup did not start. */
export function sqliteTemplate(): string | undefined {
  const given = process.env[SQLITE_TEMPLATE_ENV];
  return given && fs.existsSync(given) ? given : undefined;
}

let script: ReturnType<typeof cloneScript> | undefined;
/**
 * The SQL that makes `schema` (created by it) a migrated copy of the run's template schema, in one round trip;
 * undefined in a process the global setup did not start.
 */
export async function postgresCloneSql(schema: string): Promise<string | undefined> {
  const template = process.env[PG_TEMPLATE_ENV];
  if (!template) return undefined;
  script ??= cloneScript(template);
  // One query of many statements runs as one transaction: the schema is whole or absent. The search path set
  // here is the session's, and the session (the caller's own client) ends after it.
  const { sql, installationToken } = await script;
  return [`create schema ${schema}`, `set search_path to ${schema}`, sql, ...(installationToken ? [`update installation set token = '${newInstallationToken()}'`] : [])].join(';\n');
}

/**
 * What a migration writes at random so that every database has its own gets a new value in each copy, as
 * migrating anew would give it: 012's installation token, a part of every Message-ID.
 */
function newInstallationToken(): string {
  return randomBytes(6).toString('hex');
}

/** A copy of the SQLite template gets its own installation token (see newInstallationToken). */
export function refreshPerDatabaseValuesSqlite(file: string): void {
  const sqlite = new SQLite(file);
  // A throwaway copy: no fsync for this one write.
  sqlite.pragma('synchronous = OFF');
  try {
    const hasToken = sqlite.prepare(`select 1 from pragma_table_info('installation') where name = 'token'`).get();
    if (hasToken) sqlite.prepare('update installation set token = ?').run(newInstallationToken());
  } finally {
    sqlite.close();
  }
}
