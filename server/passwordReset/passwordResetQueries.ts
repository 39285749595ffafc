import type { Kysely, Transaction } from 'kysely';
import { dialectOf } from '../db/dialect.ts';
import type { DB, Instant } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;


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

/**
 * Stores the link for the account that has `email` (emails are stored lower-cased), if one does: one statement
 * that inserts the row or nothing, the same either way. Whether it inserted one is returned.
 */
export async function insertResetForEmail(db: Db, reset: { email: string; tokenHash: string; createdAt: Instant; expiresAt: Instant }): Promise<boolean> {
  const row = await db
    .insertInto('password_resets')
    .columns(['token_hash', 'user_id', 'created_at', 'expires_at'])
    .expression(
      db
        .selectFrom('users')
        .select((eb) => [eb.val(reset.tokenHash).as('token_hash'), 'users.id as user_id', eb.val(reset.createdAt).as('created_at'), eb.val(reset.expiresAt).as('expires_at')])
        .where('users.email', '=', reset.email),
    )
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
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

/**
 * The account is being removed (docs/product.md §11): its reset links end (one used later would give the anonymised
 * account a password), and the requests made for its e-mail are forgotten.
 */
export async function forgetResetsOf(db: Db, userId: number, email: string): Promise<void> {
  await db.deleteFrom('password_resets').where('user_id', '=', userId).execute();
  await db.deleteFrom('password_reset_requests').where('email', '=', email).execute();
}
