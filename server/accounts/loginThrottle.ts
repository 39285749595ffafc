import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { TooManyLoginAttempts } from './errors.ts';
import { lockKey } from './throttleLock.ts';

// OWASP's guidance (Authentication and Credential Stuffing cheat sheets): slow the attacker, not the owner.
// Failures are counted per account *and* address; across addresses the account is only slowed, with delays
// that grow but stay short; a browser that signed in to the account before (a recognised device) and an open
// session changing its password are counted apart, so strangers' failures never reach them.

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** How long a failure counts against its (account, address) pair, its address, a device or a session. */
export const FAILURE_WINDOW_MS = 15 * MINUTE;
/** One address guessing one account: refused until the oldest of these leaves the window. */
export const MAX_FAILURES_PER_PAIR = 10;
/** One address, any accounts: high, so a church's Wi-Fi with many people mistyping is never refused. */
export const MAX_FAILURES_PER_ADDRESS = 300;
/** A recognised device of the account, or an open session changing its password. */
export const MAX_FAILURES_PER_CLIENT = 10;

/** Failures of unrecognised clients against one account, from any address, count this long. */
export const ACCOUNT_WINDOW_MS = 60 * MINUTE;
/** That many are free; after them each attempt waits a delay after the latest failure… */
export const ACCOUNT_FREE_FAILURES = 10;
/** …30 s, doubling with every further failure… */
export const ACCOUNT_FIRST_DELAY_MS = 30 * SECOND;
/** …but never longer: a right password is never refused for long. */
export const ACCOUNT_MAX_DELAY_MS = 5 * MINUTE;

const EMAIL_KEYS = 1;
const ADDRESS_KEYS = 2;

/** Who is trying: an unrecognised client, a device recognised for the account, or an open session. */
export type LoginClient = { kind: 'unrecognised' } | { kind: 'device'; tokenHash: string } | { kind: 'session'; tokenHash: string };

export interface LoginAttemptOf {
  email: string;
  address: string;
  client: LoginClient;
}

/** The row one attempt reserved: it stays as a failure unless the attempt succeeds. */
export interface LoginAttempt {
  email: string;
  address: string;
  client: string | null;
}

function clientColumn(client: LoginClient): string | null {
  return client.kind === 'unrecognised' ? null : `${client.kind}:${client.tokenHash}`;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / SECOND));
const before = (now: Date, ms: number) => new Date(now.getTime() - ms).toISOString();

/** The account's delay after `failures` failures of unrecognised clients within its window (0 while free). */
export function accountDelayMs(failures: number): number {
  if (failures < ACCOUNT_FREE_FAILURES) return 0;
  return Math.min(ACCOUNT_FIRST_DELAY_MS * 2 ** Math.min(failures - ACCOUNT_FREE_FAILURES, 20), ACCOUNT_MAX_DELAY_MS);
}

type FailureQuery = ReturnType<typeof failures>;
function failures(trx: Transaction<DB>, since: string) {
  return trx.selectFrom('login_failures').where('failed_at', '>', since);
}

/**
 * Throws when `limit` failures of `query` are within the window: Retry-After is when the oldest of the latest
 * `limit` leaves it.
 */
async function refuseOverLimit(query: FailureQuery, limit: number, now: Date): Promise<void> {
  const freeing = await query.select('failed_at').orderBy('failed_at', 'desc').limit(1).offset(limit - 1).executeTakeFirst();
  if (freeing) throw new TooManyLoginAttempts(seconds(Date.parse(freeing.failed_at) + FAILURE_WINDOW_MS - now.getTime()));
}

async function refuseWhileAccountSlowed(trx: Transaction<DB>, email: string, now: Date): Promise<void> {
  const row = await failures(trx, before(now, ACCOUNT_WINDOW_MS))
    .where('email', '=', email)
    .where('client', 'is', null)
    .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.max('failed_at').as('latest')])
    .executeTakeFirstOrThrow();
  const delay = accountDelayMs(Number(row.count));
  if (delay === 0 || row.latest === null) return;
  const until = Date.parse(row.latest) + delay;
  if (until > now.getTime()) throw new TooManyLoginAttempts(seconds(until - now.getTime()));
}

/**
 * Starts an attempt: throws 429 (with Retry-After) when this client may not try now; otherwise records the
 * attempt as a failure *before* the password is checked, so that a burst of parallel attempts cannot all pass
 * the check. `loginSucceeded` takes it back.
 *
 * On PostgreSQL the attempts of one email (and, for unrecognised clients, of one address) are serialised with
 * advisory locks, always email first, so several API instances count as one; SQLite has one writer anyway.
 */
export async function beginLoginAttempt(db: Kysely<DB>, attempt: LoginAttemptOf, now: Date): Promise<LoginAttempt> {
  const { email, address } = attempt;
  const client = clientColumn(attempt.client);
  const since = before(now, FAILURE_WINDOW_MS);
  return db.transaction().execute(async (trx) => {
    await lockKey(trx, EMAIL_KEYS, email);
    if (client !== null) {
      await refuseOverLimit(failures(trx, since).where('email', '=', email).where('client', '=', client), MAX_FAILURES_PER_CLIENT, now);
    } else {
      await refuseOverLimit(
        failures(trx, since).where('email', '=', email).where('address', '=', address).where('client', 'is', null),
        MAX_FAILURES_PER_PAIR,
        now,
      );
      await refuseWhileAccountSlowed(trx, email, now);
      await lockKey(trx, ADDRESS_KEYS, address);
      await refuseOverLimit(failures(trx, since).where('address', '=', address).where('client', 'is', null), MAX_FAILURES_PER_ADDRESS, now);
    }
    await trx.insertInto('login_failures').values({ email, address, client, failed_at: now.toISOString() }).execute();
    return { email, address, client };
  });
}

/** The attempt failed: its row stays; rows older than every window are dropped so the table stays small. */
export async function loginFailed(db: Kysely<DB>, now: Date): Promise<void> {
  await db.deleteFrom('login_failures').where('failed_at', '<', before(now, Math.max(FAILURE_WINDOW_MS, ACCOUNT_WINDOW_MS))).execute();
}

/**
 * The attempt succeeded: the failures this client made against the account are forgiven (this pair's, or this
 * device's or session's), the attempt's own row among them. Strangers' failures elsewhere stay.
 */
export async function loginSucceeded(db: Kysely<DB>, attempt: LoginAttempt): Promise<void> {
  let query = db.deleteFrom('login_failures').where('email', '=', attempt.email);
  query = attempt.client === null ? query.where('client', 'is', null).where('address', '=', attempt.address) : query.where('client', '=', attempt.client);
  await query.execute();
}

/** Every failure counted against the account (the admin's `reset-password`). */
export async function clearLoginFailures(db: Kysely<DB>, email: string): Promise<void> {
  await db.deleteFrom('login_failures').where('email', '=', email).execute();
}
