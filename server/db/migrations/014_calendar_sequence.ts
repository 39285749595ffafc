import type { Kysely } from 'kysely';

/**
 * The revision of each event and series as calendars count it (RFC 5545 §3.8.7.4, docs/product.md §7): every change
 * of an event adds one to its `sequence`, every change of a series' rule or dates to the series'. The feeds and the
 * e-mails' .ics write it as SEQUENCE, so a calendar app replaces what it holds instead of keeping the old copy.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').addColumn('sequence', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('series').addColumn('sequence', 'integer', (col) => col.notNull().defaultTo(0)).execute();
}
