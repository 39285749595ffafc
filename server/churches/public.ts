import type { Kysely, Transaction } from 'kysely';
import type { DayKey } from '../../shared/dayKey.ts';
import { dayWindowUtc } from '../../shared/zonedDays.ts';
import type { DB } from '../db/schema.ts';

/**
 * What other resources read of the churches (docs/product.md §12): the time zones events may be in. A church
 * without a zone of its own is in the network's, so the network's zone is always in the list, first.
 */
export async function zonesInUse(db: Kysely<DB> | Transaction<DB>, networkZone: string): Promise<string[]> {
  const rows = await db.selectFrom('churches').select('timezone').distinct().where('timezone', 'is not', null).execute();
  return [networkZone, ...rows.map((row) => row.timezone!).filter((zone) => zone !== networkZone).sort()];
}

/** The zone of one church (the network's when it has none of its own, or when there is no church). */
export async function zoneOfChurch(db: Kysely<DB> | Transaction<DB>, churchId: number | null, networkZone: string): Promise<string> {
  if (churchId === null) return networkZone;
  const row = await db.selectFrom('churches').select('timezone').where('id', '=', churchId).executeTakeFirst();
  return row?.timezone ?? networkZone;
}

/**
 * The instants that hold every event whose own day (its zone's) is in `from`–`to`: the range in the network's zone
 * when it is the only zone in use (docs/adr/0006-an-event-belongs-to-its-own-zone-day.md). Each event is then
 * kept by `isOnDays` of its own zone.
 */
export async function zonedDayWindow(db: Kysely<DB> | Transaction<DB>, from: DayKey, to: DayKey, networkZone: string): Promise<{ start: string; end: string }> {
  return dayWindowUtc(from, to, await zonesInUse(db, networkZone));
}
