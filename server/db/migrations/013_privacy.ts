import type { Kysely } from 'kysely';
import { instantType, withId } from './columns.ts';

/**
 * Privacy and the audit log (docs/product.md §11), and jobs that run once across instances (§3, several instances).
 *
 * - `audit_log`: append-only, written in the transaction of the change it records. `actor_id` and `subject_id`
 *   are users (null: the system, or no person concerned); users are anonymised, never deleted, so the ids stay.
 *   `details` is JSON of ids, names and codes only: never a password, token, reason text or message body.
 * - `job_runs`: a scheduled job (`retention`, ...) claims its period (`2026-11-27`) by inserting its row; the
 *   instance whose insert wins runs it, the others see the row and skip.
 * - `users.deleted_at`: set when an account is anonymised (`DELETE /api/me`, `DELETE /api/users/{id}`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('audit_log'))
    .addColumn('at', instantType(db), (col) => col.notNull())
    .addColumn('actor_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('action', 'varchar(40)', (col) => col.notNull())
    .addColumn('subject_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('details', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();
  await db.schema.createIndex('audit_log_subject_id').on('audit_log').column('subject_id').execute();
  await db.schema.createIndex('audit_log_actor_id').on('audit_log').column('actor_id').execute();

  await db.schema
    .createTable('job_runs')
    .addColumn('job', 'varchar(40)', (col) => col.notNull())
    .addColumn('period', 'varchar(40)', (col) => col.notNull())
    .addColumn('started_at', instantType(db), (col) => col.notNull())
    .addColumn('finished_at', instantType(db))
    .addPrimaryKeyConstraint('job_runs_pkey', ['job', 'period'])
    .execute();

  await db.schema.alterTable('users').addColumn('deleted_at', instantType(db)).execute();
}
