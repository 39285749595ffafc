import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { openDatabase } from '../../server/db/openDatabase.ts';
import { sqliteFile } from '../../server/db/sqliteFile.ts';
import { DEMO_EVENT_TYPES } from '../../server/demo/demoEvents.ts';
import {
  addDays,
  addMonths,
  dayjs,
  dayKeyOf,
  endOfDayUtc,
  firstDayOfMonth,
  lastDayOfMonth,
  startOfDayUtc,
  weekdayOf,
  type DayKey,
} from '../../shared/dayKey.ts';
import { listEventsBetween } from '../../server/events/eventQueries.ts';
import { onCleanup } from './processes.ts';
import { figure, type SectionResult } from './report.ts';

/** The two months the events page asks for: the current month's first day to the next month's last day. */
export interface BenchWindow {
  from: DayKey;
  to: DayKey;
  startUtc: string;
  endUtc: string;
  path: string;
}

export function benchWindow(now: Date, timeZone: string): BenchWindow {
  const from = firstDayOfMonth(dayKeyOf(now, timeZone));
  const to = lastDayOfMonth(addMonths(from, 1));
  return {
    from,
    to,
    startUtc: startOfDayUtc(from, timeZone),
    endUtc: endOfDayUtc(to, timeZone),
    path: `/api/events?from=${from}&to=${to}`,
  };
}

type TypeName = (typeof DEMO_EVENT_TYPES)[number];

interface GeneratedEvent {
  id: number;
  datetime: string;
  typeId: number | null;
}

export interface Dataset {
  events: GeneratedEvent[];
  windowEvents: number;
  members: number;
  allocations: Array<{ id: number; eventId: number; departmentId: number; memberId: number; allocatedBy: number; createdAt: string }>;
}

/** A small deterministic PRNG (mulberry32), so every run and every size draws the same data. */
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

const typeId = (name: TypeName) => DEMO_EVENT_TYPES.indexOf(name) + 1;

/** A busy network's two months: about seven events a week, ~60 in the window. */
function windowSchedule(window: BenchWindow, timeZone: string): Array<{ datetime: string; typeId: number | null }> {
  const events: Array<{ day: DayKey; time: string; type: TypeName | null }> = [];
  const firstMondays = new Set<string>();
  for (let day = window.from; day <= window.to; day = addDays(day, 1)) {
    switch (weekdayOf(day)) {
      case 0:
        events.push({ day, time: '09:00', type: 'Escola Bíblica' }, { day, time: '10:30', type: 'Culto' }, { day, time: '19:00', type: 'Culto' });
        break;
      case 1:
        if (!firstMondays.has(day.slice(0, 7))) {
          firstMondays.add(day.slice(0, 7));
          events.push({ day, time: '20:00', type: 'Reunião de Líderes' });
        }
        break;
      case 3:
        events.push({ day, time: '20:00', type: 'Célula' });
        break;
      case 4:
        events.push({ day, time: '19:30', type: 'Célula' });
        break;
      case 5:
        if (Number(day.slice(8)) <= 7) events.push({ day, time: '22:00', type: 'Vigília' });
        break;
      case 6:
        events.push({ day, time: '16:00', type: 'Ensaio' });
        break;
    }
  }
  const conference = addDays(addMonths(window.from, 1), 14);
  events.push({ day: conference, time: '19:30', type: 'Conferência' }, { day: addDays(conference, 1), time: '10:00', type: 'Conferência' });
  events.push({ day: addDays(window.from, 9), time: '19:00', type: null });
  return events
    .map((event) => ({
      datetime: dayjs.tz(`${event.day} ${event.time}`, timeZone).toISOString(),
      typeId: event.type ? typeId(event.type) : null,
    }))
    .sort((a, b) => a.datetime.localeCompare(b.datetime));
}

/**
 * `size` events: the window's own (always the same, ids 1…n) and the rest spread over ten years around it
 * (eight back, two ahead), none inside the window; plus members and allocations.
 */
