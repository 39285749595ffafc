import { sql, type Kysely, type Transaction } from 'kysely';
import type { Allocation, Department, Member, MyEvent, ScheduleConflict } from '../../shared/schemas/escalas.ts';
import type { DB, Instant } from '../db/schema.ts';
import { dialectOf } from '../db/dialect.ts';
import { toEvent } from '../events/eventQueries.ts';
import { departmentKey } from './departmentKey.ts';

type Db = Kysely<DB> | Transaction<DB>;

function selectAllocations(db: Db) {
  return db
    .selectFrom('allocations')
    .innerJoin('events', 'events.id', 'allocations.event_id')
    .innerJoin('departments', 'departments.id', 'allocations.department_id')
    .innerJoin('users', 'users.id', 'allocations.member_id')
    .select([
      'allocations.id',
      'allocations.event_id',
      'allocations.created_at',
      'departments.id as department_id',
      'departments.name as department_name',
      'users.id as member_id',
      'users.name as member_name',
      'users.email as member_email',
    ]);
}

type AllocationRow = {
  id: number;
  event_id: number;
  created_at: Instant;
  department_id: number;
  department_name: string;
  member_id: number;
  member_name: string;
  member_email: string;
};

function toAllocation(row: AllocationRow): Allocation {
  return {
    id: row.id,
    event_id: row.event_id,
    department: { id: row.department_id, name: row.department_name },
    member: { id: row.member_id, name: row.member_name, email: row.member_email },
    created_at: row.created_at,
  };
}

export async function findAllocation(db: Db, id: number): Promise<Allocation | undefined> {
  const row = await selectAllocations(db).where('allocations.id', '=', id).executeTakeFirst();
  return row && toAllocation(row);
}

export async function listEventAllocations(db: Db, eventId: number): Promise<Allocation[]> {
  const rows = await selectAllocations(db)
    .where('allocations.event_id', '=', eventId)
    .orderBy('departments.name')
    .orderBy('users.name')
    .orderBy('allocations.id')
    .execute();
  return rows.map(toAllocation);
}

/** Allocations of the events starting in [start, end), in event order. */
export async function listAllocationsBetween(db: Db, start: Instant, end: Instant): Promise<Allocation[]> {
  const rows = await selectAllocations(db)
    .where('events.datetime', '>=', start)
    .where('events.datetime', '<', end)
    .orderBy('events.datetime')
    .orderBy('events.id')
    .orderBy('departments.name')
    .orderBy('users.name')
    .execute();
  return rows.map(toAllocation);
}

export async function listDepartments(db: Db): Promise<Department[]> {
  return db.selectFrom('departments').select(['id', 'name']).orderBy('name_key').execute();
}

export async function findDepartment(db: Db, ref: number | string): Promise<Department | undefined> {
  const query = db.selectFrom('departments').select(['id', 'name']);
  return (typeof ref === 'number' ? query.where('id', '=', ref) : query.where('name_key', '=', departmentKey(ref))).executeTakeFirst();
}

export async function findMember(db: Db, ref: number | string): Promise<Member | undefined> {
  const query = db.selectFrom('users').select(['id', 'name', 'email']);
  return (typeof ref === 'number' ? query.where('id', '=', ref) : query.where('email', '=', ref)).executeTakeFirst();
}

/** How many members a search answers with. */
export const MEMBER_SEARCH_LIMIT = 20;
const MEMBER_SEARCH_PAGE = 200;

/**
 * Members whose name or email contains `q` (case-insensitive, `%`, `_` and `\` taken literally), at most 20, by name.
 *
 * SQLite's lower() and LIKE fold only ASCII letters (so does PostgreSQL under a C locale), which would miss
 * "Érica" for "érica". The database therefore narrows the list with a pattern in which every non-ASCII
 * character of the term is a one-character wildcard, and JavaScript's toLowerCase decides, a page at a time.
 */
