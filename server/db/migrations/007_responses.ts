import { sql, type Kysely } from 'kysely';
import { instantType, withId } from './columns.ts';

/**
 * Escalas that close the loop (docs/product.md §6): an allocation becomes an invitation with an answer, and members
 * keep the days they cannot serve.
 *
 * Allocations made before this migration were never asked: their members did not agree to anything, so they
 * start `pending` like every new one (not `confirmed`, which nobody said). Their response token stays null
 * until one is issued (escalas/responseTokens.ts): an invitation issues a fresh one anyway.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('allocations')
    .addColumn('status', 'varchar(10)', (col) => col.notNull().defaultTo('pending').check(sql`status in ('pending', 'confirmed', 'declined')`))
    .execute();
  await db.schema.alterTable('allocations').addColumn('responded_at', instantType(db)).execute();
  // The note of a decline, shown to leaders (at most 300 characters, checked by the API).
  await db.schema.alterTable('allocations').addColumn('reason', 'varchar(300)').execute();
  // Only the SHA-256 of the token in an e-mailed answer link is stored: a leaked table answers nothing.
  await db.schema.alterTable('allocations').addColumn('response_token_hash', 'char(64)').execute();
  await db.schema.createIndex('allocations_response_token_hash').on('allocations').column('response_token_hash').unique().execute();

  // Day ranges a member cannot serve: network-timezone day keys (yyyy-MM-dd), both days included.
  await withId(db, db.schema.createTable('blockouts'))
    .addColumn('member_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('first_day', 'varchar(10)', (col) => col.notNull())
    .addColumn('last_day', 'varchar(10)', (col) => col.notNull())
    .addColumn('note', 'varchar(300)')
    .addColumn('created_at', instantType(db), (col) => col.notNull())
    .execute();
  // "Is this member blocked on that day?" and "this member's blockouts, in order".
  await db.schema.createIndex('blockouts_member_first_day').on('blockouts').columns(['member_id', 'first_day']).execute();
}
