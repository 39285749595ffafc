import { sql, type Kysely } from 'kysely';

/**
 * How an allocation came to be (docs/product.md §9): `manual` (a leader placed the person), `draft` (published from
 * an escala draft), `signup` (the member took an open place), `cover` (the member took someone's place). Every
 * allocation made before this migration was placed by hand.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('allocations')
    .addColumn('source', 'varchar(10)', (col) => col.notNull().defaultTo('manual').check(sql`source in ('manual', 'draft', 'signup', 'cover')`))
    .execute();
}