export async function searchMembers(db: Db, q: string | undefined): Promise<Member[]> {
  const select = () => db.selectFrom('users').select(['id', 'name', 'email']).orderBy('name').orderBy('id');
  const term = q?.trim().toLowerCase();
  if (!term) return select().limit(MEMBER_SEARCH_LIMIT).execute();

  const pattern = `%${Array.from(term, (c) => (/[\\%_]/.test(c) ? `\\${c}` : c.charCodeAt(0) < 0x80 ? c : '_')).join('')}%`;
  const matches: Member[] = [];
  let after: Member | undefined;
  for (;;) {
    let query = select().where(
      sql<boolean>`(lower(${sql.ref('users.name')}) like ${pattern} escape '\\' or lower(${sql.ref('users.email')}) like ${pattern} escape '\\')`,
    );
    if (after) {
      const { name, id } = after;
      query = query.where((eb) => eb.or([eb('users.name', '>', name), eb.and([eb('users.name', '=', name), eb('users.id', '>', id)])]));
    }
    const rows = await query.limit(MEMBER_SEARCH_PAGE).execute();
    for (const row of rows) {
      if (row.name.toLowerCase().includes(term) || row.email.toLowerCase().includes(term)) {
        matches.push(row);
        if (matches.length === MEMBER_SEARCH_LIMIT) return matches;
      }
    }
    if (rows.length < MEMBER_SEARCH_PAGE) return matches;
    after = rows[rows.length - 1];
  }
}

/** The member's allocations at events starting within `hours` of `at` (exclusive at both ends), other than `eventId`. */
export async function findScheduleConflicts(db: Db, memberId: number, eventId: number, at: Instant, hours: number): Promise<ScheduleConflict[]> {
  const windowMs = hours * 60 * 60 * 1000;
  const start = new Date(Date.parse(at) - windowMs).toISOString();
  const end = new Date(Date.parse(at) + windowMs).toISOString();
  const rows = await db
    .selectFrom('allocations')
    .innerJoin('events', 'events.id', 'allocations.event_id')
    .leftJoin('event_types', 'event_types.id', 'events.event_type_id')
    .innerJoin('departments', 'departments.id', 'allocations.department_id')
    .select(['events.id', 'events.datetime', 'event_types.name as type_name', 'departments.id as department_id', 'departments.name as department_name'])
    .where('allocations.member_id', '=', memberId)
    .where('allocations.event_id', '!=', eventId)
    .where('events.datetime', '>', start)
    .where('events.datetime', '<', end)
    .orderBy('events.datetime')
    .execute();
  return rows.map((row) => ({ event: toEvent(row), department: { id: row.department_id, name: row.department_name } }));
}

/** Serialises allocations of one member: concurrent requests for the same person wait here, in turn. */
export async function lockMember(trx: Transaction<DB>, memberId: number): Promise<void> {
  // SQLite runs one write transaction at a time already; PostgreSQL needs the row lock.
  // FOR NO KEY UPDATE, not FOR UPDATE: it still queues allocations of this member, but does not block the
  // foreign-key checks (FOR KEY SHARE) of other inserts that name this user as `allocated_by`. With FOR UPDATE,
  // leader A allocating B while B allocates A deadlocked: each held the other's row against its own check.
  if (dialectOf(trx) === 'postgres') {
    await trx.selectFrom('users').select('id').where('id', '=', memberId).forNoKeyUpdate().execute();
  }
}

export async function listMyEvents(db: Db, memberId: number, now: Date): Promise<MyEvent[]> {
  const rows = await db
    .selectFrom('allocations')
    .innerJoin('events', 'events.id', 'allocations.event_id')
    .leftJoin('event_types', 'event_types.id', 'events.event_type_id')
    .innerJoin('departments', 'departments.id', 'allocations.department_id')
    .select([
      'events.id',
      'events.datetime',
      'event_types.name as type_name',
      'allocations.id as allocation_id',
      'departments.id as department_id',
      'departments.name as department_name',
    ])
    .where('allocations.member_id', '=', memberId)
    .orderBy('events.datetime')
    .orderBy('events.id')
    .execute();
  const all = rows.map((row) => ({
    ...toEvent(row),
    allocation_id: row.allocation_id,
    department: { id: row.department_id, name: row.department_name },
  }));
  const nowIso = now.toISOString();
  // Upcoming first, soonest first; then what already happened, most recent first.
  return [...all.filter((e) => e.datetime >= nowIso), ...all.filter((e) => e.datetime < nowIso).reverse()];
}
