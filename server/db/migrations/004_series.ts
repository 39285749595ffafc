import type { Kysely } from 'kysely';
import { instantType, withId } from './columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A repeating event: its rule, and the local wall-clock time it keeps across daylight-saving changes.
  await withId(db, db.schema.createTable('series'))
    .addColumn('rule', 'text', (col) => col.notNull())
    .addColumn('time_zone', 'varchar(64)', (col) => col.notNull())
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', instantType(db), (col) => col.notNull())
    .execute();

  await db.schema
    .alterTable('events')
    .addColumn('series_id', 'integer', (col) => col.references('series.id').onDelete('set null'))
    .execute();
  // The instant the rule gave this occurrence, kept when it is moved, so feeds can name what changed.
  await db.schema.alterTable('events').addColumn('series_slot', instantType(db)).execute();
  await db.schema.createIndex('events_series_id').on('events').column('series_id').execute();
}
