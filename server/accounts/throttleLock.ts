import { sql, type Transaction } from 'kysely';
import { dialectOf } from '../db/dialect.ts';
import type { DB } from '../db/schema.ts';

/**
 * The key spaces in use, each a separate set of keys: 1 and 2 the login throttle's emails and addresses
 * (loginThrottle.ts), 3 the registrations' addresses (registrationThrottle.ts), and these two, the password-reset
 * requests' emails and addresses (passwordReset/, through public.ts).
 */
export const PASSWORD_RESET_EMAIL_KEYS = 4;
export const PASSWORD_RESET_ADDRESS_KEYS = 5;

/**
 * Serialises, until the transaction ends, the transactions that count against one key (an email, an address)
 * on PostgreSQL, where several API instances may share the database. SQLite has one writer anyway (its
 * transactions begin immediate). Each `keySpace` is a separate set of keys.
 */
export async function lockKey(trx: Transaction<DB>, keySpace: number, key: string): Promise<void> {
  if (dialectOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(${keySpace}, hashtext(${key}))`.execute(trx);
}
