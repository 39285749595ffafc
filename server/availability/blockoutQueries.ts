import type { Kysely, Transaction } from 'kysely';
import type { DayKey } from '../../shared/dayKey.ts';
import type { BlockedRange } from '../../shared/schemas/escalas.ts';
import type { Blockout } from '../../shared/schemas/responses.ts';
import type { DB, Instant } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

function selectBlockouts(db: Db) {
  return db.selectFrom('blockouts').select(['id', 'first_day as from', 'last_day as to', 'note']);
}

/** The member's blockouts, by first day. */
export async function listBlockouts(db: Db, memberId: number): Promise<Blockout[]> {
  return selectBlockouts(db).where('member_id', '=', memberId).orderBy('first_day').orderBy('last_day').orderBy('id').execute();
}

export async function insertBlockout(
  db: Db,
  values: { memberId: number; from: DayKey; to: DayKey; note: string | null; createdAt: Instant },
): Promise<Blockout> {
  const { id } = await db
    .insertInto('blockouts')
    .values({ member_id: values.memberId, first_day: values.from, last_day: values.to, note: values.note, created_at: values.createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, from: values.from, to: values.to, note: values.note };
}

/** False when the member has no blockout with that id (someone else's included). */
export async function deleteBlockout(db: Db, memberId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('blockouts').where('id', '=', id).where('member_id', '=', memberId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * The member's blockouts that include `day` (a network-timezone day key), as a leader may see them: the
 * range only, never the note. Day keys compare as text (yyyy-MM-dd) on both databases.
 */
export async function blockedRangesOn(db: Db, memberId: number, day: DayKey): Promise<BlockedRange[]> {
  return (await blockedRangesOfMembersOn(db, [memberId], day)).get(memberId) ?? [];
}

/** `blockedRangesOn` for several members at once. */
export async function blockedRangesOfMembersOn(db: Db, memberIds: readonly number[], day: DayKey): Promise<Map<number, BlockedRange[]>> {
  return blockedRangesOfMembersBetween(db, memberIds, day, day);
}

/** The members' blockouts that touch [first, last] (day keys), ranges only: what a batch of allocations checks at once. */
export async function blockedRangesOfMembersBetween(
  db: Db,
  memberIds: readonly number[],
  first: DayKey,
  last: DayKey,
): Promise<Map<number, BlockedRange[]>> {
  const ranges = new Map<number, BlockedRange[]>();
  if (memberIds.length === 0) return ranges;
  const rows = await db
    .selectFrom('blockouts')
    .select(['member_id', 'first_day', 'last_day'])
    .where('member_id', 'in', memberIds)
    .where('first_day', '<=', last)
    .where('last_day', '>=', first)
    .orderBy('first_day')
    .orderBy('last_day')
    .orderBy('id')
    .execute();
  for (const row of rows) ranges.set(row.member_id, [...(ranges.get(row.member_id) ?? []), { from: row.first_day, to: row.last_day }]);
  return ranges;
}

/** The member's blockouts with their notes and when each was made (their data export, docs/product.md §11). */
export async function blockoutsOfMember(db: Db, memberId: number): Promise<Array<Blockout & { created_at: Instant }>> {
  return selectBlockouts(db).select('created_at').where('member_id', '=', memberId).orderBy('first_day').orderBy('last_day').orderBy('id').execute();
}

/** Every blockout of the member, notes included (their account is being removed). */
export async function deleteBlockoutsOf(db: Db, memberId: number): Promise<void> {
  await db.deleteFrom('blockouts').where('member_id', '=', memberId).execute();
}
