import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';
import { instantType, withId } from './columns.ts';

const OLD_STATUS_CHECK = "status in ('pending', 'confirmed', 'declined')";
const NEW_STATUS_CHECK = "status in ('pending', 'confirmed', 'declined', 'covered')";

/**
 * Cover requests (docs/product.md §10): the allocated member asks someone of the team to take their place.
 *
 * - `allocations.status` gains `covered`: the allocation whose place someone took. No existing row changes.
 *   PostgreSQL replaces the column's check; SQLite cannot alter a check, so the table is rebuilt from its own DDL
 *   (the documented sequence of https://sqlite.org/lang_altertable.html#otheralter: foreign keys off, new table,
 *   copy, drop, rename, indexes, foreign_key_check) — the rows, ids and indexes stay as they were.
 * - `cover_requests`: one row per request; at most one `open` request per allocation (a partial unique index).
 *   `taken_allocation_id` is the allocation the taker got. A request goes with its allocation (an event deleted,
 *   an account removed).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`alter table allocations drop constraint allocations_status_check`.execute(db);
    await sql.raw(`alter table allocations add constraint allocations_status_check check (${NEW_STATUS_CHECK})`).execute(db);
  } else {
    await rebuildSqliteAllocations(db);
  }

  await withId(db, db.schema.createTable('cover_requests'))
    .addColumn('allocation_id', 'integer', (col) => col.notNull().references('allocations.id').onDelete('cascade'))
    .addColumn('requester_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // The requester's note (≤ 300 characters, checked by the API): read by them, their team's leaders and admins.
    .addColumn('note', 'varchar(300)')
    .addColumn('status', 'varchar(10)', (col) => col.notNull().defaultTo('open').check(sql`status in ('open', 'taken', 'withdrawn', 'expired')`))
    .addColumn('created_at', instantType(db), (col) => col.notNull())
    .addColumn('escalated_at', instantType(db))
    .addColumn('closed_at', instantType(db))
    .addColumn('taken_allocation_id', 'integer', (col) => col.references('allocations.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('cover_requests_one_open')
    .on('cover_requests')
    .column('allocation_id')
    .unique()
    .where(sql.ref('status'), '=', 'open')
    .execute();
  await db.schema.createIndex('cover_requests_allocation_id').on('cover_requests').column('allocation_id').execute();
  await db.schema.createIndex('cover_requests_status').on('cover_requests').column('status').execute();
}

async function rebuildSqliteAllocations(db: Kysely<unknown>): Promise<void> {
  const table = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'allocations'`.execute(db);
  const ddl = table.rows[0]?.sql;
  if (!ddl || !ddl.includes(OLD_STATUS_CHECK)) throw new Error('016_cover_requests: allocations.status check not found');
  const indexes = await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = 'allocations' and sql is not null`.execute(db);
  // Kysely runs SQLite migrations outside a transaction, so the pragma takes effect; the rebuild is one transaction.
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin`.execute(db);
    try {
      const created = ddl.replace(OLD_STATUS_CHECK, NEW_STATUS_CHECK).replace(/^create table\s+"?allocations"?/i, 'create table "allocations_016"');
      await sql.raw(created).execute(db);
      await sql`insert into allocations_016 select * from allocations`.execute(db);
      await sql`drop table allocations`.execute(db);
      await sql`alter table allocations_016 rename to allocations`.execute(db);
      for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length > 0) throw new Error('016_cover_requests: foreign keys broken by the rebuild');
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
