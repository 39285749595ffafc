import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { TooManyRegistrations } from './errors.ts';
import { lockKey } from './throttleLock.ts';

/** Registrations from one address count this long against its limit (`REGISTRATIONS_PER_HOUR`). */
export const REGISTRATION_WINDOW_MS = 60 * 60 * 1000;
const REGISTRATION_ADDRESS_KEYS = 3;

/**
 * Counts a registration from `address` before its password is hashed; throws 429 (with Retry-After: when the
 * oldest of the latest `limit` leaves the window) when the address already made `limit` within the hour.
 */
export async function beginRegistration(db: Kysely<DB>, address: string, limit: number, now: Date): Promise<void> {
  const since = new Date(now.getTime() - REGISTRATION_WINDOW_MS).toISOString();
  await db.transaction().execute(async (trx) => {
    await lockKey(trx, REGISTRATION_ADDRESS_KEYS, address);
    const freeing = await trx
      .selectFrom('registration_attempts')
      .select('attempted_at')
      .where('address', '=', address)
      .where('attempted_at', '>', since)
      .orderBy('attempted_at', 'desc')
      .limit(1)
      .offset(limit - 1)
      .executeTakeFirst();
    if (freeing) {
      throw new TooManyRegistrations(Math.max(1, Math.ceil((Date.parse(freeing.attempted_at) + REGISTRATION_WINDOW_MS - now.getTime()) / 1000)));
    }
    await trx.deleteFrom('registration_attempts').where('attempted_at', '<=', since).execute();
    await trx.insertInto('registration_attempts').values({ address, attempted_at: now.toISOString() }).execute();
  });
}
