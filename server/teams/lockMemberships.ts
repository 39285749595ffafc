import { sql, type Transaction } from 'kysely';
import { dialectOf } from '../db/dialect.ts';
import type { DB } from '../db/schema.ts';

/** The key space of these locks: `pg_advisory_xact_lock(MEMBERSHIP_LOCK_SPACE, userId)`. */
export const MEMBERSHIP_LOCK_SPACE = 6_000_025;

/**
 * One change of a person's team memberships at a time on PostgreSQL, until the transaction ends: the audit entry
 * compares the membership before and after (docs/product.md §11), so two joins at once must not both read "not on
 * the team". SQLite runs one write transaction at a time anyway.
 */
export async function lockMemberships(trx: Transaction<DB>, userId: number): Promise<void> {
  if (dialectOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(${sql.lit(MEMBERSHIP_LOCK_SPACE)}, ${userId})`.execute(trx);
}
