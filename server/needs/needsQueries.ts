import { sql, type Kysely, type Transaction } from 'kysely';
import type { EventNeed } from '../../shared/schemas/needs.ts';
import { dialectOf } from '../db/dialect.ts';
import type { DB, Instant } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** An event as the needs see it: its church (for the leader's scope) and its place in a series. */
export interface NeedsEvent {
  id: number;
  church_id: number | null;
  series_id: number | null;
  series_slot: Instant | null;
}

export async function findNeedsEvent(db: Db, id: number): Promise<NeedsEvent | undefined> {
  return db.selectFrom('events').select(['id', 'church_id', 'series_id', 'series_slot']).where('id', '=', id).executeTakeFirst();
}

/**
 * The event and the later occurrences of its series (by the slot the series' rule gave each one, as the
 * calendar's own `scope=following` edits count them); just the event when it repeats nothing.
 */
export async function eventAndFollowing(db: Db, event: NeedsEvent): Promise<NeedsEvent[]> {
  if (event.series_id === null || event.series_slot === null) return [event];
  return db
    .selectFrom('events')
    .select(['id', 'church_id', 'series_id', 'series_slot'])
    .where('series_id', '=', event.series_id)
    .where('series_slot', '>=', event.series_slot)
    .orderBy('series_slot')
    .orderBy('id')
    .execute();
}

/** Which of the departments exist. */
export async function existingDepartments(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('departments').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

/** The department of each of the positions that exist. */
export async function departmentsOfPositions(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('positions').select(['id', 'department_id']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.department_id]));
}

export interface NeedRow {
  department_id: number;
  position_id: number | null;
  count: number;
}

/** Rows per insert: four parameters each, far below either database's limit. */
const INSERT_BATCH = 500;

/**
 * Replaces, on each of the events, the needs of the named departments with `needs` (a count of 0 is stored as
 * no row). Other departments' needs stay. On PostgreSQL the events are locked first: two replacements of the
 * same needs run one after the other (the second one's delete then sees the first one's rows), and an event
 * being deleted meanwhile waits for us.
 */
export async function replaceNeeds(trx: Transaction<DB>, eventIds: readonly number[], departmentIds: readonly number[], needs: readonly NeedRow[]): Promise<void> {
  if (eventIds.length === 0 || departmentIds.length === 0) return;
  if (dialectOf(trx) === 'postgres') {
    await trx.selectFrom('events').select('id').where('id', 'in', eventIds).orderBy('id').forUpdate().execute();
  }
  await trx.deleteFrom('event_needs').where('event_id', 'in', eventIds).where('department_id', 'in', departmentIds).execute();
  const kept = needs.filter((need) => need.count > 0);
  const rows = eventIds.flatMap((eventId) => kept.map((need) => ({ event_id: eventId, ...need })));
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    await trx.insertInto('event_needs').values(rows.slice(start, start + INSERT_BATCH)).execute();
  }
}

/**
 * The needs of one event, by department name then position name (the department's "anyone" row first);
 * `departmentIds` keeps only those departments (a team leader's).
 */
export async function listEventNeeds(db: Db, eventId: number, departmentIds?: readonly number[]): Promise<EventNeed[]> {
  if (departmentIds?.length === 0) return [];
  let query = db
    .selectFrom('event_needs')
    .innerJoin('departments', 'departments.id', 'event_needs.department_id')
    .leftJoin('positions', 'positions.id', 'event_needs.position_id')
    .select([
      'departments.id as department_id',
      'departments.name as department_name',
      'positions.id as position_id',
      'positions.name as position_name',
      'event_needs.count',
    ])
    .where('event_needs.event_id', '=', eventId);
  if (departmentIds) query = query.where('event_needs.department_id', 'in', departmentIds);
  const rows = await query
    .orderBy('departments.name_key')
    .orderBy(sql`case when positions.id is null then 0 else 1 end`)
    .orderBy('positions.name_key')
    .execute();
  return rows.map((row) => ({
    department: { id: row.department_id, name: row.department_name },
    position: row.position_id === null || row.position_name === null ? null : { id: row.position_id, name: row.position_name },
    count: row.count,
  }));
}
