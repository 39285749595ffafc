import type { Kysely, Transaction } from 'kysely';
import { isUniqueViolation } from '../db/isUniqueViolation.ts';
import type { CoverRequestStatus, DB, Instant } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

export interface CoverRequestRow {
  id: number;
  allocation_id: number;
  requester_id: number;
  note: string | null;
  status: CoverRequestStatus;
  created_at: Instant;
  escalated_at: Instant | null;
  closed_at: Instant | null;
  taken_allocation_id: number | null;
}

/** Stores a new open request; undefined when the allocation has an open one already (the partial unique index decides). */
export async function insertCoverRequest(
  db: Db,
  values: { allocation_id: number; requester_id: number; note: string | null; created_at: Instant },
): Promise<CoverRequestRow | undefined> {
  try {
    return await db.insertInto('cover_requests').values(values).returningAll().executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

export async function findCoverRequest(db: Db, id: number): Promise<CoverRequestRow | undefined> {
  return db.selectFrom('cover_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Closes an open request as `status`; false when it was not open any more (taken, withdrawn or expired meanwhile). */
export async function closeCoverRequest(
  db: Db,
  id: number,
  status: Exclude<CoverRequestStatus, 'open'>,
  now: Date,
  takenAllocationId: number | null = null,
): Promise<boolean> {
  const result = await db
    .updateTable('cover_requests')
    .set({ status, closed_at: now.toISOString(), taken_allocation_id: takenAllocationId })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Open requests whose event has not started, oldest first, leaving out the caller's own. */
export async function openCoverRequests(db: Db, now: Date, exceptRequester: number): Promise<CoverRequestRow[]> {
  return db
    .selectFrom('cover_requests')
    .innerJoin('allocations', 'allocations.id', 'cover_requests.allocation_id')
    .innerJoin('events', 'events.id', 'allocations.event_id')
    .selectAll('cover_requests')
    .where('cover_requests.status', '=', 'open')
    .where('cover_requests.requester_id', '!=', exceptRequester)
    .where('allocations.status', 'in', ['pending', 'confirmed'])
    .where('events.datetime', '>', now.toISOString())
    .orderBy('events.datetime')
    .orderBy('cover_requests.id')
    .execute();
}

/** Open requests whose event started by `now`: they expire. */
export async function expireStartedCoverRequests(db: Db, now: Date): Promise<number> {
  const at = now.toISOString();
  const result = await db
    .updateTable('cover_requests')
    .set({ status: 'expired', closed_at: at })
    .where('status', '=', 'open')
    .where('allocation_id', 'in', (eb) =>
      eb.selectFrom('allocations').innerJoin('events', 'events.id', 'allocations.event_id').select('allocations.id').where('events.datetime', '<=', at),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Open requests whose place is no longer the requester's (they declined, or a leader removed them): withdrawn. */
export async function withdrawOrphanedCoverRequests(db: Db, now: Date): Promise<number> {
  const result = await db
    .updateTable('cover_requests')
    .set({ status: 'withdrawn', closed_at: now.toISOString() })
    .where('status', '=', 'open')
    .where('allocation_id', 'in', (eb) => eb.selectFrom('allocations').select('allocations.id').where('allocations.status', 'not in', ['pending', 'confirmed']))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Open, not yet escalated requests whose event starts in (now, until]. */
export async function coverRequestsToEscalate(db: Db, now: Date, until: Date): Promise<CoverRequestRow[]> {
  return db
    .selectFrom('cover_requests')
    .innerJoin('allocations', 'allocations.id', 'cover_requests.allocation_id')
    .innerJoin('events', 'events.id', 'allocations.event_id')
    .selectAll('cover_requests')
    .where('cover_requests.status', '=', 'open')
    .where('cover_requests.escalated_at', 'is', null)
    .where('events.datetime', '>', now.toISOString())
    .where('events.datetime', '<=', until.toISOString())
    .orderBy('cover_requests.id')
    .execute();
}

/** Marks a request escalated; false when another instance (or an earlier scan) did, or it closed meanwhile. */
export async function markEscalated(db: Db, id: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('cover_requests')
    .set({ escalated_at: now.toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .where('escalated_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Who leads a place's team (docs/product.md §10, "the team's leaders are told"): the leaders of the team of the
 * event's church and the department (for a whole-network event, of that department at any church), and whoever
 * placed the member; accounts in use only.
 */
export async function teamLeadersOf(db: Db, place: { churchId: number | null; departmentId: number; allocatedBy: number | null }): Promise<number[]> {
  let query = db
    .selectFrom('team_members')
    .innerJoin('users', 'users.id', 'team_members.user_id')
    .select('users.id')
    .where('team_members.department_id', '=', place.departmentId)
    .where('team_members.leader', '=', 1)
    .where('users.deleted_at', 'is', null);
  if (place.churchId !== null) query = query.where('team_members.church_id', '=', place.churchId);
  const ids = new Set((await query.execute()).map((row) => row.id));
  if (place.allocatedBy !== null) {
    const placer = await db.selectFrom('users').select('id').where('id', '=', place.allocatedBy).where('deleted_at', 'is', null).executeTakeFirst();
    if (placer) ids.add(placer.id);
  }
  return [...ids].sort((a, b) => a - b);
}

/** The requests a person made, for their data export (docs/product.md §11). */
export async function coverRequestsOf(db: Db, userId: number): Promise<CoverRequestRow[]> {
  return db.selectFrom('cover_requests').selectAll().where('requester_id', '=', userId).orderBy('id').execute();
}

/** A removed account's notes go (docs/product.md §11); its open requests are withdrawn. */
export async function forgetCoverRequestsOf(db: Db, userId: number, now: Date): Promise<void> {
  await db.updateTable('cover_requests').set({ status: 'withdrawn', closed_at: now.toISOString() }).where('requester_id', '=', userId).where('status', '=', 'open').execute();
  await db.updateTable('cover_requests').set({ note: null }).where('requester_id', '=', userId).execute();
}

/**
 * Retention (docs/product.md §11): the notes of requests whose event started before `before` are erased, RETENTION_DAYS
 * after it. Returns how many lost one (0 on a second run).
 */
export async function eraseCoverNotesBefore(db: Db, before: Instant): Promise<number> {
  const result = await db
    .updateTable('cover_requests')
    .set({ note: null })
    .where('note', 'is not', null)
    .where('allocation_id', 'in', (eb) => eb.selectFrom('allocations').innerJoin('events', 'events.id', 'allocations.event_id').select('allocations.id').where('events.datetime', '<', before))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