export function buildDataset(
  size: number,
  options: { window: BenchWindow; timeZone: string; members: number; allocations: number; now: Date },
): Dataset {
  const random = prng(20_251_122);
  const inWindow = windowSchedule(options.window, options.timeZone);
  const events: GeneratedEvent[] = inWindow.map((event, index) => ({ id: index + 1, ...event }));
  const start = dayjs(options.now).subtract(8, 'year').valueOf();
  const end = dayjs(options.now).add(2, 'year').valueOf();
  const windowStart = Date.parse(options.window.startUtc);
  const windowLength = Date.parse(options.window.endUtc) - windowStart;
  const halfHour = 30 * 60 * 1000;
  for (let id = events.length + 1; id <= size; id++) {
    let at = start + Math.floor(random() * (end - start - windowLength));
    if (at >= windowStart) at += windowLength;
    at -= at % halfHour;
    if (at >= windowStart && at < windowStart + windowLength) at = windowStart + windowLength;
    const type = random() < 0.05 ? null : 1 + Math.floor(random() * DEMO_EVENT_TYPES.length);
    events.push({ id, datetime: new Date(at).toISOString(), typeId: type });
  }

  const allocations: Dataset['allocations'] = [];
  const taken = new Set<string>();
  const leaders = Math.max(1, Math.floor(options.members / 50));
  let guard = 0;
  while (allocations.length < options.allocations && guard++ < options.allocations * 20) {
    // A third of the rota is for the coming weeks (the window), the rest is history and plans.
    const eventId = random() < 0.33 ? 1 + Math.floor(random() * inWindow.length) : 1 + Math.floor(random() * size);
    const memberId = 1 + Math.floor(random() * options.members);
    const key = `${eventId}:${memberId}`;
    if (taken.has(key)) continue;
    taken.add(key);
    allocations.push({
      id: allocations.length + 1,
      eventId,
      memberId,
      departmentId: 1 + Math.floor(random() * 6),
      allocatedBy: 1 + Math.floor(random() * leaders),
      createdAt: options.now.toISOString(),
    });
  }
  return { events, windowEvents: inWindow.length, members: options.members, allocations };
}

// A real argon2id hash of a throwaway password: members are never signed in by the bench.
const PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hzYWx0YmVuY2g$1dQBsG7ecbq0lZzbGtR8u3cB1m0n2q0yT6Gm1b1V6nY';

function memberRows(count: number, now: Date) {
  const leaders = Math.max(1, Math.floor(count / 50));
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    name: `Membro ${String(index + 1).padStart(4, '0')}`,
    email: `membro${index + 1}@bench.koinonia.test`,
    role: index < leaders ? 'leader' : 'member',
    createdAt: now.toISOString(),
  }));
}

/** A fresh SQLite file `${dataDir}/koinonia.db` holding the dataset (migrated by the product's own code). */
export async function writeSqlite(dataDir: string, dataset: Dataset, now: Date): Promise<void> {
  const database = await openDatabase({ dataDir });
  await database.close();
  const sqlite = new SQLite(sqliteFile(dataDir));
  try {
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = OFF');
    sqlite.transaction(() => {
      const insertType = sqlite.prepare('insert into event_types (id, name) values (?, ?)');
      DEMO_EVENT_TYPES.forEach((name, index) => insertType.run(index + 1, name));
      const insertEvent = sqlite.prepare('insert into events (id, datetime, event_type_id) values (?, ?, ?)');
      for (const event of dataset.events) insertEvent.run(event.id, event.datetime, event.typeId);
      const insertUser = sqlite.prepare('insert into users (id, name, email, password_hash, role, created_at) values (?, ?, ?, ?, ?, ?)');
      for (const m of memberRows(dataset.members, now)) insertUser.run(m.id, m.name, m.email, PASSWORD_HASH, m.role, m.createdAt);
      const insertAllocation = sqlite.prepare(
        'insert into allocations (id, event_id, department_id, member_id, allocated_by, created_at) values (?, ?, ?, ?, ?, ?)',
      );
      for (const a of dataset.allocations) insertAllocation.run(a.id, a.eventId, a.departmentId, a.memberId, a.allocatedBy, a.createdAt);
    })();
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    sqlite.close();
  }
}

/** The plan SQLite picks for the window query (must search events by the (datetime, id) index). */
export function sqliteWindowPlan(dataDir: string, window: BenchWindow): string {
  const sqlite = new SQLite(sqliteFile(dataDir), { readonly: true });
  try {
    const rows = sqlite
      .prepare(
        `explain query plan select events.id, events.datetime, event_types.name as type_name from events
         left join event_types on event_types.id = events.event_type_id
         where events.datetime >= ? and events.datetime < ? order by events.datetime, events.id`,
      )
      .all(window.startUtc, window.endUtc) as Array<{ detail: string }>;
    return rows.map((row) => row.detail).join('; ');
  } finally {
    sqlite.close();
  }
}

