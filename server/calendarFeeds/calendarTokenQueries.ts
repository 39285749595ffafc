import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

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

export async function findCalendarOwner(db: Kysely<DB>, token: string): Promise<{ id: number; name: string } | undefined> {
  return db
    .selectFrom('calendar_tokens')
    .innerJoin('users', 'users.id', 'calendar_tokens.user_id')
    .select(['users.id', 'users.name'])
    .where('calendar_tokens.token', '=', token)
    .executeTakeFirst();
}
