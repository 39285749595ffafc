import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';
import { instantType } from './columns.ts';

/**
 * Message-IDs that never repeat (docs/product.md §7): `<outbox-12@host>` was the same for row 12 of every portal,
 * and again for the row 12 written after a restore from a backup, and some mail systems drop a Message-ID they
 * have seen. Each message now carries a random part of its own and one of the installation's.
 *
 * - `installation`: one row (id 1), written here once with a random token: every database gets its own.
 * - `outbox.message_token`: a random part per message, written when it is queued, the same for each of its tries
 *   (a message delivered twice stays recognisably one). Messages still queued get one now; those already done
 *   keep none (it is never read again).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('installation')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('token', 'varchar(32)', (col) => col.notNull())
    .addColumn('created_at', instantType(db), (col) => col.notNull())
    .execute();
  await sql`insert into installation (id, token, created_at) values (1, ${randomBytes(6).toString('hex')}, ${new Date().toISOString()})`.execute(db);

  await db.schema.alterTable('outbox').addColumn('message_token', 'varchar(32)').execute();
  const random =
    dialectOf(db) === 'postgres' ? sql`substr(md5(random()::text || id::text), 1, 12)` : sql`lower(hex(randomblob(6)))`;
  await sql`update outbox set message_token = ${random} where status = 'queued'`.execute(db);
}