export async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The same server, another database. */
export function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * A fresh database of its own (its `public` schema) holding the dataset; dropped by the bench's cleanup.
 * Returns its URL. A database rather than a schema in the shared one: Kysely's migrator looks for its
 * `kysely_migration*` tables in every schema it can see, so a bench schema living for minutes would make the
 * migrations of tests running beside it skip creating their own (and theirs would do the same to ours).
 */
export async function writePostgres(url: string, dataset: Dataset, now: Date): Promise<string> {
  const name = `koinonia_bench_${randomBytes(5).toString('hex')}_${dataset.events.length}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  onCleanup(async () => {
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    try {
      await cleanup.query(`drop database if exists ${name} with (force)`);
    } finally {
      await cleanup.end();
    }
  });
  const target = databaseUrl(url, name);
  const database = await openDatabase({ databaseUrl: target, poolSize: 1 });
  await database.close();

  const client = new pg.Client({ connectionString: target });
  await client.connect();
  try {
    await client.query('begin');
    await client.query('insert into event_types (id, name) select * from unnest($1::int[], $2::text[])', [
      DEMO_EVENT_TYPES.map((_, index) => index + 1),
      [...DEMO_EVENT_TYPES],
    ]);
    for (let offset = 0; offset < dataset.events.length; offset += 25_000) {
      const batch = dataset.events.slice(offset, offset + 25_000);
      await client.query('insert into events (id, datetime, event_type_id) select * from unnest($1::int[], $2::timestamptz[], $3::int[])', [
        batch.map((e) => e.id),
        batch.map((e) => e.datetime),
        batch.map((e) => e.typeId),
      ]);
    }
    const members = memberRows(dataset.members, now);
    await client.query(
      `insert into users (id, name, email, password_hash, role, created_at)
       select id, name, email, $4, role, $6::timestamptz from unnest($1::int[], $2::text[], $3::text[], $5::text[]) as u(id, name, email, role)`,
      [members.map((m) => m.id), members.map((m) => m.name), members.map((m) => m.email), PASSWORD_HASH, members.map((m) => m.role), now.toISOString()],
    );
    const a = dataset.allocations;
    await client.query(
      `insert into allocations (id, event_id, department_id, member_id, allocated_by, created_at)
       select id, event_id, department_id, member_id, allocated_by, $6::timestamptz
       from unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::int[]) as a(id, event_id, department_id, member_id, allocated_by)`,
      [a.map((x) => x.id), a.map((x) => x.eventId), a.map((x) => x.departmentId), a.map((x) => x.memberId), a.map((x) => x.allocatedBy), now.toISOString()],
    );
    // Explicit ids leave the identity sequences behind; move them on as the product's own inserts would.
    for (const table of ['event_types', 'events', 'users', 'allocations']) {
      await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), (select coalesce(max(id), 1) from ${table}))`);
    }
    await client.query('commit');
    // A live database has statistics (autovacuum); a freshly loaded one gets them now.
    await client.query('analyze');
  } finally {
    await client.end();
  }
  return target;
}

/** Ids spread over the whole table, for `GET /api/events/{id}`. */
export function sampleIds(size: number, count = 64): number[] {
  return Array.from({ length: count }, (_, index) => 1 + Math.floor(((index + 0.5) * size) / count));
}

// ── Section 1: data at scale ────────────────────────────────────────────────────────────────────────────

export interface Fixture {
  now: Date;
  window: BenchWindow;
  windowEvents: number;
  /** Table size → SQLite data folder (the largest is the main data set). */
  sqlite: Map<number, string>;
  /** Table size → DATABASE_URL of its database; empty when PostgreSQL does not answer. */
  postgres: Map<number, string>;
  /** `GET /api/events/{id}` paths spread over the main data set. */
  idPaths: string[];
}

async function verifyStore(
  label: string,
  options: { dataDir?: string; databaseUrl?: string },
  expected: { events: number; windowEvents: number },
  window: BenchWindow,
): Promise<{ queries: number; problem?: string }> {
  const database = await openDatabase(options);
  try {
    const { count } = await database.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const inWindow = await listEventsBetween(database.db, window.startUtc, window.endUtc);
    if (Number(count) !== expected.events) return { queries: 2, problem: `${label}: ${count} events stored, ${expected.events} expected` };
    if (inWindow.length !== expected.windowEvents) {
      return { queries: 2, problem: `${label}: ${inWindow.length} events in the window, ${expected.windowEvents} expected` };
    }
    return { queries: 2 };
  } finally {
    await database.close();
  }
}

