import { sql, type Kysely } from 'kysely';
import { instantType, withId } from './columns.ts';

/**
 * The network's shape (docs/product.md §8): churches, positions per department, teams (church + department) with their
 * members, the positions each can fill and their leaders, the needs of each event, event details, and the
 * position an allocation fills.
 *
 * Existing `leader` accounts keep network-wide rights without any data change: the rule (server/leadership/) is
 * "role `leader` = leader of every team", so no team row is written for them. Team leadership is a flag on a
 * team membership, held by accounts whose role may stay `member`. Existing events become whole-network events
 * (`church_id` null) without details (`ends_at` null = start + 2 h when read); existing allocations name no
 * position (`position_id` null).
 *
 * Booleans are integers 0/1 on both databases (better-sqlite3 binds no JS booleans), checked to be one of them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The churches of the network. `name_key` (shared/nameKey.ts: trimmed, lower-case, without accents) decides
  // "same name" on both databases, as departments.name_key does.
  await withId(db, db.schema.createTable('churches'))
    .addColumn('name', 'varchar(100)', (col) => col.notNull())
    .addColumn('name_key', 'varchar(100)', (col) => col.notNull().unique())
    .addColumn('city', 'varchar(100)')
    .addColumn('created_at', instantType(db), (col) => col.notNull())
    .execute();

  // What a department needs people for (Louvor: Vocal, Bateria...), network-wide. (department_id, id) is unique
  // so that team_member_positions can require, by a foreign key, a position of the team's own department.
  await withId(db, db.schema.createTable('positions'))
    .addColumn('department_id', 'integer', (col) => col.notNull().references('departments.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (col) => col.notNull())
    .addColumn('name_key', 'varchar(100)', (col) => col.notNull())
    .addUniqueConstraint('positions_department_name_key', ['department_id', 'name_key'])
    .addUniqueConstraint('positions_department_id_id', ['department_id', 'id'])
    .execute();

  // A team is a church + department; a row here is one member of one team. `leader` (0/1): a leader of that team.
  await db.schema
    .createTable('team_members')
    .addColumn('church_id', 'integer', (col) => col.notNull().references('churches.id').onDelete('cascade'))
    .addColumn('department_id', 'integer', (col) => col.notNull().references('departments.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('leader', 'integer', (col) => col.notNull().defaultTo(0).check(sql`leader in (0, 1)`))
    .addColumn('created_at', instantType(db), (col) => col.notNull())
    .addPrimaryKeyConstraint('team_members_pk', ['church_id', 'department_id', 'user_id'])
    .execute();
  // "Which teams is this user in / does this user lead?" (the authorization check of every leader call).
  await db.schema.createIndex('team_members_user_id').on('team_members').columns(['user_id', 'leader']).execute();

  // The positions a team member can fill: always positions of the team's department (the second foreign key).
  await db.schema
    .createTable('team_member_positions')
    .addColumn('church_id', 'integer', (col) => col.notNull())
    .addColumn('department_id', 'integer', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull())
    .addColumn('position_id', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('team_member_positions_pk', ['church_id', 'department_id', 'user_id', 'position_id'])
    .addForeignKeyConstraint(
      'team_member_positions_member',
      ['church_id', 'department_id', 'user_id'],
      'team_members',
      ['church_id', 'department_id', 'user_id'],
      (fk) => fk.onDelete('cascade'),
    )
    .addForeignKeyConstraint('team_member_positions_position', ['department_id', 'position_id'], 'positions', ['department_id', 'id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .execute();
  await db.schema.createIndex('team_member_positions_position_id').on('team_member_positions').column('position_id').execute();

  // Events: the church they belong to (null = the whole network) and their details.
  await db.schema
    .alterTable('events')
    .addColumn('church_id', 'integer', (col) => col.references('churches.id'))
    .execute();
  await db.schema.alterTable('events').addColumn('title', 'varchar(200)').execute();
  await db.schema.alterTable('events').addColumn('description', 'varchar(2000)').execute();
  await db.schema.alterTable('events').addColumn('location', 'varchar(200)').execute();
  // Null: the event ends two hours after it starts (read as such; nothing stored).
  await db.schema.alterTable('events').addColumn('ends_at', instantType(db)).execute();
  await db.schema.createIndex('events_church_id_datetime').on('events').columns(['church_id', 'datetime']).execute();

  // The position an allocation fills (one of its department's, checked by the API); null = none named.
  await db.schema
    .alterTable('allocations')
    .addColumn('position_id', 'integer', (col) => col.references('positions.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('allocations_event_id_department_id').on('allocations').columns(['event_id', 'department_id']).execute();

  // How many people an event needs per department and position (position null: "anyone of the department").
  await withId(db, db.schema.createTable('event_needs'))
    .addColumn('event_id', 'integer', (col) => col.notNull().references('events.id').onDelete('cascade'))
    .addColumn('department_id', 'integer', (col) => col.notNull().references('departments.id').onDelete('cascade'))
    .addColumn('position_id', 'integer', (col) => col.references('positions.id').onDelete('cascade'))
    .addColumn('count', 'integer', (col) => col.notNull().check(sql`"count" >= 0`))
    .execute();
  // One row per event, department and position; a plain unique constraint would let two "null position" rows in
  // (NULLs are distinct on both databases), so the index compares coalesce(position_id, 0).
  await sql`create unique index event_needs_event_department_position on event_needs (event_id, department_id, coalesce(position_id, 0))`.execute(db);

  // The demo seed may now write churches, departments and positions too (so `npm run seed -- --remove` takes them
  // out): the table is rebuilt with the wider check (SQLite cannot alter a check constraint).
  await db.schema.alterTable('demo_records').renameTo('demo_records_008').execute();
  await db.schema
    .createTable('demo_records')
    .addColumn('table_name', 'varchar(30)', (col) =>
      col.notNull().check(sql`table_name in ('users', 'events', 'event_types', 'churches', 'departments', 'positions')`),
    )
    .addColumn('record_id', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('demo_records_table_record', ['table_name', 'record_id'])
    .execute();
  await sql`insert into demo_records (table_name, record_id) select table_name, record_id from demo_records_008`.execute(db);
  await db.schema.dropTable('demo_records_008').execute();
}
