import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/**
 * One-click unsubscribe (RFC 8058, docs/product.md §7): every notification e-mail carries a link whose token is
 * an HMAC of the recipient's id under this installation's own key, written here once. No row per person: a link
 * works as long as the installation does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('installation').addColumn('unsubscribe_key', 'varchar(64)').execute();
  await sql`update installation set unsubscribe_key = ${randomBytes(32).toString('hex')} where id = 1`.execute(db);
}
