/**
 * Section 10, "Spreadsheet import" (issue 23, docs/product.md §13): an admin imports a file of 5,000 rows — what a
 * network adopting Koinonia brings from its spreadsheets — through `POST /api/teams/import` of the API bundle
 * (`--only=api`). One row in five is a person with an account (added to the team), one in a hundred has a malformed
 * e-mail, the rest are invited by e-mail (their messages queued). Timed, after one untimed preview: the preview
 * (`dry_run=true`), the import (one transaction), and the same file again (nothing left to do). The bench fails when an answer's summary differs
 * from what the file holds, or the second import still finds something to do.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { passwordHasher } from '../../server/accounts/passwordHasher.ts';
import { openDatabase, type Database } from '../../server/db/openDatabase.ts';
import { nameKey } from '../../shared/nameKey.ts';
import type { TeamImportResult, TeamImportSummary } from '../../shared/schemas/teamImport.ts';
import { databaseUrl } from './generateData.ts';
import { freePort, onCleanup, serverEnv, spawnServer, tempDir } from './processes.ts';
import { figure, type SectionResult } from './report.ts';
import { SERVER_LOG_LEVEL, SMOKE, TIME_ZONE } from './settings.ts';

const MAIN = 'dist/server/main.js';
const PASSWORD = 'bench-import-senha-longa-42';
const ADMIN = 'admin@bench.koinonia.test';
const CHURCHES = 5;
const ROWS = SMOKE ? 50 : 5_000;
/** What a leader waits for once they press "Importar". */
const TARGET_IMPORT_MS = 10_000;

export const IMPORT_TITLE = `10. Spreadsheet import (${ROWS.toLocaleString('en-US')} rows, one admin)`;

/** The file, as Excel in pt-BR writes it (semicolons, CRLF), and the summary its rows must give. */
function spreadsheet(departments: string[]): { csv: string; expected: TeamImportSummary; accounts: string[] } {
  const accounts: string[] = [];
  const lines = ['Nome;E-mail;Igreja;Departamento;Telefone;Funções'];
  const expected = { invite: 0, add: 0, none: 0, errors: 0 };
  for (let i = 1; i <= ROWS; i++) {
    let email = `novo${i}@bench.koinonia.test`;
    if (i % 100 === 0) {
      email = `sem-arroba-${i}`;
      expected.errors++;
    } else if (i % 5 === 0) {
      email = `conta${i}@bench.koinonia.test`;
      accounts.push(email);
      expected.add++;
    } else expected.invite++;
    const department = departments[i % departments.length]!;
    lines.push(`Pessoa ${i};${email};Igreja ${(i % CHURCHES) + 1};${department};(11) 98765-${String(i % 10_000).padStart(4, '0')};${i % 2 ? 'Função A' : 'Função A|Função B'}`);
  }
  return { csv: `${lines.join('\r\n')}\r\n`, expected, accounts };
}

/** The network the file names: churches, the first three departments with two positions each, the accounts. */
async function seed(database: Database, accounts: string[]): Promise<void> {
  const { db } = database;
  const now = new Date().toISOString();
  const departments = await db.selectFrom('departments').select('id').orderBy('id').limit(3).execute();
  await db
    .insertInto('churches')
    .values(Array.from({ length: CHURCHES }, (_, i) => ({ name: `Igreja ${i + 1}`, name_key: nameKey(`Igreja ${i + 1}`), city: null, created_at: now })))
    .execute();
  await db
    .insertInto('positions')
    .values(departments.flatMap((department) => ['Função A', 'Função B'].map((name) => ({ department_id: department.id, name, name_key: nameKey(name) }))))
    .execute();
  const hash = await passwordHasher.hash(PASSWORD);
  await db.insertInto('users').values({ name: 'Admin Bench', email: ADMIN, password_hash: hash, role: 'admin', created_at: now }).execute();
  for (let start = 0; start < accounts.length; start += 500) {
    await db
      .insertInto('users')
      .values(accounts.slice(start, start + 500).map((email) => ({ name: email, email, password_hash: 'x', role: 'member' as const, created_at: now })))
      .execute();
  }
}

