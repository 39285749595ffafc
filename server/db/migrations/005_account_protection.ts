import { sql, type Kysely } from 'kysely';
import { instantType, withId } from './columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Failed sign-ins were counted per email and per address (one `scope` text); they are now counted per
  // account *and* address, and apart for a recognised device or an open session, so the rows carry all three.
  // The old rows are at most fifteen minutes of counts: dropped with their table.
  await db.schema.dropTable('login_failures').execute();
  await withId(db, db.schema.createTable('login_failures'))
    // The email tried, as typed (normalised), whether or not an account has it.
    .addColumn('email', 'varchar(254)', (col) => col.notNull())
    .addColumn('address', 'varchar(100)', (col) => col.notNull())
    // null: an unrecognised client; `device:<hash>`: a device recognised for this account; `session:<hash>`:
    // a password change from an open session.
    .addColumn('client', 'varchar(80)')
    .addColumn('failed_at', instantType(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex('login_failures_email_failed_at').on('login_failures').columns(['email', 'failed_at']).execute();
  await db.schema.createIndex('login_failures_address_failed_at').on('login_failures').columns(['address', 'failed_at']).execute();

  // A browser that signed in successfully to an account: the SHA-256 of its device cookie's random token, per
  // account (one browser may be a family's). Only the hash is stored.
  await db.schema
    .createTable('recognised_devices')
    .addColumn('token_hash', 'char(64)', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', instantType(db), (col) => col.notNull())
    .addColumn('last_used_at', instantType(db), (col) => col.notNull())
    .addPrimaryKeyConstraint('recognised_devices_pk', ['token_hash', 'user_id'])
    .execute();
  await db.schema.createIndex('recognised_devices_user_id').on('recognised_devices').column('user_id').execute();

  // Registrations per client address, for the per-address limit.
  await withId(db, db.schema.createTable('registration_attempts'))
    .addColumn('address', 'varchar(100)', (col) => col.notNull())
    .addColumn('attempted_at', instantType(db), (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('registration_attempts_address_attempted_at')
    .on('registration_attempts')
    .columns(['address', 'attempted_at'])
    .execute();

  // What the demo seed wrote, so `npm run seed -- --remove` takes out exactly that.
  await db.schema
    .createTable('demo_records')
    .addColumn('table_name', 'varchar(30)', (col) => col.notNull().check(sql`table_name in ('users', 'events', 'event_types')`))
    .addColumn('record_id', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('demo_records_pk', ['table_name', 'record_id'])
    .execute();
}
