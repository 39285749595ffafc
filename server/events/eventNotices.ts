import type { Transaction } from 'kysely';
import type { DB, Instant } from '../db/schema.ts';
import { enqueueMessage } from '../outbox/outboxQueries.ts';

/** An event that moved: from one date-time to another. */
export interface EventMove {
  eventId: number;
  from: Instant;
  to: Instant;
}

/**
 * Queues, in the transaction that moves the events, a notice to each person still serving at them (pending or
 * confirmed; a declined member is free) that their event moved (docs/product.md §7). Each move is its own cause. Events
 * moved into the past tell nobody.
 */
export async function queueMoveNotices(trx: Transaction<DB>, moves: readonly EventMove[], now: Date): Promise<void> {
  const ahead = moves.filter((move) => Date.parse(move.to) > now.getTime());
  if (ahead.length === 0) return;
  const byEvent = new Map(ahead.map((move) => [move.eventId, move]));
  const allocations = await trx
    .selectFrom('allocations')
    .select(['id', 'event_id', 'member_id'])
    .where('event_id', 'in', [...byEvent.keys()])
    .where('status', 'in', ['pending', 'confirmed'])
    .orderBy('id')
    .execute();
  for (const allocation of allocations) {
    const move = byEvent.get(allocation.event_id)!;
    await enqueueMessage(trx, {
      kind: 'event_moved',
      key: `event_moved:${allocation.id}:${move.to}:${now.toISOString()}`,
      recipientId: allocation.member_id,
      payload: { allocation_id: allocation.id, from: move.from, to: move.to },
      now,
      allocationIds: [allocation.id],
    });
  }
}

/**
 * Queues, in the transaction that deletes the events (and their allocations), a notice to each person who was
 * serving at one still ahead that it was cancelled (docs/product.md §7). The allocation goes with the event, so the
 * message keeps what it says.
 */
export async function queueCancelNotices(trx: Transaction<DB>, eventIds: readonly number[], now: Date): Promise<void> {
  if (eventIds.length === 0) return;
  const services = await trx
    .selectFrom('allocations')
    .innerJoin('events', 'events.id', 'allocations.event_id')
    .leftJoin('event_types', 'event_types.id', 'events.event_type_id')
    .innerJoin('departments', 'departments.id', 'allocations.department_id')
    .leftJoin('churches', 'churches.id', 'events.church_id')
    .select(['allocations.id', 'allocations.member_id', 'events.datetime', 'event_types.name as type', 'departments.name as department', 'churches.timezone'])
    .where('allocations.event_id', 'in', [...eventIds])
    .where('allocations.status', 'in', ['pending', 'confirmed'])
    .where('events.datetime', '>', now.toISOString())
    .orderBy('allocations.id')
    .execute();
  for (const service of services) {
    await enqueueMessage(trx, {
      kind: 'event_cancelled',
      key: `event_cancelled:${service.id}`,
      recipientId: service.member_id,
      payload: { service: { datetime: service.datetime, type: service.type, department: service.department, timezone: service.timezone } },
      now,
    });
  }
}
