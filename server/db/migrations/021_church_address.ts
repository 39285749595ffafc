import type { Kysely } from 'kysely';

/**
 * Where a church is and when it meets (issue 21, item 4; docs/product.md §8): `churches.address` (up to 200
 * characters) and `churches.service_times` (free text, "Domingos 10h e 19h; quartas 20h", up to 200). Both
 * optional: existing churches keep null. The map link is derived from the address when read, never stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('churches').addColumn('address', 'varchar(200)').execute();
  await db.schema.alterTable('churches').addColumn('service_times', 'varchar(200)').execute();
}
