/**
 * Section 8, "Gap matrix" (issue 15): the leader's `GET /api/escalas/overview` of the next 8 weeks on a network
 * of 50 churches × 10 departments × 5 positions holding 50,000 allocations. Each church has a Sunday service
 * (needs in every department) and a Wednesday one (half the departments) every week, from 16 weeks back to 16
 * ahead; the allocations fill about nine in ten of the needed places, some answered, some declined, a few
 * without a position. Written straight into a fresh SQLite file and a fresh PostgreSQL database (bulk inserts),
 * then the API bundle (`--only=api`) answers sequential requests of one signed-in client: an admin's whole
 * network, an admin's one church, a team leader's two teams. Reported: p50 and p99 of each, and the answer's
 * size; the bench fails when the answer's totals differ from what was written.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { passwordHasher } from '../../server/accounts/passwordHasher.ts';
import { openDatabase } from '../../server/db/openDatabase.ts';
import { sqliteFile } from '../../server/db/sqliteFile.ts';
import { addDays, dayjs, dayKeyOf, endOfDayUtc, startOfDayUtc, weekdayOf } from '../../shared/dayKey.ts';
import { nameKey } from '../../shared/nameKey.ts';
import type { Overview } from '../../shared/schemas/needs.ts';
import { databaseUrl } from './generateData.ts';
import { median, percentile } from './load.ts';
import { freePort, onCleanup, serverEnv, spawnServer, tempDir } from './processes.ts';
import { figure, type SectionResult } from './report.ts';
import { SERVER_LOG_LEVEL, SMOKE, TIME_ZONE } from './settings.ts';

const MAIN = 'dist/server/main.js';
const PASSWORD = 'bench-overview-senha-longa-42';
const TARGET_P50_MS = 50;

export interface OverviewSizes {
  churches: number;
  departments: number;
  positionsPerDepartment: number;
  /** Members of each team (church + department). */
  teamSize: number;
  weeksBack: number;
  weeksAhead: number;
  allocations: number;
  /** Timed requests per figure (after a few untimed ones). */
  samples: number;
}

export const OVERVIEW_SIZES: OverviewSizes = SMOKE
  ? { churches: 3, departments: 3, positionsPerDepartment: 2, teamSize: 6, weeksBack: 2, weeksAhead: 10, allocations: 300, samples: 5 }
  : { churches: 50, departments: 10, positionsPerDepartment: 5, teamSize: 10, weeksBack: 16, weeksAhead: 16, allocations: 50_000, samples: 40 };

type Row = Record<string, string | number | null>;

export interface Network {
  tables: Array<{ table: string; rows: Row[] }>;
  /** The 8-week window the server answers by default (today … today + 55, network timezone). */
  window: { from: string; to: string };
  /** Totals inside the window, to check the answers against. */
  expected: { events: number; needed: number; allocated: number };
  /** The team leader's two teams, and their totals in the window. */
  leaderTeams: Array<{ churchId: number; departmentId: number }>;
  leaderExpected: { needed: number; allocated: number };
  sizes: { events: number; needs: number; allocations: number; users: number };
}

/** mulberry32: the same network on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The network, as rows per table (explicit ids). Departments 1–6 are the ones the migrations create; more are
 * added after them. Users: 1 the admin, 2 the team leader, then the members, `teamSize` per team.
 */