function post(origin: string, path: string, headers: Record<string, string>, body: Buffer): Promise<{ status: number; body: Buffer; headers: http.IncomingHttpHeaders; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(`${origin}${path}`, { method: 'POST', headers: { ...headers, 'content-length': String(body.length) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers, ms: performance.now() - started }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function measure(store: string, env: Record<string, string>, csv: string, expected: TeamImportSummary, logDir: string, section: SectionResult): Promise<void> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await spawnServer({
    name: `import-${store}`,
    args: [MAIN, '--only=api'],
    env: { ...serverEnv(SERVER_LOG_LEVEL, TIME_ZONE), ...env, API_PORT: String(port), DEMO_DATA: 'false' },
    readyUrls: [`${origin}/api/auth/me`],
    logDir,
  });
  try {
    const login = await post(origin, '/api/auth/login', { 'content-type': 'application/json' }, Buffer.from(JSON.stringify({ email: ADMIN, password: PASSWORD })));
    section.requests++;
    const cookie = login.headers['set-cookie']?.[0]?.split(';')[0];
    if (login.status !== 200 || !cookie) {
      section.failures.push(`${store}: login answered ${login.status}`);
      return;
    }
    const file = Buffer.from(csv, 'utf8');
    const runs: Array<{ label: string; path: string; expected: TeamImportSummary; target?: number }> = [
      { label: 'preview (dry_run)', path: '/api/teams/import?dry_run=true', expected },
      { label: 'import (one transaction)', path: '/api/teams/import', expected, target: TARGET_IMPORT_MS },
      { label: 'the same file again', path: '/api/teams/import', expected: { invite: 0, add: 0, none: expected.invite + expected.add, errors: expected.errors } },
    ];
    // One untimed preview first: the figures are of a server that has run the import's code before, as one in use has.
    const warmUp = await post(origin, '/api/teams/import?dry_run=true', { 'content-type': 'text/csv', cookie }, file);
    section.requests++;
    if (warmUp.status !== 200) {
      section.failures.push(`${store} warm-up: status ${warmUp.status} ${warmUp.body.toString('utf8').slice(0, 200)}`);
      return;
    }
    for (const run of runs) {
      const answer = await post(origin, run.path, { 'content-type': 'text/csv', cookie }, file);
      section.requests++;
      if (answer.status !== 200) {
        section.failures.push(`${store} ${run.label}: status ${answer.status} ${answer.body.toString('utf8').slice(0, 200)}`);
        return;
      }
      const { summary, rows } = JSON.parse(answer.body.toString('utf8')) as TeamImportResult;
      if (JSON.stringify(summary) !== JSON.stringify(run.expected) || rows.length !== ROWS) {
        section.failures.push(`${store} ${run.label}: answered ${JSON.stringify(summary)} for ${rows.length} rows; the file holds ${JSON.stringify(run.expected)}`);
      }
      section.figures.push(
        figure(
          `${store} · ${run.label}`,
          answer.ms,
          'ms',
          run.target === undefined ? undefined : { op: '<=', value: run.target },
          `${summary.invite} invited, ${summary.add} added, ${summary.none} none, ${summary.errors} errors; ${(file.length / 1024).toFixed(0)} KB in, ${(answer.body.length / 1024).toFixed(0)} KB out`,
        ),
      );
    }
  } finally {
    await server.stop();
  }
}

/** A fresh database of its own (as the other sections), migrated by openDatabase, dropped at the end. */
async function freshPostgres(pgUrl: string): Promise<string> {
  const name = `koinonia_bench_import_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`).finally(() => admin.end());
  onCleanup(async () => {
    const cleanup = new pg.Client({ connectionString: pgUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`).finally(() => cleanup.end());
  });
  return databaseUrl(pgUrl, name);
}

export async function runTeamImportSection(options: { pgUrl: string; usePostgres: boolean; logDir: string }): Promise<SectionResult> {
  const section: SectionResult = { id: 'import', title: IMPORT_TITLE, requests: 0, figures: [], failures: [] };
  const stores: Array<{ store: string; open: () => Promise<{ database: Database; env: Record<string, string> }> }> = [
    {
      store: 'SQLite',
      open: async () => {
        const dataDir = tempDir('import-sqlite');
        return { database: await openDatabase({ dataDir }), env: { DATA_DIR: dataDir } };
      },
    },
  ];
  if (options.usePostgres) {
    stores.push({
      store: 'PostgreSQL',
      open: async () => {
        const url = await freshPostgres(options.pgUrl);
        return { database: await openDatabase({ databaseUrl: url, poolSize: 1 }), env: { DATABASE_URL: url } };
      },
    });
  }
  for (const { store, open } of stores) {
    const { database, env } = await open();
    let file: ReturnType<typeof spreadsheet>;
    try {
      const departments = (await database.db.selectFrom('departments').select('name').orderBy('id').limit(3).execute()).map((row) => row.name);
      file = spreadsheet(departments);
      await seed(database, file.accounts);
    } finally {
      await database.close();
    }
    await measure(store, env, file.csv, file.expected, options.logDir, section);
  }
  return section;
}
