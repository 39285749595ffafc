import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { dialectOf } from '../db/dialect.ts';
import { TooManyLoginAttempts } from './errors.ts';

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 10;
export const MAX_FAILURES_PER_IP = 50;

const emailScope = (email: string) => `email:${email}`;
const ipScope = (ip: string) => `ip:${ip}`;

/** The rows one sign-in attempt reserved: they count as failures unless the attempt succeeds. */
export interface LoginAttempt {
  email: string;
  ipRowId: number;
}

/** Seconds until fewer than `limit` of these failure times (ascending) are inside the window. */
function retryAfterSeconds(failedAt: string[], limit: number, now: Date): number {
  const freeing = failedAt[failedAt.length - limit]!;
  return Math.max(1, Math.ceil((Date.parse(freeing) + THROTTLE_WINDOW_MS - now.getTime()) / 1000));
}

/**
 * Serialises the attempts of one scope on PostgreSQL (several API instances); SQLite has one writer anyway.
 * Emails and addresses are locked in separate key spaces and always email first, so no two attempts can
 * wait on each other in a cycle.
 */
async function lockScope(trx: Transaction<DB>, keySpace: number, scope: string): Promise<void> {
  if (dialectOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(${keySpace}, hashtext(${scope}))`.execute(trx);
}

/**
 * Starts a sign-in attempt: throws 429 (with Retry-After) when this email or this client address already
 * failed too often within the window; otherwise records the attempt as a failure *before* the password is
 * checked, so that a burst of parallel attempts cannot all pass the check. `loginSucceeded` takes it back.
 */
export async function beginLoginAttempt(db: Kysely<DB>, email: string, ip: string, now: Date): Promise<LoginAttempt> {
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MS).toISOString();
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const scopes = [
      [1, emailScope(email), MAX_FAILURES_PER_EMAIL],
      [2, ipScope(ip), MAX_FAILURES_PER_IP],
    ] as const;
    for (const [keySpace, scope, limit] of scopes) {
      await lockScope(trx, keySpace, scope);
      const rows = await trx
        .selectFrom('login_failures')
        .select('failed_at')
        .where('scope', '=', scope)
        .where('failed_at', '>', since)
        .orderBy('failed_at')
        .execute();
      if (rows.length >= limit) throw new TooManyLoginAttempts(retryAfterSeconds(rows.map((row) => row.failed_at), limit, now));
    }
    await trx.insertInto('login_failures').values({ scope: emailScope(email), failed_at: at }).execute();
    const ipRow = await trx.insertInto('login_failures').values({ scope: ipScope(ip), failed_at: at }).returning('id').executeTakeFirstOrThrow();
    return { email, ipRowId: ipRow.id };
  });
}

/** The attempt failed: its rows stay; rows older than the window are dropped so the table stays small. */
export async function loginFailed(db: Kysely<DB>, now: Date): Promise<void> {
  await db.deleteFrom('login_failures').where('failed_at', '<', new Date(now.getTime() - THROTTLE_WINDOW_MS).toISOString()).execute();
}

/** The attempt succeeded: the email's count is cleared and this attempt no longer counts against the address. */
export async function loginSucceeded(db: Kysely<DB>, attempt: LoginAttempt): Promise<void> {
  await db
    .deleteFrom('login_failures')
    .where((eb) => eb.or([eb('scope', '=', emailScope(attempt.email)), eb('id', '=', attempt.ipRowId)]))
    .execute();
}
