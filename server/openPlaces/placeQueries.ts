import type { Kysely, Transaction } from 'kysely';
import { dialectOf } from '../db/dialect.ts';
import type { DB, Instant } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

export interface EventRow {
  id: number;
  datetime: Instant;
  church_id: number | null;
  /** The church's own zone; null: the network's (docs/product.md §12). */
  church_timezone: string | null;
}

export async function findEventRow(db: Db, id: number): Promise<EventRow | undefined> {
  return db
    .selectFrom('events')
    .leftJoin('churches', 'churches.id', 'events.church_id')
    .select(['events.id', 'events.datetime', 'events.church_id', 'churches.timezone as church_timezone'])
    .where('events.id', '=', id)
    .executeTakeFirst();
}

/** The department and, when named, its position: undefined for what does not exist (or is another department's position). */
export async function findPlaceParts(db: Db, departmentId: number, positionId: number | null) {
  const [department, position] = await Promise.all([
    db.selectFrom('departments').select(['id', 'name']).where('id', '=', departmentId).executeTakeFirst(),
    positionId === null ? null : db.selectFrom('positions').select(['id', 'name']).where('id', '=', positionId).where('department_id', '=', departmentId).executeTakeFirst(),
  ]);
  return { department, position };
}

/** Serialises SOS and nudges of one event on PostgreSQL (SQLite runs one write transaction at a time). */
export async function lockEvent(trx: Transaction<DB>, eventId: number): Promise<void> {
  if (dialectOf(trx) === 'postgres') await trx.selectFrom('events').select('id').where('id', '=', eventId).forNoKeyUpdate().execute();
}

/** The caller's teams, as `church:department` keys. */
export async function teamsOf(db: Db, userId: number): Promise<Array<{ churchId: number; departmentId: number }>> {
  const rows = await db.selectFrom('team_members').select(['church_id', 'department_id']).where('user_id', '=', userId).execute();
  return rows.map((row) => ({ churchId: row.church_id, departmentId: row.department_id }));
}

/** Names for the open places' answer. */
export async function namesOf(db: Db) {
  const [churches, departments, positions] = await Promise.all([
    db.selectFrom('churches').select(['id', 'name']).execute(),
    db.selectFrom('departments').select(['id', 'name']).execute(),
    db.selectFrom('positions').select(['id', 'name']).execute(),
  ]);
  const map = (rows: Array<{ id: number; name: string }>) => new Map(rows.map((row) => [row.id, row.name]));
  return { churches: map(churches), departments: map(departments), positions: map(positions) };
}

/** The place's key: `event:department:position` (position empty for none). */
export const placeKey = (place: { eventId: number; departmentId: number; positionId: number | null }) => `${place.eventId}:${place.departmentId}:${place.positionId ?? ''}`;

/** Needed − pending − confirmed of one place, read in the caller's transaction. */
export async function placeLeft(db: Db, place: { eventId: number; departmentId: number; positionId: number | null }): Promise<number> {
  const [needs, allocations] = await Promise.all([
    db.selectFrom('event_needs').select(['position_id', 'count']).where('event_id', '=', place.eventId).where('department_id', '=', place.departmentId).execute(),
    db
      .selectFrom('allocations')
      .select('position_id')
      .where('event_id', '=', place.eventId)
      .where('department_id', '=', place.departmentId)
      .where('status', 'in', ['pending', 'confirmed'])
      .execute(),
  ]);
  const needed = needs.find((need) => need.position_id === place.positionId)?.count ?? 0;
  return needed - allocations.filter((row) => row.position_id === place.positionId).length;
}

/** The member's monthly limit (docs/product.md §9), and their pending and confirmed services starting in [start, end). */
export async function monthlyLoad(db: Db, memberId: number, start: Instant, end: Instant): Promise<{ cap: number | null; services: number }> {
  const [preferences, services] = await Promise.all([
    db.selectFrom('notification_preferences').select('max_services_per_month').where('user_id', '=', memberId).executeTakeFirst(),
    db
      .selectFrom('allocations')
      .innerJoin('events', 'events.id', 'allocations.event_id')
      .select('allocations.id')
      .where('allocations.member_id', '=', memberId)
      .where('allocations.status', 'in', ['pending', 'confirmed'])
      .where('events.datetime', '>=', start)
      .where('events.datetime', '<', end)
      .execute(),
  ]);
  return { cap: preferences?.max_services_per_month ?? null, services: services.length };
}
