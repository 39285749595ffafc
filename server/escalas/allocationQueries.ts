import type { Kysely, Transaction } from 'kysely';
import type { DayKey } from '../../shared/dayKey.ts';
import type { Allocation, ScheduleConflict, TeamMember } from '../../shared/schemas/escalas.ts';
import { eventTimeZone } from '../../shared/timeZones.ts';
import { isOnDays } from '../../shared/zonedDays.ts';
import { MAX_EVENT_DAYS } from '../../shared/schemas/events.ts';
import { isUniqueViolation } from '../db/isUniqueViolation.ts';
import type { AllocationSource, AllocationStatus, DB, Instant } from '../db/schema.ts';
import { lastDeliveryStates } from '../outbox/outboxQueries.ts';
import type { PersonalDataView } from '../policy/personalDataView.ts';
import { coverStatesOf } from './coverStates.ts';
import { endMsOf, toEvent, type EventSlot } from './eventRows.ts';

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
      'allocations.source',
      'events.church_id',
      'departments.id as department_id',
      'departments.name as department_name',
      'users.id as member_id',
      'users.name as member_name',
      'users.email as member_email',
      'users.deleted_at as member_deleted_at',
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
  source: AllocationSource;
  church_id: number | null;
  department_id: number;
  department_name: string;
  member_id: number;
  member_name: string;
  member_email: string;
  member_deleted_at: Instant | null;
  position_id: number | null;
  position_name: string | null;
};

/**
 * The rows as allocations, each with the last delivery state of the messages about it (docs/product.md §7). With
 * a viewer's `view`, what they may not read of the member (docs/product.md §11) is null: the e-mail, the reason.
 */
async function toAllocations(db: Db, rows: AllocationRow[], view?: PersonalDataView): Promise<Allocation[]> {
  const ids = rows.map((row) => row.id);
  const [delivery, covers] = await Promise.all([lastDeliveryStates(db, ids), coverStatesOf(db, ids)]);
  return rows.map((row) => toAllocation(row, delivery.get(row.id) ?? null, covers.get(row.id) ?? null, view));
}

function toAllocation(row: AllocationRow, delivery: Allocation['delivery'], cover: Allocation['cover'], view: PersonalDataView | undefined): Allocation {
  return {
    id: row.id,
    event_id: row.event_id,
    department: { id: row.department_id, name: row.department_name },
    // A removed account's past places stay as history, named "Pessoa removida", with no address (docs/product.md §11).
    member: {
      id: row.member_id,
      name: row.member_name,
      email: row.member_deleted_at === null && (!view || view.contactOf(row.member_id)) ? row.member_email : null,
    },
    created_at: row.created_at,
    status: row.status,
    responded_at: row.responded_at,
    reason: !view || view.notesAt(row.member_id, row.church_id, row.department_id) ? row.reason : null,
    delivery,
    position: row.position_id === null || row.position_name === null ? null : { id: row.position_id, name: row.position_name },
    source: row.source,
    cover,
  };
}

export async function findAllocation(db: Db, id: number, view?: PersonalDataView): Promise<Allocation | undefined> {
  const row = await selectAllocations(db).where('allocations.id', '=', id).executeTakeFirst();
  return row && (await toAllocations(db, [row], view))[0];
}

export async function listEventAllocations(db: Db, eventId: number, view?: PersonalDataView): Promise<Allocation[]> {
  const rows = await selectAllocations(db)
    .where('allocations.event_id', '=', eventId)
    .orderBy('departments.name')
    .orderBy('users.name')
    .orderBy('allocations.id')
    .execute();
  return toAllocations(db, rows, view);
}

/**
 * Allocations of the events on the days `days.from`–`days.to`, each event by its own zone's day (docs/product.md
 * §12), found among the events starting in [start, end) — the window of the zones in use; in event order. With
 * `churchIds`, only at events of those churches (a team leader's view: the whole escala of their churches' events).
 */
export async function listAllocationsBetween(
  db: Db,
  window: { start: Instant; end: Instant },
  days: { from: DayKey; to: DayKey; networkZone: string },
  churchIds?: readonly number[],
  view?: PersonalDataView,
): Promise<Allocation[]> {
  if (churchIds && churchIds.length === 0) return [];
  let query = selectAllocations(db)
    .leftJoin('churches', 'churches.id', 'events.church_id')
    .select(['events.datetime', 'churches.timezone as church_timezone'])
    .where('events.datetime', '>=', window.start)
    .where('events.datetime', '<', window.end);
  if (churchIds) query = query.where('events.church_id', 'in', churchIds);
  const rows = await query
    .orderBy('events.datetime')
    .orderBy('events.id')
    .orderBy('departments.name')
    .orderBy('users.name')
    .execute();
  const own = rows.filter((row) => isOnDays(row.datetime, eventTimeZone(row.church_timezone, days.networkZone), days.from, days.to));
  return toAllocations(db, own, view);
}

