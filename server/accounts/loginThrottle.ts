import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { TooManyLoginAttempts } from './errors.ts';
import { lockKey } from './throttleLock.ts';

// OWASP's guidance (Authentication and Credential Stuffing cheat sheets): slow the attacker, not the owner.
// Failures are counted per account *and* address; across addresses the account is only slowed: each
// unrecognised address waits a few seconds for a turn of its own, which nobody else's attempts can take or
// push back, so the right password from a new browser always gets in after that short wait (issue 25, attack
// item 4: a guess a second from rotating addresses used to keep a new browser out for minutes). A browser that
// signed in to the account before (a recognised device) and an open session changing its password are counted
// apart, so strangers' failures never reach them.

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
/** That many are free; after them the account is slowed… */
export const ACCOUNT_FREE_FAILURES = 10;
/**
 * …: an unrecognised address is first answered 429 with this Retry-After, and may try once when it comes back
 * after it. Each turn is one attempt, so every guess from every address waits; the owner waits once.
 */
export const ACCOUNT_TURN_DELAY_MS = 5 * SECOND;
/** A turn not used within this time after its wait is gone (the next attempt waits again). */
export const ACCOUNT_TURN_VALID_MS = 2 * MINUTE;

/**
 * The `client` of a row that is not a failure but an address waiting for its turn at a slowed account
 * (`failed_at`: when it was told to wait). No count of failures reads it.
 */
const WAITING = 'waiting';

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

/** Whether unrecognised clients' failures against the account, from any address, are past the free ones. */
async function accountSlowed(trx: Transaction<DB>, email: string, now: Date): Promise<boolean> {
  const row = await failures(trx, before(now, ACCOUNT_WINDOW_MS))
    .where('email', '=', email)
    .where('client', 'is', null)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count) >= ACCOUNT_FREE_FAILURES;
}

/**
 * At a slowed account, this address's turn: undefined when it waited and may try now (the turn is used up),
 * otherwise the refusal to answer — the rest of its wait, or a new wait, written down here and kept when the
 * refusal is answered.
 */
async function takeTurn(trx: Transaction<DB>, email: string, address: string, now: Date): Promise<TooManyLoginAttempts | undefined> {
  const waits = trx.selectFrom('login_failures').where('email', '=', email).where('address', '=', address).where('client', '=', WAITING);
  const ready = await waits
    .where('failed_at', '<=', before(now, ACCOUNT_TURN_DELAY_MS))
    .where('failed_at', '>', before(now, ACCOUNT_TURN_DELAY_MS + ACCOUNT_TURN_VALID_MS))
    .select('id')
    .orderBy('failed_at')
    .limit(1)
    .executeTakeFirst();
  if (ready) {
    await trx.deleteFrom('login_failures').where('id', '=', ready.id).execute();
    return undefined;
  }
  const waiting = await waits.where('failed_at', '>', before(now, ACCOUNT_TURN_DELAY_MS)).select('failed_at').orderBy('failed_at').limit(1).executeTakeFirst();
  if (waiting) return new TooManyLoginAttempts(seconds(Date.parse(waiting.failed_at) + ACCOUNT_TURN_DELAY_MS - now.getTime()));
  await trx.insertInto('login_failures').values({ email, address, client: WAITING, failed_at: now.toISOString() }).execute();
  return new TooManyLoginAttempts(seconds(ACCOUNT_TURN_DELAY_MS));
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
  // A refusal is returned, not thrown, so that what it wrote (an address's wait) is committed with it.
  const outcome = await db.transaction().execute(async (trx): Promise<LoginAttempt | TooManyLoginAttempts> => {
    await lockKey(trx, EMAIL_KEYS, email);
    if (client !== null) {
      await refuseOverLimit(failures(trx, since).where('email', '=', email).where('client', '=', client), MAX_FAILURES_PER_CLIENT, now);
    } else {
      await refuseOverLimit(
        failures(trx, since).where('email', '=', email).where('address', '=', address).where('client', 'is', null),
        MAX_FAILURES_PER_PAIR,
        now,
      );
      await lockKey(trx, ADDRESS_KEYS, address);
      await refuseOverLimit(failures(trx, since).where('address', '=', address).where('client', 'is', null), MAX_FAILURES_PER_ADDRESS, now);
      if (await accountSlowed(trx, email, now)) {
        const refusal = await takeTurn(trx, email, address, now);
        if (refusal) return refusal;
      }
    }
    await trx.insertInto('login_failures').values({ email, address, client, failed_at: now.toISOString() }).execute();
    return { email, address, client };
  });
  if (outcome instanceof TooManyLoginAttempts) throw outcome;
  return outcome;
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
