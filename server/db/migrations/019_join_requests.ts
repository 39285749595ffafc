import { sql, type Kysely } from 'kysely';
import { instantType, withId } from './columns.ts';

/**
 * Join requests (docs/product.md §13): a member asks to serve in a team (church + department); its leaders approve
 * or decline. No existing row changes. Written by server/joinRequests.
 *
 * - `join_requests`: one row per request. `status` pending | approved | declined; `decided_by`/`decided_at` once
 *   decided; `reason` the leaders' optional reason for a decline (the member reads it). At most one pending request
 *   per member and team: a partial unique index, which both databases keep. A request goes with its member, church
 *   or department.
 * - `join_request_positions`: the positions the member asked for (of the team's department); they go with the
 *   request or the position.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('join_requests'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('church_id', 'integer', (col) => col.notNull().references('churches.id').onDelete('cascade'))
    .addColumn('department_id', 'integer', (col) => col.notNull().references('departments.id').onDelete('cascade'))
    // The member's note for the leaders (≤ 300 characters, checked by the API).
    .addColumn('note', 'varchar(300)')
    .addColumn('status', 'varchar(10)', (col) => col.notNull().defaultTo('pending').check(sql`status in ('pending', 'approved', 'declined')`))
    .addColumn('decided_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('decided_at', instantType(db))
    // The leaders' reason for a decline (≤ 300 characters, checked by the API).
    .addColumn('reason', 'varchar(300)')
    .addColumn('created_at', instantType(db), (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('join_requests_one_pending')
    .on('join_requests')
    .columns(['user_id', 'church_id', 'department_id'])
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema.createIndex('join_requests_team_status').on('join_requests').columns(['church_id', 'department_id', 'status']).execute();
  await db.schema.createIndex('join_requests_user_id').on('join_requests').column('user_id').execute();

  await db.schema
    .createTable('join_request_positions')
    .addColumn('join_request_id', 'integer', (col) => col.notNull().references('join_requests.id').onDelete('cascade'))
    .addColumn('position_id', 'integer', (col) => col.notNull().references('positions.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('join_request_positions_pkey', ['join_request_id', 'position_id'])
    .execute();
  await db.schema.createIndex('join_request_positions_position_id').on('join_request_positions').column('position_id').execute();
}
