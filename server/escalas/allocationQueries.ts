import type { Kysely, Transaction } from 'kysely';
import type { Allocation, ScheduleConflict, TeamMember } from '../../shared/schemas/escalas.ts';
import { isUniqueViolation } from '../db/isUniqueViolation.ts';
import type { AllocationStatus, DB, Instant } from '../db/schema.ts';
import { lastDeliveryStates } from '../outbox/outboxQueries.ts';
import { toEvent } from './eventRows.ts';

type Db = Kysely<DB> | Transaction<DB>;

function selectAllocations(db: Db) {
  return db
    .selectFrom('allocations')
    .innerJoin('events', 'events.id', 'allocations.event_id')
    .innerJoin('departments', 'departments.id', 'allocations.department_id')
    .innerJoin('users', 'users.id', 'allocations.member_id')
    .leftJoin('positions', 'positions.id', 'allocations.position_id')
    .select([
      'allocations.id',
      'allocations.event_id',
      'allocations.created_at',
      'allocations.status',
      'allocations.responded_at',
      'allocations.reason',
      'departments.id as department_id',
      'departments.name as department_name',
      'users.id as member_id',
      'users.name as member_name',
      'users.email as member_email',
      'positions.id as position_id',
      'positions.name as position_name',
    ]);
}

type AllocationRow = {
  id: number;
  event_id: number;
  created_at: Instant;
  status: AllocationStatus;
  responded_at: Instant | null;
  reason: string | null;
  department_id: number;
  department_name: string;
  member_id: number;
  member_name: string;
  member_email: string;
  position_id: number | null;
  position_name: string | null;
};

/** The rows as allocations, each with the last delivery state of the messages about it (PRODUCT §7). */
async function toAllocations(db: Db, rows: AllocationRow[]): Promise<Allocation[]> {
  const delivery = await lastDeliveryStates(db, rows.map((row) => row.id));
  return rows.map((row) => toAllocation(row, delivery.get(row.id) ?? null));
}

function toAllocation(row: AllocationRow, delivery: Allocation['delivery']): Allocation {
  return {
    id: row.id,
    event_id: row.event_id,
    department: { id: row.department_id, name: row.department_name },
    member: { id: row.member_id, name: row.member_name, email: row.member_email },
    created_at: row.created_at,
    status: row.status,
    responded_at: row.responded_at,
    reason: row.reason,
    delivery,
    position: row.position_id === null || row.position_name === null ? null : { id: row.position_id, name: row.position_name },
  };
}

export async function findAllocation(db: Db, id: number): Promise<Allocation | undefined> {
  const row = await selectAllocations(db).where('allocations.id', '=', id).executeTakeFirst();
  return row && (await toAllocations(db, [row]))[0];
}

export async function listEventAllocations(db: Db, eventId: number): Promise<Allocation[]> {
  const rows = await selectAllocations(db)
    .where('allocations.event_id', '=', eventId)
    .orderBy('departments.name')
    .orderBy('users.name')
    .orderBy('allocations.id')
    .execute();
  return toAllocations(db, rows);
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
  return toAllocations(db, rows);
}

/**
 * The member's allocations at events starting within `hours` of `at` (exclusive at both ends), other than
 * `eventId`. A declined allocation frees the member: it never counts; pending and confirmed ones do.
 */
export async function findScheduleConflicts(db: Db, memberId: number, eventId: number, at: Instant, hours: number): Promise<ScheduleConflict[]> {
  return (await scheduleConflictsOfMembers(db, [memberId], eventId, at, hours)).get(memberId) ?? [];
}

/** `findScheduleConflicts` for several members at once (the leader's member picker). */
export async function scheduleConflictsOfMembers(
  db: Db,
  memberIds: readonly number[],
  eventId: number,
  at: Instant,
  hours: number,
): Promise<Map<number, ScheduleConflict[]>> {
  const conflicts = new Map<number, ScheduleConflict[]>();
  if (memberIds.length === 0) return conflicts;
  const windowMs = hours * 60 * 60 * 1000;
  const start = new Date(Date.parse(at) - windowMs).toISOString();
  const end = new Date(Date.parse(at) + windowMs).toISOString();
  const rows = await db
    .selectFrom('allocations')
    .innerJoin('events', 'events.id', 'allocations.event_id')
    .leftJoin('event_types', 'event_types.id', 'events.event_type_id')
    .innerJoin('departments', 'departments.id', 'allocations.department_id')
    .select([
      'allocations.member_id',
      'events.id',
      'events.datetime',
      'event_types.name as type_name',
      'departments.id as department_id',
      'departments.name as department_name',
    ])
    .where('allocations.member_id', 'in', memberIds)
    .where('allocations.event_id', '!=', eventId)
    .where('allocations.status', '!=', 'declined')
    .where('events.datetime', '>', start)
    .where('events.datetime', '<', end)
    .orderBy('events.datetime')
    .orderBy('events.id')
    .execute();
  for (const row of rows) {
    const list = conflicts.get(row.member_id) ?? [];
    list.push({ event: toEvent(row), department: { id: row.department_id, name: row.department_name } });
    conflicts.set(row.member_id, list);
  }
  return conflicts;
}

/** Which of the members have an allocation (in any state) at the event. */
export async function allocatedMembers(db: Db, eventId: number, memberIds: readonly number[]): Promise<Set<number>> {
  if (memberIds.length === 0) return new Set();
  const rows = await db.selectFrom('allocations').select('member_id').where('event_id', '=', eventId).where('member_id', 'in', memberIds).execute();
  return new Set(rows.map((row) => row.member_id));
}

export async function isAllocated(db: Db, eventId: number, memberId: number): Promise<boolean> {
  const row = await db.selectFrom('allocations').select('id').where('event_id', '=', eventId).where('member_id', '=', memberId).executeTakeFirst();
  return row !== undefined;
}

/** Adds an allocation; undefined when the member already serves at the event (decided by the unique index). */
export async function insertAllocation(
  db: Db,
  values: { event_id: number; department_id: number; member_id: number; allocated_by: number; created_at: Instant; response_token_hash: string },
): Promise<number | undefined> {
  try {
    return (await db.insertInto('allocations').values(values).returning('id').executeTakeFirstOrThrow()).id;
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

/** False when there was no such allocation. */
export async function deleteAllocation(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('allocations').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Who serves at an event: names and departments only, declined allocations left out, by department then name. */
export async function listEventTeam(db: Db, eventId: number): Promise<TeamMember[]> {
  const rows = await db
    .selectFrom('allocations')
    .innerJoin('departments', 'departments.id', 'allocations.department_id')
    .innerJoin('users', 'users.id', 'allocations.member_id')
    .select(['departments.id as department_id', 'departments.name as department_name', 'users.id as member_id', 'users.name as member_name'])
    .where('allocations.event_id', '=', eventId)
    .where('allocations.status', '!=', 'declined')
    .orderBy('departments.name')
    .orderBy('users.name')
    .orderBy('allocations.id')
    .execute();
  return rows.map((row) => ({
    department: { id: row.department_id, name: row.department_name },
    member: { id: row.member_id, name: row.member_name },
  }));
}