export function buildNetwork(sizes: OverviewSizes, departmentIds: number[], now: Date, passwordHash: string): Network {
  const random = prng(20_261_124);
  const created = now.toISOString();
  const today = dayKeyOf(now, TIME_ZONE);
  const window = { from: today, to: addDays(today, 8 * 7 - 1) };
  const windowStart = startOfDayUtc(window.from, TIME_ZONE);
  const windowEnd = endOfDayUtc(window.to, TIME_ZONE);
  const departments = departmentIds.slice(0, sizes.departments);

  const churches: Row[] = Array.from({ length: sizes.churches }, (_, i) => ({
    id: i + 1,
    name: `Igreja ${i + 1}`,
    name_key: nameKey(`Igreja ${i + 1}`),
    city: null,
    created_at: created,
  }));
  const positions: Row[] = [];
  const positionsOf = new Map<number, number[]>();
  for (const departmentId of departments) {
    const ids: number[] = [];
    for (let p = 0; p < sizes.positionsPerDepartment; p++) {
      const id = positions.length + 1;
      positions.push({ id, department_id: departmentId, name: `Função ${p + 1}`, name_key: `funcao ${p + 1}` });
      ids.push(id);
    }
    positionsOf.set(departmentId, ids);
  }

  const users: Row[] = [
    { id: 1, name: 'Admin Bench', email: 'admin@bench.koinonia.test', password_hash: passwordHash, role: 'admin', created_at: created },
    { id: 2, name: 'Líder de Equipe', email: 'lider-equipe@bench.koinonia.test', password_hash: passwordHash, role: 'member', created_at: created },
  ];
  const teamMembers: Row[] = [];
  const teamOf = new Map<string, number[]>();
  for (let c = 1; c <= sizes.churches; c++) {
    for (const departmentId of departments) {
      const ids: number[] = [];
      for (let k = 0; k < sizes.teamSize; k++) {
        const id = users.length + 1;
        users.push({ id, name: `Membro ${id}`, email: `membro${id}@bench.koinonia.test`, password_hash: 'x', role: 'member', created_at: created });
        teamMembers.push({ church_id: c, department_id: departmentId, user_id: id, leader: 0, created_at: created });
        ids.push(id);
      }
      teamOf.set(`${c}:${departmentId}`, ids);
    }
  }
  const leaderTeams = [
    { churchId: 1, departmentId: departments[0]! },
    { churchId: Math.min(2, sizes.churches), departmentId: departments[0]! },
  ].filter((team, index, all) => all.findIndex((other) => other.churchId === team.churchId) === index);
  for (const team of leaderTeams) teamMembers.push({ church_id: team.churchId, department_id: team.departmentId, user_id: 2, leader: 1, created_at: created });

  // Events: a Sunday 19:00 service and a Wednesday 20:00 one per church and week.
  const eventTypes: Row[] = [
    { id: 1, name: 'Culto' },
    { id: 2, name: 'Culto de Quarta' },
  ];
  const events: Row[] = [];
  const needs: Row[] = [];
  /** Every needed place: event, department, position (null = anyone), and whether it is in the window. */
  const places: Array<{ eventId: number; churchId: number; departmentId: number; positionId: number | null; past: boolean; inWindow: boolean }> = [];
  const expected = { events: 0, needed: 0, allocated: 0 };
  const leaderExpected = { needed: 0, allocated: 0 };
  const isLeaderTeam = (churchId: number, departmentId: number) => leaderTeams.some((team) => team.churchId === churchId && team.departmentId === departmentId);
  for (let day = addDays(today, -7 * sizes.weeksBack); day <= addDays(today, 7 * sizes.weeksAhead); day = addDays(day, 1)) {
    const weekday = weekdayOf(day);
    if (weekday !== 0 && weekday !== 3) continue;
    const datetime = dayjs.tz(`${day} ${weekday === 0 ? '19:00' : '20:00'}`, TIME_ZONE).toISOString();
    const inWindow = datetime >= windowStart && datetime < windowEnd;
    const past = datetime < created;
    for (let c = 1; c <= sizes.churches; c++) {
      const eventId = events.length + 1;
      events.push({ id: eventId, datetime, event_type_id: weekday === 0 ? 1 : 2, church_id: c });
      if (inWindow) expected.events++;
      // Sunday: every department, its first two positions (two people for the first one in every other
      // department), and the last department "anyone" × 2 instead. Wednesday: half the departments, their first two
      // positions, one each.
      const needed = weekday === 0 ? departments : departments.slice(0, Math.ceil(departments.length / 2));
      needed.forEach((departmentId, index) => {
        const [first, second] = positionsOf.get(departmentId)!;
        const cells: Array<{ positionId: number | null; count: number }> =
          weekday !== 0
            ? [{ positionId: first!, count: 1 }, ...(second !== undefined ? [{ positionId: second, count: 1 }] : [])]
            : index === departments.length - 1 && departments.length > 1
              ? [{ positionId: null, count: 2 }]
              : [
                  { positionId: first!, count: index % 2 === 0 ? 2 : 1 },
                  ...(second !== undefined ? [{ positionId: second, count: 1 }] : []),
                ];
        for (const cell of cells) {
          needs.push({ id: needs.length + 1, event_id: eventId, department_id: departmentId, position_id: cell.positionId, count: cell.count });
          for (let n = 0; n < cell.count; n++) places.push({ eventId, churchId: c, departmentId, positionId: cell.positionId, past, inWindow });
          if (inWindow) {
            expected.needed += cell.count;
            if (isLeaderTeam(c, departmentId)) leaderExpected.needed += cell.count;
          }
        }
      });
    }
  }

  // Allocations: a shuffled choice of the places, each filled by the next free member of the team.
  for (let i = places.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [places[i], places[j]] = [places[j]!, places[i]!];
  }
  const chosen = places.slice(0, Math.min(sizes.allocations, places.length));
  chosen.sort((a, b) => a.eventId - b.eventId || a.departmentId - b.departmentId);
  const allocations: Row[] = [];
  const nextMember = new Map<string, number>();
  for (const place of chosen) {
    const slot = `${place.eventId}:${place.departmentId}`;
    const index = nextMember.get(slot) ?? 0;
    nextMember.set(slot, index + 1);
    const team = teamOf.get(`${place.churchId}:${place.departmentId}`)!;
    const draw = random();
    const status = place.past
      ? draw < 0.85 ? 'confirmed' : draw < 0.95 ? 'declined' : 'pending'
      : draw < 0.4 ? 'confirmed' : draw < 0.85 ? 'pending' : 'declined';
    allocations.push({
      id: allocations.length + 1,
      event_id: place.eventId,
      department_id: place.departmentId,
      member_id: team[index % team.length]!,
      allocated_by: 1,
      created_at: created,
      status,
      responded_at: status === 'pending' ? null : created,
      reason: null,
      // One in fifty names no position: it shows in the department's "anyone" row.
      position_id: random() < 0.02 ? null : place.positionId,
    });
    if (place.inWindow) {
      expected.allocated++;
      if (isLeaderTeam(place.churchId, place.departmentId)) leaderExpected.allocated++;
    }
  }

  const extraDepartments = departments.length > 6 ? departments.slice(6) : [];
  return {
    tables: [
      { table: 'departments', rows: extraDepartments.map((id) => ({ id, name: `Departamento ${id}`, name_key: `departamento ${id}` })) },
      { table: 'churches', rows: churches },
      { table: 'positions', rows: positions },
      { table: 'users', rows: users },
      { table: 'team_members', rows: teamMembers },
      { table: 'event_types', rows: eventTypes },
      { table: 'events', rows: events },
      { table: 'event_needs', rows: needs },
      { table: 'allocations', rows: allocations },
    ],
    window,
    expected,
    leaderTeams,
    leaderExpected,
    sizes: { events: events.length, needs: needs.length, allocations: allocations.length, users: users.length },
  };
}

