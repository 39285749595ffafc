import type { Kysely } from 'kysely';
import { instantType, withId } from './columns.ts';

// With their keys written out (escalas/departmentKey.ts gives the same): a migration keeps what it wrote even if
// that function changes later.
const DEFAULT_DEPARTMENTS = [
  { name: 'Louvor', name_key: 'louvor' },
  { name: 'Mídia', name_key: 'midia' },
  { name: 'Infantil', name_key: 'infantil' },
  { name: 'Recepção', name_key: 'recepcao' },
  { name: 'Intercessão', name_key: 'intercessao' },
  { name: 'Diaconia', name_key: 'diaconia' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('departments'))
    .addColumn('name', 'varchar(100)', (col) => col.notNull())
    // Lower-case, accents removed: "mídia", "MIDIA" and "Mídia" are one department on both databases.
    .addColumn('name_key', 'varchar(100)', (col) => col.notNull().unique())
    .execute();
  // The network's standing teams exist from the start; admins add more.
  await (db as Kysely<{ departments: { name: string; name_key: string } }>)
    .insertInto('departments')
    .values(DEFAULT_DEPARTMENTS)
    .execute();

  await withId(db, db.schema.createTable('allocations'))
    .addColumn('event_id', 'integer', (col) => col.notNull().references('events.id'))
    .addColumn('department_id', 'integer', (col) => col.notNull().references('departments.id'))
    .addColumn('member_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('allocated_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', instantType(db), (col) => col.notNull())
    // One member, one place per event: enforced here, not by a read before the write.
    .addUniqueConstraint('allocations_event_member', ['event_id', 'member_id'])
    .execute();
  await db.schema.createIndex('allocations_member_id').on('allocations').column('member_id').execute();

  // The secret in a member's personal calendar URL (shown again on request, so kept as is).
  await db.schema
    .createTable('calendar_tokens')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('token', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('created_at', instantType(db), (col) => col.notNull())
    .execute();
}