/**
 * The member's pending and confirmed allocations at other events that overlap this one once both are widened by
 * `bufferMinutes` on each side: [start, end] of two services closer than the buffer (docs/product.md §8). An event's end
 * is its `ends_at`, or two hours after it starts. A declined allocation frees the member: it never counts.
 */
export async function findScheduleConflicts(db: Db, memberId: number, event: EventSlot, bufferMinutes: number): Promise<Clash[]> {
  return (await scheduleConflictsOfMembers(db, [memberId], event, bufferMinutes)).get(memberId) ?? [];
}

/** A clashing service, with the church of its event (null: the whole network), which its JSON leaves out. */
export interface Clash {
  conflict: ScheduleConflict;
  churchId: number | null;
}

/** The clashes a viewer may see (docs/product.md §11): where an outsider serves at other churches stays private. */
export function clashesSeenBy(view: PersonalDataView, memberId: number, clashes: readonly Clash[]): ScheduleConflict[] {
  return clashes.filter((clash) => view.scheduleAt(memberId, clash.churchId)).map((clash) => clash.conflict);
}

const MINUTE_MS = 60 * 1000;

/** `findScheduleConflicts` for several members at once (the leader's member picker). */
export async function scheduleConflictsOfMembers(
  db: Db,
  memberIds: readonly number[],
  event: EventSlot,
  bufferMinutes: number,
): Promise<Map<number, Clash[]>> {
  const conflicts = new Map<number, Clash[]>();
  if (memberIds.length === 0) return conflicts;
  const bufferMs = bufferMinutes * MINUTE_MS;
  const startMs = Date.parse(event.datetime);
  const endMs = endMsOf(event);
  // Another event clashes when it starts before this one's end + buffer and ends after this one's start - buffer.
  // Its end is not a column (ends_at may be null), so the database bounds the start by the longest an event may
  // last, and the exact test is made here.
  const earliest = new Date(startMs - bufferMs - MAX_EVENT_DAYS * 24 * 60 * MINUTE_MS).toISOString();
  const latest = new Date(endMs + bufferMs).toISOString();
  for (const service of await servicesOfMembersBetween(db, memberIds, earliest, latest)) {
    if (service.slot.id === event.id || endMsOf(service.slot) + bufferMs <= startMs) continue;
    conflicts.set(service.memberId, [...(conflicts.get(service.memberId) ?? []), service.clash]);
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
  values: {
    event_id: number;
    department_id: number;
    member_id: number;
    allocated_by: number;
    created_at: Instant;
    response_token_hash: string;
    position_id: number | null;
  },
): Promise<number | undefined> {
  try {
    return (await db.insertInto('allocations').values(values).returning('id').executeTakeFirstOrThrow()).id;
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

/** A new allocation's row (`allocateMany` decides them). */
export interface NewAllocation {
  event_id: number;
  department_id: number;
  member_id: number;
  /** The leader who placed them; null for the system (a job) or the member themselves. */
  allocated_by: number | null;
  created_at: Instant;
  response_token_hash: string;
  position_id: number | null;
  source: AllocationSource;
  status?: AllocationStatus;
  responded_at?: Instant;
}

/** Inserts the rows in one statement; the ids, keyed `event:member`. A second place of one person at one event throws. */
export async function insertAllocations(db: Db, rows: readonly NewAllocation[]): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const inserted = await db.insertInto('allocations').values([...rows]).returning(['id', 'event_id', 'member_id']).execute();
  return new Map(inserted.map((row) => [`${row.event_id}:${row.member_id}`, row.id]));
}

/** Which of these people already have a place (in any state) at which of these events, keyed `event:member`. */
export async function existingPlaces(db: Db, eventIds: readonly number[], memberIds: readonly number[]): Promise<Set<string>> {
  if (eventIds.length === 0 || memberIds.length === 0) return new Set();
  const rows = await db.selectFrom('allocations').select(['event_id', 'member_id']).where('event_id', 'in', eventIds).where('member_id', 'in', memberIds).execute();
  return new Set(rows.map((row) => `${row.event_id}:${row.member_id}`));
}

/** A pending or confirmed service of a member, with what a clash reports of it. */
export interface MemberService {
  memberId: number;
  slot: EventSlot;
  clash: Clash;
}

/**
 * The pending and confirmed services of these members at events starting in (earliest, latest): what a batch of
 * allocations checks its clashes against, in one read.
 */
export async function servicesOfMembersBetween(db: Db, memberIds: readonly number[], earliest: Instant, latest: Instant): Promise<MemberService[]> {
  if (memberIds.length === 0) return [];
  const rows = await db
    .selectFrom('allocations')
    .innerJoin('events', 'events.id', 'allocations.event_id')
    .leftJoin('event_types', 'event_types.id', 'events.event_type_id')
    .innerJoin('departments', 'departments.id', 'allocations.department_id')
    .leftJoin('churches', 'churches.id', 'events.church_id')
    .select([
      'allocations.member_id',
      'events.id',
      'events.datetime',
      'events.ends_at',
      'events.church_id',
      'churches.timezone as church_timezone',
      'event_types.name as type_name',
      'departments.id as department_id',
      'departments.name as department_name',
    ])
    .where('allocations.member_id', 'in', memberIds)
    .where('allocations.status', 'in', ['pending', 'confirmed'])
    .where('events.datetime', '>', earliest)
    .where('events.datetime', '<', latest)
    .orderBy('events.datetime')
    .orderBy('events.id')
    .execute();
  return rows.map((row) => ({
    memberId: row.member_id,
    slot: { id: row.id, datetime: row.datetime, ends_at: row.ends_at, church_id: row.church_id, church_timezone: row.church_timezone },
    clash: { conflict: { event: toEvent(row), department: { id: row.department_id, name: row.department_name } }, churchId: row.church_id },
  }));
}

/** Where an allocation is: its event's church (null: the whole network) and its department. */
export async function findAllocationPlace(db: Db, id: number): Promise<{ church_id: number | null; department_id: number } | undefined> {
  return db
    .selectFrom('allocations')
    .innerJoin('events', 'events.id', 'allocations.event_id')
    .select(['events.church_id', 'allocations.department_id'])
    .where('allocations.id', '=', id)
    .executeTakeFirst();
}

/** Who serves at an event: names and departments only, declined and covered allocations left out, by department then name. */
export async function listEventTeam(db: Db, eventId: number): Promise<TeamMember[]> {
  const rows = await db
    .selectFrom('allocations')
    .innerJoin('departments', 'departments.id', 'allocations.department_id')
    .innerJoin('users', 'users.id', 'allocations.member_id')
    .select(['departments.id as department_id', 'departments.name as department_name', 'users.id as member_id', 'users.name as member_name'])
    .where('allocations.event_id', '=', eventId)
    .where('allocations.status', 'in', ['pending', 'confirmed'])
    .orderBy('departments.name')
    .orderBy('users.name')
    .orderBy('allocations.id')
    .execute();
  return rows.map((row) => ({
    department: { id: row.department_id, name: row.department_name },
    member: { id: row.member_id, name: row.member_name },
  }));
}

/** Records the member's answer; false when the allocation is gone. */
export async function recordAnswer(
  db: Db,
  allocationId: number,
  answer: { status: AllocationStatus; reason: string | null; respondedAt: Instant },
): Promise<boolean> {
  const result = await db
    .updateTable('allocations')
    .set({ status: answer.status, reason: answer.reason, responded_at: answer.respondedAt })
    .where('id', '=', allocationId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * An event that moves to another date-time asks its people again (docs/product.md §6): confirmed allocations go back
 * to `pending` (they confirmed another time); declined ones stay declined, pending ones pending.
 */
export async function askAgainAfterMove(db: Db, eventIds: readonly number[]): Promise<void> {
  if (eventIds.length === 0) return;
  await db.updateTable('allocations').set({ status: 'pending', responded_at: null }).where('event_id', 'in', eventIds).where('status', '=', 'confirmed').execute();
}

/** How many allocations the events have (in any state). */
export async function countAllocationsOfEvents(db: Db, eventIds: readonly number[]): Promise<number> {
  if (eventIds.length === 0) return 0;
  const { count } = await db
    .selectFrom('allocations')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('event_id', 'in', eventIds)
    .executeTakeFirstOrThrow();
  return Number(count);
}
