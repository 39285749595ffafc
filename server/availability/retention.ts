import type { Kysely } from 'kysely';
import type { DayKey } from '../../shared/dayKey.ts';
import type { DB } from '../db/schema.ts';

/**
 * Retention (docs/product.md §11): the notes of blockouts whose last day is before `beforeDay` are erased; the
 * blocked days themselves stay. Returns how many notes went.
 */
export async function eraseBlockoutNotesBefore(db: Kysely<DB>, beforeDay: DayKey): Promise<number> {
  const result = await db.updateTable('blockouts').set({ note: null }).where('note', 'is not', null).where('last_day', '<', beforeDay).executeTakeFirst();
  return Number(result.numUpdatedRows);
}