export async function runDataSection(
  fixture: Fixture,
  options: { sizes: number[]; members: number; allocations: number; timeZone: string; pgUrl: string; usePostgres: boolean; makeDir: (name: string) => string },
): Promise<SectionResult> {
  const section: SectionResult = { id: 'data', title: '1. Data at scale', requests: 0, figures: [], failures: [] };
  const main = Math.max(...options.sizes);
  const datasets = new Map(
    options.sizes.map((size) => [
      size,
      buildDataset(size, { window: fixture.window, timeZone: options.timeZone, members: options.members, allocations: options.allocations, now: fixture.now }),
    ]),
  );
  const mainDataset = datasets.get(main)!;
  fixture.windowEvents = mainDataset.windowEvents;
  fixture.idPaths = sampleIds(main).map((id) => `/api/events/${id}`);

  let started = performance.now();
  for (const [size, dataset] of datasets) {
    const dir = options.makeDir(`sqlite-${size}`);
    await writeSqlite(dir, dataset, fixture.now);
    fixture.sqlite.set(size, dir);
  }
  const sqliteSeconds = (performance.now() - started) / 1000;
  const mainDir = fixture.sqlite.get(main)!;
  section.figures.push(
    figure('events (main set)', main, ''),
    figure('events in the two-month window', mainDataset.windowEvents, '', undefined, `${fixture.window.from} … ${fixture.window.to}`),
    figure('members', options.members, ''),
    figure('allocations', mainDataset.allocations.length, ''),
    figure(`SQLite: write ${options.sizes.length} files`, sqliteSeconds, 's', undefined, options.sizes.map((s) => s.toLocaleString('en-US')).join(' / ')),
    figure('SQLite file (main set)', fs.statSync(sqliteFile(mainDir)).size / 1024 / 1024, 'MB'),
  );
  const plan = sqliteWindowPlan(mainDir, fixture.window);
  const usesIndex = /USING (COVERING )?INDEX events_datetime_id/.test(plan) && !/TEMP B-TREE/.test(plan);
  section.figures.push({ ...figure('SQLite window plan: (datetime, id) index, no sort', usesIndex ? 1 : 0, '', { op: '>=', value: 1 }), detail: plan });

  if (options.usePostgres) {
    started = performance.now();
    for (const [size, dataset] of datasets) {
      fixture.postgres.set(size, await writePostgres(options.pgUrl, dataset, fixture.now));
    }
    section.figures.push(figure(`PostgreSQL: write ${options.sizes.length} databases`, (performance.now() - started) / 1000, 's'));
    const pgPlan = await postgresWindowPlan(fixture.postgres.get(main)!, fixture.window);
    section.figures.push({
      ...figure('PostgreSQL window plan: (datetime, id) index', pgPlan.includes('events_datetime_id') ? 1 : 0, '', { op: '>=', value: 1 }),
      detail: pgPlan,
    });
    section.requests += 1;
  }

  for (const [size, dir] of fixture.sqlite) {
    const check = await verifyStore(`SQLite ${size}`, { dataDir: dir }, { events: size, windowEvents: mainDataset.windowEvents }, fixture.window);
    section.requests += check.queries;
    if (check.problem) section.failures.push(check.problem);
  }
  for (const [size, url] of fixture.postgres) {
    const check = await verifyStore(`PostgreSQL ${size}`, { databaseUrl: url }, { events: size, windowEvents: mainDataset.windowEvents }, fixture.window);
    section.requests += check.queries;
    if (check.problem) section.failures.push(check.problem);
  }
  return section;
}

async function postgresWindowPlan(url: string, window: BenchWindow): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(
      `explain select events.id, events.datetime, event_types.name as type_name from events
       left join event_types on event_types.id = events.event_type_id
       where events.datetime >= $1 and events.datetime < $2 order by events.datetime, events.id`,
      [window.startUtc, window.endUtc],
    );
    return rows.map((row) => row['QUERY PLAN'].trim()).join('; ');
  } finally {
    await client.end();
  }
}
