import { sql, type Kysely } from 'kysely';
import { instantType, withId } from './columns.ts';

/**
 * Getting people into a team (docs/product.md §13): invitation links and e-mail invitations. Only the SHA-256 of a
 * token is kept (the raw token is in the creator's answer, or in the e-mail's outbox payload until it is sent).
 *
 * - `invite_links`: a team's link with the positions it grants (`invite_link_positions`), an expiry, an optional use
 *   limit (`uses` counts the people who joined through it, `invite_link_joins` names them) and a revocation.
 * - `invitations`: one person invited by e-mail to a team, with the positions (`invitation_positions`); its personal
 *   link works once, for the address it was sent to. At most one `pending` invitation per team and address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('invite_links'))
    .addColumn('church_id', 'integer', (col) => col.notNull().references('churches.id').onDelete('cascade'))
    .addColumn('department_id', 'integer', (col) => col.notNull().references('departments.id').onDelete('cascade'))
    .addColumn('token_hash', 'char(64)', (col) => col.notNull().unique())
    .addColumn('expires_at', instantType(db), (col) => col.notNull())
    .addColumn('max_uses', 'integer')
    .addColumn('uses', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('revoked_at', instantType(db))
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', instantType(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex('invite_links_team').on('invite_links').columns(['church_id', 'department_id']).execute();

  await db.schema
    .createTable('invite_link_positions')
    .addColumn('link_id', 'integer', (col) => col.notNull().references('invite_links.id').onDelete('cascade'))
    .addColumn('position_id', 'integer', (col) => col.notNull().references('positions.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('invite_link_positions_pk', ['link_id', 'position_id'])
    .execute();

  await db.schema
    .createTable('invite_link_joins')
    .addColumn('link_id', 'integer', (col) => col.notNull().references('invite_links.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('joined_at', instantType(db), (col) => col.notNull())
    .addPrimaryKeyConstraint('invite_link_joins_pk', ['link_id', 'user_id'])
    .execute();
  await db.schema.createIndex('invite_link_joins_user_id').on('invite_link_joins').column('user_id').execute();

  await withId(db, db.schema.createTable('invitations'))
    .addColumn('church_id', 'integer', (col) => col.notNull().references('churches.id').onDelete('cascade'))
    .addColumn('department_id', 'integer', (col) => col.notNull().references('departments.id').onDelete('cascade'))
    .addColumn('email', 'varchar(254)', (col) => col.notNull())
    .addColumn('name', 'varchar(100)', (col) => col.notNull())
    .addColumn('token_hash', 'char(64)', (col) => col.notNull().unique())
    .addColumn('status', 'varchar(10)', (col) => col.notNull().defaultTo('pending').check(sql`status in ('pending', 'accepted', 'cancelled')`))
    .addColumn('invited_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', instantType(db), (col) => col.notNull())
    // The last time its e-mail was queued (a re-send at most once an hour), how many times, and until when its
    // current link works (a re-send makes a new link and the old one stops working).
    .addColumn('sent_at', instantType(db), (col) => col.notNull())
    .addColumn('sends', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('expires_at', instantType(db), (col) => col.notNull())
    .addColumn('accepted_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('closed_at', instantType(db))
    .execute();
  await db.schema.createIndex('invitations_team').on('invitations').columns(['church_id', 'department_id']).execute();
  await db.schema
    .createIndex('invitations_one_pending')
    .on('invitations')
    .columns(['church_id', 'department_id', 'email'])
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();

  await db.schema
    .createTable('invitation_positions')
    .addColumn('invitation_id', 'integer', (col) => col.notNull().references('invitations.id').onDelete('cascade'))
    .addColumn('position_id', 'integer', (col) => col.notNull().references('positions.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('invitation_positions_pk', ['invitation_id', 'position_id'])
    .execute();
}
