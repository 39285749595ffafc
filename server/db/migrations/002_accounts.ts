import { sql, type Kysely } from 'kysely';
import { instantType, withId } from './columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('users'))
    .addColumn('name', 'varchar(100)', (col) => col.notNull())
    .addColumn('email', 'varchar(254)', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('role', 'varchar(10)', (col) => col.notNull().defaultTo('member').check(sql`role in ('member', 'leader', 'admin')`))
    .addColumn('created_at', instantType(db), (col) => col.notNull())
    .execute();

  // Only the SHA-256 of a session token is stored: a leaked table opens no session.
  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'char(64)', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', instantType(db), (col) => col.notNull())
    .addColumn('last_seen_at', instantType(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  // Failed sign-ins, per email and per client address, kept in the database so that restarts and
  // several API instances share one count.
  await withId(db, db.schema.createTable('login_failures'))
    .addColumn('scope', 'varchar(300)', (col) => col.notNull())
    .addColumn('failed_at', instantType(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex('login_failures_scope_failed_at').on('login_failures').columns(['scope', 'failed_at']).execute();
}
