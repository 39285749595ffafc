import type { Kysely } from 'kysely';
import { instantType, withId } from './columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('event_types'))
    .addColumn('name', 'varchar(100)', (col) => col.notNull().unique())
    .execute();

  await withId(db, db.schema.createTable('events'))
    .addColumn('datetime', instantType(db), (col) => col.notNull())
    .addColumn('event_type_id', 'integer', (col) => col.references('event_types.id').onDelete('set null'))
    .execute();

  // Every list, day and range query filters and orders by (datetime, id).
  await db.schema.createIndex('events_datetime_id').on('events').columns(['datetime', 'id']).execute();
}
