import type { Kysely } from 'kysely';
import { instantType, withId } from './columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The first answer to a creating request sent with an Idempotency-Key: a retry of it (after a time-out, say)
  // gets that answer back instead of writing again.
  await withId(db, db.schema.createTable('idempotency_keys'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'varchar(200)', (col) => col.notNull())
    .addColumn('request_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', instantType(db), (col) => col.notNull())
    .addUniqueConstraint('idempotency_keys_user_key', ['user_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created_at').on('idempotency_keys').column('created_at').execute();
}
