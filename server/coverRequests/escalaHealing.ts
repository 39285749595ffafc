import type { Kysely } from 'kysely';
import type { EscalaHealing } from '../../shared/schemas/coverRequests.ts';
import type { DB, Instant } from '../db/schema.ts';
import { scopeCovers, type LeaderScope } from '../policy/leaderScope.ts';

/**
 * The open cover requests and the places taken by cover or sign-up at the events of [start, end), within the
 * leader's teams (docs/product.md §10: "Leaders see it all").
 */
export async function escalaHealing(db: Kysely<DB>, scope: LeaderScope, range: { start: Instant; end: Instant }): Promise<EscalaHealing> {
  const requests = await db
    .selectFrom('cover_requests')
    .innerJoin('allocations', 'allocations.id', 'cover_requests.allocation_id')
    .innerJoin('events', 'events.id', 'allocations.event_id')
    .innerJoin('users', 'users.id', 'allocations.member_id')
    .select([
      'cover_requests.id',
      'cover_requests.allocation_id',
      'cover_requests.created_at',
      'cover_requests.escalated_at',
      'users.id as member_id',
      'users.name as member_name',
      'events.id as event_id',
      'events.church_id',
      'allocations.department_id',
      'allocations.position_id',
    ])
    .where('cover_requests.status', '=', 'open')
    .where('events.datetime', '>=', range.start)
    .where('events.datetime', '<', range.end)
    .orderBy('cover_requests.created_at')
    .orderBy('cover_requests.id')
    .execute();
  const filled = await db
    .selectFrom('allocations')
    .innerJoin('events', 'events.id', 'allocations.event_id')
    .innerJoin('users', 'users.id', 'allocations.member_id')
    .select([
      'allocations.id',
      'allocations.source',
      'users.id as member_id',
      'users.name as member_name',
      'events.id as event_id',
      'events.church_id',
      'allocations.department_id',
      'allocations.position_id',
    ])
    .where('allocations.source', 'in', ['cover', 'signup'])
    .where('allocations.status', 'in', ['pending', 'confirmed'])
    .where('events.datetime', '>=', range.start)
    .where('events.datetime', '<', range.end)
    .orderBy('allocations.id')
    .execute();
  const mine = (row: { church_id: number | null; department_id: number }) => scopeCovers(scope, row.church_id, row.department_id);
  return {
    cover_requests: requests.filter(mine).map((row) => ({
      id: row.id,
      allocation_id: row.allocation_id,
      created_at: row.created_at,
      escalated: row.escalated_at !== null,
      member: { id: row.member_id, name: row.member_name },
      event_id: row.event_id,
      department_id: row.department_id,
      position_id: row.position_id,
    })),
    filled: filled.filter(mine).map((row) => ({
      allocation_id: row.id,
      source: row.source as 'cover' | 'signup',
      member: { id: row.member_id, name: row.member_name },
      event_id: row.event_id,
      department_id: row.department_id,
      position_id: row.position_id,
    })),
  };
}
