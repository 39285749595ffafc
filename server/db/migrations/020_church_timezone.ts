import type { Kysely } from 'kysely';

/**
 * Churches in several time zones (docs/product.md §12, docs/adr/0006-an-event-belongs-to-its-own-zone-day.md):
 * `churches.timezone`, an IANA name. Null means "the network's zone" — APP_TIMEZONE is configuration, not data, so a
 * migration cannot write it; reads resolve null to it and the API always answers a concrete name. Existing churches
 * keep null: nothing changes for a network with one zone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('churches').addColumn('timezone', 'varchar(64)').execute();
}
