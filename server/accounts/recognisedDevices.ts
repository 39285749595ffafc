import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { DEVICE_DAYS } from './deviceCookie.ts';
import { hashToken } from './sessions.ts';

const DEVICE_MS = DEVICE_DAYS * 24 * 60 * 60 * 1000;

/** The hash of `token` when it belongs to a browser that signed in to this email's account within a year. */
export async function recognisedDeviceHash(db: Kysely<DB>, token: string | undefined, email: string, now: Date): Promise<string | undefined> {
  if (!token) return undefined;
  const tokenHash = hashToken(token);
  const row = await db
    .selectFrom('recognised_devices')
    .innerJoin('users', 'users.id', 'recognised_devices.user_id')
    .select('recognised_devices.token_hash')
    .where('recognised_devices.token_hash', '=', tokenHash)
    .where('users.email', '=', email)
    .where('recognised_devices.last_used_at', '>', new Date(now.getTime() - DEVICE_MS).toISOString())
    .executeTakeFirst();
  return row?.token_hash;
}

/**
 * After a successful sign-in: a new token for the browser's device cookie, recognised for this user and for
 * the accounts its previous token was (one browser may be a family's). The previous token stops counting.
 */
export async function rememberDevice(db: Kysely<DB>, userId: number, previousToken: string | undefined, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashToken(token);
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    if (previousToken) {
      const previousHash = hashToken(previousToken);
      await trx
        .deleteFrom('recognised_devices')
        .where('token_hash', '=', previousHash)
        .where('last_used_at', '<=', new Date(now.getTime() - DEVICE_MS).toISOString())
        .execute();
      await trx.updateTable('recognised_devices').set({ token_hash: tokenHash }).where('token_hash', '=', previousHash).execute();
    }
    await trx
      .insertInto('recognised_devices')
      .values({ token_hash: tokenHash, user_id: userId, created_at: at, last_used_at: at })
      .onConflict((oc) => oc.columns(['token_hash', 'user_id']).doUpdateSet({ last_used_at: at }))
      .execute();
  });
  return token;
}
