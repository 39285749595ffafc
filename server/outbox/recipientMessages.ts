import type { Kysely, Transaction } from 'kysely';
import type { DB, Instant, OutboxStatus } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** A message to a person as their data export lists it: kind, times and state, never its payload or text. */
export interface RecipientMessage {
  id: number;
  kind: string;
  status: OutboxStatus;
  created_at: Instant;
  sent_at: Instant | null;
}

/**
 * Kinds whose row names an account that is not who the e-mail goes to: an e-mail invitation goes to the invited
 * address and names the account that invited (docs/product.md §13). Neither the inviter's export nor her removal
 * is about them.
 */
const SENT_ON_BEHALF: ReadonlyArray<string> = ['team_invitation'];

/** Every message queued for the person, oldest first (docs/product.md §11, the data export). */
export async function messagesTo(db: Db, recipientId: number): Promise<RecipientMessage[]> {
  return db
    .selectFrom('outbox')
    .select(['id', 'kind', 'status', 'created_at', 'sent_at'])
    .where('recipient_id', '=', recipientId)
    .where('kind', 'not in', SENT_ON_BEHALF)
    .orderBy('id')
    .execute();
}

/**
 * An account is removed (docs/product.md §11): its unsent messages are dropped, and those already out keep their
 * kind, times and state but no longer what they carried (a token, hours, a service). Returns how many were dropped.
 */
export async function dropMessagesTo(db: Db, recipientId: number): Promise<number> {
  const dropped = await db
    .deleteFrom('outbox')
    .where('recipient_id', '=', recipientId)
    .where('kind', 'not in', SENT_ON_BEHALF)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  await db
    .updateTable('outbox')
    .set({ payload: '{}', last_error: null })
    .where('recipient_id', '=', recipientId)
    .where('kind', 'not in', SENT_ON_BEHALF)
    .execute();
  return Number(dropped.numDeletedRows);
}

/**
 * The decline notices about these allocations (to their leaders) forget the reason they carried: the reason of a
 * removed account goes with it. A notice's key names its allocation (`declined:<allocation id>:<instant>`,
 * responses/declineNotice.ts).
 */
export async function eraseDeclineReasons(db: Db, allocationIds: readonly number[]): Promise<void> {
  for (let start = 0; start < allocationIds.length; start += 200) {
    const keys = allocationIds.slice(start, start + 200).map((id) => `declined:${id}:%`);
    const rows = await db
      .selectFrom('outbox')
      .select(['id', 'payload'])
      .where('kind', '=', 'declined')
      .where((eb) => eb.or(keys.map((key) => eb('dedupe_key', 'like', key))))
      .execute();
    for (const row of rows) {
      const payload = JSON.parse(row.payload) as Record<string, unknown>;
      if (payload.reason === undefined || payload.reason === null) continue;
      await db.updateTable('outbox').set({ payload: JSON.stringify({ ...payload, reason: null }) }).where('id', '=', row.id).execute();
    }
  }
}
