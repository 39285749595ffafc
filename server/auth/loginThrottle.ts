import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { HttpError } from '../api/httpError.ts';

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 10;
export const MAX_FAILURES_PER_IP = 50;

const emailScope = (email: string) => `email:${email}`;
const ipScope = (ip: string) => `ip:${ip}`;

async function windowOf(db: Kysely<DB>, scope: string, since: string) {
  return db
    .selectFrom('login_failures')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('failed_at').as('oldest')])
    .where('scope', '=', scope)
    .where('failed_at', '>', since)
    .executeTakeFirstOrThrow();
}

/** Throws 429 with Retry-After when this email or this client address failed too often lately. */
export async function assertNotThrottled(db: Kysely<DB>, email: string, ip: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MS).toISOString();
  for (const [scope, limit] of [
    [emailScope(email), MAX_FAILURES_PER_EMAIL],
    [ipScope(ip), MAX_FAILURES_PER_IP],
  ] as const) {
    const { count, oldest } = await windowOf(db, scope, since);
    if (Number(count) >= limit && oldest) {
      const retryAfter = Math.max(1, Math.ceil((Date.parse(oldest) + THROTTLE_WINDOW_MS - now.getTime()) / 1000));
      throw new HttpError(
        429,
        'too_many_attempts',
        `Muitas tentativas de login. Tente novamente em ${Math.ceil(retryAfter / 60)} minuto(s).`,
        { retry_after: retryAfter },
        { 'Retry-After': String(retryAfter) },
      );
    }
  }
}

export async function recordLoginFailure(db: Kysely<DB>, email: string, ip: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('login_failures').values([
      { scope: emailScope(email), failed_at: at },
      { scope: ipScope(ip), failed_at: at },
    ]).execute();
    // Old rows are useless; drop them as we go so the table stays small.
    await trx.deleteFrom('login_failures').where('failed_at', '<', new Date(now.getTime() - THROTTLE_WINDOW_MS).toISOString()).execute();
  });
}

export async function clearEmailFailures(db: Kysely<DB>, email: string): Promise<void> {
  await db.deleteFrom('login_failures').where('scope', '=', emailScope(email)).execute();
}
