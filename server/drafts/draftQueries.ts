import type { Kysely, Transaction } from 'kysely';
import { eventTimeZone } from '../../shared/timeZones.ts';
import type { Draft, DraftPlace, DraftReason } from '../../shared/schemas/drafts.ts';
import type { DB, DraftStatus, Instant } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

const HOUR_MS = 3_600_000;

export interface DraftRow {
  id: number;
  author_id: number;
  status: DraftStatus;
  from_day: string;
  to_day: string;
  church_id: number | null;
  department_id: number | null;
  created_at: Instant;
  expires_at: Instant;
}

export interface NewDraftPlace {
  event_id: number;
  department_id: number;
  position_id: number | null;
  user_id: number | null;
  reasons: DraftReason[];
}

/** Stores a draft and its places in the caller's transaction; its id. */
export async function insertDraft(trx: Transaction<DB>, draft: Omit<DraftRow, 'id' | 'status'>, places: readonly NewDraftPlace[]): Promise<number> {
  const { id } = await trx.insertInto('drafts').values(draft).returning('id').executeTakeFirstOrThrow();
  // A few hundred rows per statement keeps every database under its bound-parameter limit.
  for (let i = 0; i < places.length; i += 500) {
    await trx
      .insertInto('draft_places')
      .values(places.slice(i, i + 500).map((place) => ({ ...place, draft_id: id, reasons: JSON.stringify(place.reasons) })))
      .execute();
  }
  return id;
}

export async function findDraftRow(db: Db, id: number): Promise<DraftRow | undefined> {
  return db.selectFrom('drafts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A draft still open past its expiry reads as discarded (docs/product.md §9: drafts expire after 7 days). */
export function statusAt(row: DraftRow, now: Date): DraftStatus {
  return row.status === 'open' && Date.parse(row.expires_at) <= now.getTime() ? 'discarded' : row.status;
}

/** Moves an open draft to `status`; false when it was not open any more (a second publish, say). */
export async function closeDraft(db: Db, id: number, status: 'published' | 'discarded'): Promise<boolean> {
  const result = await db.updateTable('drafts').set({ status }).where('id', '=', id).where('status', '=', 'open').executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function reopenDraft(db: Db, id: number): Promise<void> {
  await db.updateTable('drafts').set({ status: 'open' }).where('id', '=', id).execute();
}

export async function deleteDraft(db: Db, id: number): Promise<void> {
  await db.deleteFrom('drafts').where('id', '=', id).execute();
}

export async function setPlaceUser(db: Db, draftId: number, placeId: number, userId: number | null, reasons: DraftReason[]): Promise<void> {
  await db.updateTable('draft_places').set({ user_id: userId, reasons: JSON.stringify(reasons) }).where('id', '=', placeId).where('draft_id', '=', draftId).execute();
}

export interface StoredPlace {
  id: number;
  eventId: number;
  departmentId: number;
  positionId: number | null;
  userId: number | null;
}

export async function listPlaceRows(db: Db, draftId: number): Promise<StoredPlace[]> {
  const rows = await db
    .selectFrom('draft_places')
    .select(['id', 'event_id', 'department_id', 'position_id', 'user_id'])
    .where('draft_id', '=', draftId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, eventId: row.event_id, departmentId: row.department_id, positionId: row.position_id, userId: row.user_id }));
}

/** The draft's JSON (docs/product.md §9), with its summary. */
export async function readDraft(db: Db, row: DraftRow, now: Date, rangeStart: Instant, rangeEnd: Instant, networkZone: string): Promise<Draft> {
  const rows = await db
    .selectFrom('draft_places')
    .innerJoin('events', 'events.id', 'draft_places.event_id')
    .leftJoin('event_types', 'event_types.id', 'events.event_type_id')
    .innerJoin('departments', 'departments.id', 'draft_places.department_id')
    .leftJoin('positions', 'positions.id', 'draft_places.position_id')
    .leftJoin('users', 'users.id', 'draft_places.user_id')
    .leftJoin('churches', 'churches.id', 'events.church_id')
    .select([
      'draft_places.id',
      'draft_places.reasons',
      'events.id as event_id',
      'events.datetime',
      'events.ends_at',
      'events.church_id',
      'event_types.name as type',
      'departments.id as department_id',
      'departments.name as department_name',
      'positions.id as position_id',
      'positions.name as position_name',
      'users.id as user_id',
      'users.name as user_name',
      'churches.timezone as church_timezone',
    ])
    .where('draft_places.draft_id', '=', row.id)
    .orderBy('draft_places.id')
    .execute();
  const places: DraftPlace[] = rows.map((place) => ({
    id: place.id,
    event: {
      id: place.event_id,
      datetime: place.datetime,
      ends_at: place.ends_at ?? new Date(Date.parse(place.datetime) + 2 * HOUR_MS).toISOString(),
      church_id: place.church_id,
      event_types: place.type === null ? null : { name: place.type },
      timezone: eventTimeZone(place.church_timezone, networkZone),
    },
    department: { id: place.department_id, name: place.department_name },
    position: place.position_id === null || place.position_name === null ? null : { id: place.position_id, name: place.position_name },
    user: place.user_id === null || place.user_name === null ? null : { id: place.user_id, name: place.user_name },
    reasons: JSON.parse(place.reasons) as DraftReason[],
  }));
  const picked = new Map<number, number>();
  for (const place of places) if (place.user) picked.set(place.user.id, (picked.get(place.user.id) ?? 0) + 1);
  const existing =
    picked.size === 0
      ? []
      : await db
          .selectFrom('allocations')
          .innerJoin('events', 'events.id', 'allocations.event_id')
          .select((eb) => ['allocations.member_id', eb.fn.countAll<number>().as('count')])
          .where('allocations.member_id', 'in', [...picked.keys()])
          .where('allocations.status', 'in', ['pending', 'confirmed'])
          .where('events.datetime', '>=', rangeStart)
          .where('events.datetime', '<', rangeEnd)
          .groupBy('allocations.member_id')
          .execute();
  const before = new Map(existing.map((entry) => [entry.member_id, Number(entry.count)]));
  const filled = places.filter((place) => place.user).length;
  return {
    id: row.id,
    status: statusAt(row, now),
    from: row.from_day,
    to: row.to_day,
    church_id: row.church_id,
    department_id: row.department_id,
    created_at: row.created_at,
    places,
    summary: {
      places: places.length,
      filled,
      empty: places.length - filled,
      people: picked.size,
      max_load: Math.max(0, ...[...picked].map(([userId, count]) => count + (before.get(userId) ?? 0))),
    },
  };
}

/** Why a draft's place is empty once the person proposed for it removed their account. */
export const PROPOSED_PERSON_REMOVED: DraftReason = { code: 'person_removed', message: 'A pessoa proposta para este lugar excluiu a conta.' };

/**
 * A person's account is being removed (docs/product.md §11): every draft's proposal of them is emptied, and their own
 * open drafts are discarded (only their author could publish them).
 */
export async function forgetDraftsOf(db: Db, userId: number): Promise<void> {
  await db.updateTable('draft_places').set({ user_id: null, reasons: JSON.stringify([PROPOSED_PERSON_REMOVED]) }).where('user_id', '=', userId).execute();
  await db.updateTable('drafts').set({ status: 'discarded' }).where('author_id', '=', userId).where('status', '=', 'open').execute();
}