/** Department ids 1…n: the six the migrations create, then the ones `buildNetwork` adds. */
export function departmentIdsFor(count: number): number[] {
  return Array.from({ length: Math.max(count, 6) }, (_, i) => i + 1);
}

export async function writeSqliteNetwork(dataDir: string, network: Network): Promise<void> {
  const database = await openDatabase({ dataDir });
  await database.close();
  const sqlite = new SQLite(sqliteFile(dataDir));
  try {
    sqlite.pragma('synchronous = OFF');
    sqlite.transaction(() => {
      for (const { table, rows } of network.tables) {
        if (rows.length === 0) continue;
        const columns = Object.keys(rows[0]!);
        const insert = sqlite.prepare(`insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`);
        for (const row of rows) insert.run(...columns.map((column) => row[column]));
      }
    })();
    sqlite.exec('analyze');
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    sqlite.close();
  }
}

/** A fresh database of its own (see generateData.ts's writePostgres for why not a schema), dropped at the end. */
export async function writePostgresNetwork(pgUrl: string, network: Network): Promise<string> {
  const name = `koinonia_bench_overview_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`).finally(() => admin.end());
  onCleanup(async () => {
    const cleanup = new pg.Client({ connectionString: pgUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`).finally(() => cleanup.end());
  });
  const url = databaseUrl(pgUrl, name);
  const database = await openDatabase({ databaseUrl: url, poolSize: 1 });
  await database.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    for (const { table, rows } of network.tables) {
      if (rows.length === 0) continue;
      const columns = Object.keys(rows[0]!);
      // Multi-row inserts of 1,000 rows (below PostgreSQL's 65,535 parameters).
      for (let start = 0; start < rows.length; start += 1_000) {
        const batch = rows.slice(start, start + 1_000);
        const values = batch.map((_, r) => `(${columns.map((__, c) => `$${r * columns.length + c + 1}`).join(', ')})`).join(', ');
        await client.query(`insert into ${table} (${columns.join(', ')}) values ${values}`, batch.flatMap((row) => columns.map((column) => row[column])));
      }
      if ('id' in rows[0]!) await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
    }
    await client.query('commit');
    await client.query('analyze');
  } finally {
    await client.end();
  }
  return url;
}

/** One GET with the session cookie, timed to the last byte. */
function get(url: string, cookie: string, agent: http.Agent): Promise<{ status: number; body: Buffer; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.get(url, { agent, headers: { cookie } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), ms: Number(process.hrtime.bigint() - started) / 1e6 }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

async function signIn(origin: string, email: string): Promise<string> {
  const body = JSON.stringify({ email, password: PASSWORD });
  return new Promise((resolve, reject) => {
    const req = http.request(`${origin}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => {
        const cookie = res.headers['set-cookie']?.[0]?.split(';')[0];
        if (res.statusCode === 200 && cookie) resolve(cookie);
        else reject(new Error(`login of ${email}: status ${res.statusCode}`));
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

function totals(answer: Overview) {
  let needed = 0;
  let allocated = 0;
  for (const { needs } of answer) {
    for (const need of needs) {
      needed += need.needed;
      allocated += need.pending + need.confirmed + need.declined;
    }
  }
  return { events: answer.length, needed, allocated, cells: answer.reduce((sum, item) => sum + item.needs.length, 0) };
}

async function measure(store: string, env: Record<string, string>, network: Network, logDir: string, section: SectionResult): Promise<void> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await spawnServer({
    name: `overview-${store}`,
    args: [MAIN, '--only=api'],
    env: { ...serverEnv(SERVER_LOG_LEVEL, TIME_ZONE), ...env, API_PORT: String(port), DEMO_DATA: 'false' },
    readyUrls: [`${origin}/api/auth/me`],
    logDir,
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const adminCookie = await signIn(origin, 'admin@bench.koinonia.test');
    const leaderCookie = await signIn(origin, 'lider-equipe@bench.koinonia.test');
    section.requests += 2;
    const runs = [
      { label: 'admin, whole network', path: '/api/escalas/overview', cookie: adminCookie, expected: network.expected },
      { label: 'admin, one church', path: '/api/escalas/overview?church_id=1', cookie: adminCookie },
      { label: `team leader (${network.leaderTeams.length} teams)`, path: '/api/escalas/overview', cookie: leaderCookie, expected: { events: undefined, ...network.leaderExpected } },
    ];
    for (const run of runs) {
      const url = origin + run.path;
      for (let i = 0; i < 5; i++) {
        await get(url, run.cookie, agent);
        section.requests++;
      }
      const times: number[] = [];
      let last: { status: number; body: Buffer; ms: number } | undefined;
      for (let i = 0; i < OVERVIEW_SIZES.samples; i++) {
        last = await get(url, run.cookie, agent);
        section.requests++;
        if (last.status !== 200) {
          section.failures.push(`${store} ${run.label}: status ${last.status} ${last.body.toString('utf8').slice(0, 200)}`);
          return;
        }
        times.push(last.ms);
      }
      const got = totals(JSON.parse(last!.body.toString('utf8')) as Overview);
      if (run.expected) {
        const { events, needed, allocated } = run.expected;
        if ((events !== undefined && got.events !== events) || got.needed !== needed || got.allocated !== allocated) {
          section.failures.push(
            `${store} ${run.label}: answered ${got.events} events, ${got.needed} needed, ${got.allocated} allocated; written: ${events ?? '?'} events, ${needed} needed, ${allocated} allocated`,
          );
        }
      }
      section.figures.push(
        figure(`${store} · ${run.label} · p50`, median(times), 'ms', { op: '<=', value: TARGET_P50_MS }, `${got.events} events, ${got.cells.toLocaleString('en-US')} rows, ${(last!.body.length / 1024).toFixed(0)} KB`),
        figure(`${store} · ${run.label} · p99`, percentile(times, 99), 'ms'),
      );
    }
  } finally {
    agent.destroy();
    await server.stop();
  }
}

export async function runOverviewSection(options: { pgUrl: string; usePostgres: boolean; logDir: string }): Promise<SectionResult> {
  const section: SectionResult = { id: 'overview', title: '8. Gap matrix (overview of 8 weeks, one client)', requests: 0, figures: [], failures: [] };
  const sizes = OVERVIEW_SIZES;
  const started = performance.now();
  const network = buildNetwork(sizes, departmentIdsFor(sizes.departments), new Date(), await passwordHasher.hash(PASSWORD));
  section.figures.push(
    figure(
      'network',
      sizes.churches,
      'churches',
      undefined,
      `${sizes.departments} departments × ${sizes.positionsPerDepartment} positions, ${network.sizes.users.toLocaleString('en-US')} people, ${network.sizes.events.toLocaleString('en-US')} events, ${network.sizes.needs.toLocaleString('en-US')} needs, ${network.sizes.allocations.toLocaleString('en-US')} allocations`,
    ),
    figure('in the 8 weeks', network.expected.events, 'events', undefined, `${network.window.from} … ${network.window.to}; ${network.expected.needed.toLocaleString('en-US')} places needed, ${network.expected.allocated.toLocaleString('en-US')} allocations`),
  );

  const dataDir = tempDir('overview-sqlite');
  await writeSqliteNetwork(dataDir, network);
  section.figures.push(figure('SQLite: write the network', (performance.now() - started) / 1000, 's'));
  await measure('SQLite', { DATA_DIR: dataDir }, network, options.logDir, section);

  if (options.usePostgres) {
    const pgStarted = performance.now();
    const url = await writePostgresNetwork(options.pgUrl, network);
    section.figures.push(figure('PostgreSQL: write the network', (performance.now() - pgStarted) / 1000, 's'));
    await measure('PostgreSQL', { DATABASE_URL: url }, network, options.logDir, section);
  }
  return section;
}
