import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { isUniqueViolation } from '../db/isUniqueViolation.ts';

export interface StoredAnswer {
  requestHash: string;
  statusCode: number | null;
  responseBody: string | null;
  /** When the key was claimed (by the request's first try, or the last that took over an abandoned claim). */
  claimedAt: string;
}

/** Claims the key for this user; false when it was claimed before (by this request's first try). */
export async function claimIdempotencyKey(db: Kysely<DB>, userId: number, key: string, requestHash: string, now: Date): Promise<boolean> {
  try {
    await db.insertInto('idempotency_keys').values({ user_id: userId, key, request_hash: requestHash, created_at: now.toISOString() }).execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

export async function findIdempotencyKey(db: Kysely<DB>, userId: number, key: string): Promise<StoredAnswer | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'status_code', 'response_body', 'created_at'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
  return row && { requestHash: row.request_hash, statusCode: row.status_code, responseBody: row.response_body, claimedAt: row.created_at };
}

/**
 * Takes over a claim still without an answer that was made before `claimedBefore` (its API died while running it):
 * true for the one request that takes it, which then runs as if it were the first.
 */
export async function takeOverAbandonedKey(db: Kysely<DB>, userId: number, key: string, requestHash: string, claimedBefore: Date, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('idempotency_keys')
    .set({ created_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('request_hash', '=', requestHash)
    .where('status_code', 'is', null)
    .where('created_at', '<', claimedBefore.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function storeIdempotentAnswer(db: Kysely<DB>, userId: number, key: string, statusCode: number, responseBody: string): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ status_code: statusCode, response_body: responseBody })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute();
}

export async function releaseIdempotencyKey(db: Kysely<DB>, userId: number, key: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('key', '=', key).execute();
}

export async function deleteIdempotencyKeysBefore(db: Kysely<DB>, before: Date): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('created_at', '<', before.toISOString()).execute();
}
