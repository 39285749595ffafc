import type { Kysely, Transaction } from 'kysely';
import { dialectOf } from '../db/dialect.ts';
import type { DB, Instant } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** The account with this email (emails are stored lower-cased). */
export async function findAccountByEmail(db: Db, email: string): Promise<{ id: number } | undefined> {
  return db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
}

/** Requests in the window from the address, newest first, and how many asked for the email. */
export async function recentRequests(db: Db, address: string, email: string, since: Instant): Promise<{ fromAddress: Instant[]; forEmail: number }> {
  const fromAddress = await db
    .selectFrom('password_reset_requests')
    .select('requested_at')
    .where('address', '=', address)
    .where('requested_at', '>', since)
    .orderBy('requested_at', 'desc')
    .execute();
  const forEmail = await db
    .selectFrom('password_reset_requests')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('email', '=', email)
    .where('requested_at', '>', since)
    .executeTakeFirstOrThrow();
  return { fromAddress: fromAddress.map((row) => row.requested_at), forEmail: Number(forEmail.count) };
}

export async function recordRequest(db: Db, request: { email: string; address: string; at: Instant; forgetBefore: Instant }): Promise<void> {
  await db.deleteFrom('password_reset_requests').where('requested_at', '<=', request.forgetBefore).execute();
  await db.insertInto('password_reset_requests').values({ email: request.email, address: request.address, requested_at: request.at }).execute();
}

export async function insertReset(db: Db, reset: { tokenHash: string; userId: number; createdAt: Instant; expiresAt: Instant }): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({ token_hash: reset.tokenHash, user_id: reset.userId, created_at: reset.createdAt, expires_at: reset.expiresAt })
    .execute();
}

/** The account of an unused, unexpired link; on PostgreSQL the row stays locked until the transaction ends. */
export async function findOpenReset(db: Db, tokenHash: string, now: Instant): Promise<{ userId: number } | undefined> {
  let query = db
    .selectFrom('password_resets')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now);
  if (dialectOf(db) === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && { userId: row.user_id };
}

/** Every open link of the account is used up (the one just followed, and any other). */
export async function closeResets(db: Db, userId: number, now: Instant): Promise<void> {
  await db.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
  await db.deleteFrom('password_resets').where('expires_at', '<', now).where('used_at', 'is not', null).execute();
}
