import { sql, type Kysely } from 'kysely';
import { instantType, withId } from './columns.ts';

/**
 * Escala drafts (docs/product.md §9): a leader's proposal for a range, reviewed before anyone is invited. A draft
 * holds one row per missing place, each with the person proposed (or none) and the reasons, as JSON text the
 * leader reads as it is. And a member's monthly limit of services, which the draft keeps.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('drafts'))
    .addColumn('author_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'varchar(10)', (col) => col.notNull().defaultTo('open').check(sql`status in ('open', 'published', 'discarded')`))
    .addColumn('from_day', 'varchar(10)', (col) => col.notNull())
    .addColumn('to_day', 'varchar(10)', (col) => col.notNull())
    .addColumn('church_id', 'integer', (col) => col.references('churches.id').onDelete('cascade'))
    .addColumn('department_id', 'integer', (col) => col.references('departments.id').onDelete('cascade'))
    .addColumn('created_at', instantType(db), (col) => col.notNull())
    .addColumn('expires_at', instantType(db), (col) => col.notNull())
    .execute();

  await withId(db, db.schema.createTable('draft_places'))
    .addColumn('draft_id', 'integer', (col) => col.notNull().references('drafts.id').onDelete('cascade'))
    .addColumn('event_id', 'integer', (col) => col.notNull().references('events.id').onDelete('cascade'))
    .addColumn('department_id', 'integer', (col) => col.notNull().references('departments.id').onDelete('cascade'))
    .addColumn('position_id', 'integer', (col) => col.references('positions.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('reasons', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('draft_places_draft_id').on('draft_places').column('draft_id').execute();

  // At most this many services a month (1–31); null: no limit.
  await db.schema.alterTable('notification_preferences').addColumn('max_services_per_month', 'integer').execute();
}
