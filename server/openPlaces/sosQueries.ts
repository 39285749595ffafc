import type { Kysely, Transaction } from 'kysely';
import type { DB, Instant } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

export interface Place {
  eventId: number;
  departmentId: number;
  positionId: number | null;
}

/** The latest SOS of a place, if any. */
export async function lastSos(db: Db, place: Place): Promise<{ id: number; sent_at: Instant } | undefined> {
  let query = db.selectFrom('sos_broadcasts').select(['id', 'sent_at']).where('event_id', '=', place.eventId).where('department_id', '=', place.departmentId);
  query = place.positionId === null ? query.where('position_id', 'is', null) : query.where('position_id', '=', place.positionId);
  return query.orderBy('sent_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
}

export async function insertSos(trx: Transaction<DB>, row: Place & { sentBy: number; sentAt: Instant; note: string | null; notified: number }): Promise<number> {
  const { id } = await trx
    .insertInto('sos_broadcasts')
    .values({
      event_id: row.eventId,
      department_id: row.departmentId,
      position_id: row.positionId,
      sent_by: row.sentBy,
      sent_at: row.sentAt,
      note: row.note,
      notified: row.notified,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The open SOS of these events (not closed by a sign-up that filled the place), the latest first. */
export async function openSosOf(db: Db, eventIds: readonly number[]): Promise<Array<Place & { note: string | null; sentAt: Instant }>> {
  if (eventIds.length === 0) return [];
  const rows = await db
    .selectFrom('sos_broadcasts')
    .select(['event_id', 'department_id', 'position_id', 'note', 'sent_at'])
    .where('event_id', 'in', [...eventIds])
    .where('closed_at', 'is', null)
    .orderBy('sent_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({ eventId: row.event_id, departmentId: row.department_id, positionId: row.position_id, note: row.note, sentAt: row.sent_at }));
}

/** The place is filled: its SOS no longer opens it (docs/product.md §10, "until it is filled"). */
export async function closeSos(db: Db, place: Place, at: Instant): Promise<void> {
  let query = db.updateTable('sos_broadcasts').set({ closed_at: at }).where('event_id', '=', place.eventId).where('department_id', '=', place.departmentId).where('closed_at', 'is', null);
  query = place.positionId === null ? query.where('position_id', 'is', null) : query.where('position_id', '=', place.positionId);
  await query.execute();
}
