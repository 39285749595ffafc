import { sql, type Transaction } from 'kysely';
import { dialectOf } from '../db/dialect.ts';
import type { DB } from '../db/schema.ts';

/**
 * Serialises, until the transaction ends, the transactions that count against one key (an email, an address)
 * on PostgreSQL, where several API instances may share the database. SQLite has one writer anyway (its
 * transactions begin immediate). Each `keySpace` is a separate set of keys.
 */
export async function lockKey(trx: Transaction<DB>, keySpace: number, key: string): Promise<void> {
  if (dialectOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(${keySpace}, hashtext(${key}))`.execute(trx);
}
