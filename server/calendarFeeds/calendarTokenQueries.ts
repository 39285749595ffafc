import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

/** A new secret for a personal feed's URL. */
export function newCalendarToken(): string {
  return randomBytes(24).toString('base64url');
}

export async function findCalendarToken(db: Kysely<DB>, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('calendar_tokens').select('token').where('user_id', '=', userId).executeTakeFirst();
  return row?.token;
}

/** Gives the user a new token; the old one (and every calendar subscribed with it) stops working. */
export async function replaceCalendarToken(db: Kysely<DB>, userId: number, token: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('calendar_tokens').where('user_id', '=', userId).execute();
    await trx.insertInto('calendar_tokens').values({ user_id: userId, token, created_at: now.toISOString() }).execute();
  });
}

/**
 * After a password reset or change, which end the account's sessions (docs/product.md §11): the account's feed
 * token, if it has one, is replaced by a new one, so a feed URL that leaked with the password stops working. An
 * account without a feed still has none (only the account page's POST makes one).
 */
export async function renewCalendarToken(db: Kysely<DB> | Transaction<DB>, userId: number, now: Date): Promise<void> {
  await db.updateTable('calendar_tokens').set({ token: newCalendarToken(), created_at: now.toISOString() }).where('user_id', '=', userId).execute();
}

export async function findCalendarOwner(db: Kysely<DB>, token: string): Promise<{ id: number; name: string } | undefined> {
  return db
    .selectFrom('calendar_tokens')
    .innerJoin('users', 'users.id', 'calendar_tokens.user_id')
    .select(['users.id', 'users.name'])
    .where('calendar_tokens.token', '=', token)
    .executeTakeFirst();
}

/** When the user's personal feed was made (their data export): never the token. */
export async function calendarFeedOf(db: Kysely<DB> | Transaction<DB>, userId: number): Promise<{ created_at: string } | null> {
  return (await db.selectFrom('calendar_tokens').select('created_at').where('user_id', '=', userId).executeTakeFirst()) ?? null;
}

/** The user's feed ends: its URL stops working (their account is being removed, docs/product.md §11). */
export async function deleteCalendarToken(db: Kysely<DB> | Transaction<DB>, userId: number): Promise<void> {
  await db.deleteFrom('calendar_tokens').where('user_id', '=', userId).execute();
}
