import { sql, type Kysely } from 'kysely';
import { instantType, withId } from './columns.ts';

/**
 * Open places, SOS and nudges (docs/product.md §10). No existing row changes.
 *
 * - `team_settings`: what a team (church + department) decided about itself; a team without a row has the defaults
 *   (`self_signup` 0: its members do not sign themselves up). Written by server/teams.
 * - `sos_broadcasts`: each SOS a leader sent for one place (event, department, position or none): the last one's
 *   `sent_at` keeps a place to one SOS an hour, and an open one (`closed_at` null) lets the eligible sign up for
 *   that place even when their team has no self sign-up. Closed when a sign-up fills the place.
 * - `nudges`: each reminder to the members still pending at an event, per department, for the 12-hour limit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('team_settings')
    .addColumn('church_id', 'integer', (col) => col.notNull().references('churches.id').onDelete('cascade'))
    .addColumn('department_id', 'integer', (col) => col.notNull().references('departments.id').onDelete('cascade'))
    .addColumn('self_signup', 'integer', (col) => col.notNull().defaultTo(0).check(sql`self_signup in (0, 1)`))
    .addColumn('updated_at', instantType(db), (col) => col.notNull())
    .addPrimaryKeyConstraint('team_settings_pkey', ['church_id', 'department_id'])
    .execute();

  await withId(db, db.schema.createTable('sos_broadcasts'))
    .addColumn('event_id', 'integer', (col) => col.notNull().references('events.id').onDelete('cascade'))
    .addColumn('department_id', 'integer', (col) => col.notNull().references('departments.id').onDelete('cascade'))
    .addColumn('position_id', 'integer', (col) => col.references('positions.id').onDelete('cascade'))
    .addColumn('sent_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('sent_at', instantType(db), (col) => col.notNull())
    .addColumn('note', 'text')
    .addColumn('notified', 'integer', (col) => col.notNull())
    .addColumn('closed_at', instantType(db))
    .execute();
  await db.schema.createIndex('sos_broadcasts_place').on('sos_broadcasts').columns(['event_id', 'department_id', 'sent_at']).execute();

  await withId(db, db.schema.createTable('nudges'))
    .addColumn('event_id', 'integer', (col) => col.notNull().references('events.id').onDelete('cascade'))
    .addColumn('department_id', 'integer', (col) => col.notNull().references('departments.id').onDelete('cascade'))
    .addColumn('sent_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('sent_at', instantType(db), (col) => col.notNull())
    .addColumn('notified', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('nudges_event').on('nudges').columns(['event_id', 'department_id', 'sent_at']).execute();
}
