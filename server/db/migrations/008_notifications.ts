import { sql, type Kysely } from 'kysely';
import { instantType, withId } from './columns.ts';

/**
 * Notifications (docs/product.md §7): the outbox the messages wait in, the members' preferences, and the password reset
 * links (docs/product.md §1 departure 4).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per message, written in the transaction of what caused it. `dedupe_key` names the cause (the
  // invitation of allocation 12, the 3-hour reminder of member 7 for 2030-01-05, ...), so a cause never queues
  // two messages. `payload` (JSON) holds what cannot be read again when it is sent (a raw answer or reset token,
  // which is removed once the message is out, a decline's reason, a cancelled event's time).
  await withId(db, db.schema.createTable('outbox'))
    .addColumn('kind', 'varchar(30)', (col) => col.notNull())
    .addColumn('dedupe_key', 'varchar(200)', (col) => col.notNull().unique())
    .addColumn('recipient_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('status', 'varchar(10)', (col) =>
      col.notNull().defaultTo('queued').check(sql`status in ('queued', 'sent', 'failed', 'opted_out', 'skipped')`),
    )
    // Tries so far (a claim counts one), and when the next may start.
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('due_at', instantType(db), (col) => col.notNull())
    // A worker that claimed the row holds it until `lease_until`; `lease_id` tells its own claim from a later one.
    .addColumn('lease_until', instantType(db))
    .addColumn('lease_id', 'varchar(32)')
    .addColumn('last_error', 'varchar(500)')
    .addColumn('sent_at', instantType(db))
    .addColumn('created_at', instantType(db), (col) => col.notNull())
    .execute();
  // The worker's question: "queued rows due by now, oldest first".
  await db.schema.createIndex('outbox_status_due_at').on('outbox').columns(['status', 'due_at']).execute();
  await db.schema.createIndex('outbox_recipient_id').on('outbox').column('recipient_id').execute();

  // Which allocations a message is about (an invitation: one; a merged reminder: all of that member's services
  // on the day), so leaders see each allocation's last delivery state. A reminder also names its offset and the
  // event time it was for: one reminder per allocation, offset and time (the unique index), whoever queues it.
  await db.schema
    .createTable('outbox_allocations')
    .addColumn('outbox_id', 'integer', (col) => col.notNull().references('outbox.id').onDelete('cascade'))
    .addColumn('allocation_id', 'integer', (col) => col.notNull().references('allocations.id').onDelete('cascade'))
    .addColumn('reminder_hours', 'integer')
    .addColumn('event_at', instantType(db))
    .addPrimaryKeyConstraint('outbox_allocations_pk', ['outbox_id', 'allocation_id'])
    .execute();
  await db.schema
    .createIndex('outbox_allocations_reminder')
    .on('outbox_allocations')
    .columns(['allocation_id', 'reminder_hours', 'event_at'])
    .unique()
    .execute();

  // A member's choices (no row: e-mail on, no phone). `email_opted_out_at` set = no e-mail.
  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('email_opted_out_at', instantType(db))
    // E.164, a Brazilian mobile: +55 DD 9XXXXXXXX.
    .addColumn('phone', 'varchar(16)')
    .addColumn('updated_at', instantType(db), (col) => col.notNull())
    .execute();

  // A password reset link: only the SHA-256 of its token is kept; it works once, for an hour.
  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'char(64)', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', instantType(db), (col) => col.notNull())
    .addColumn('expires_at', instantType(db), (col) => col.notNull())
    .addColumn('used_at', instantType(db))
    .execute();
  await db.schema.createIndex('password_resets_user_id').on('password_resets').column('user_id').execute();

  // Every reset request, whether or not an account has the email: the per-address and per-email limits.
  await withId(db, db.schema.createTable('password_reset_requests'))
    .addColumn('email', 'varchar(254)', (col) => col.notNull())
    .addColumn('address', 'varchar(64)', (col) => col.notNull())
    .addColumn('requested_at', instantType(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex('password_reset_requests_email').on('password_reset_requests').columns(['email', 'requested_at']).execute();
  await db.schema.createIndex('password_reset_requests_address').on('password_reset_requests').columns(['address', 'requested_at']).execute();
}
