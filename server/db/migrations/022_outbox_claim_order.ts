import type { Kysely } from 'kysely';

/**
 * The outbox's claim order as an index (issue 26): a worker claims the queued messages due by now, oldest first
 * and then by id (`order by due_at, id limit n`). With `(status, due_at)` alone the id came from a sort of every
 * due message — a queue of 3,000 reminders queued at one instant was read and sorted whole at each claim, 5–7 ms
 * of PostgreSQL's time per claim, many times a second while it drains (tests/bench/outboxDrain.ts); with
 * `(status, due_at, id)` the claim reads the first rows of the index. The old index is its prefix, and goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('outbox_status_due_at_id').on('outbox').columns(['status', 'due_at', 'id']).execute();
  await db.schema.dropIndex('outbox_status_due_at').execute();
}
