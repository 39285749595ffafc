import type { Kysely } from 'kysely';
import type { CoverRequestStatus, DB, Instant } from '../db/schema.ts';

/** A cover request as its messages describe it (docs/product.md §10). */
export interface CoverFacts {
  id: number;
  status: CoverRequestStatus;
  note: string | null;
  requester: { id: number; name: string };
  /** Who took the place, once taken. */
  taker: { id: number; name: string } | null;
  /** `zone`: the event's church's own zone, null for the network's (docs/product.md §12). */
  event: { id: number; datetime: Instant; type: string | null; title: string | null; zone: string | null };
  department: string;
  position: string | null;
}

export async function findCoverFacts(db: Kysely<DB>, requestId: number): Promise<CoverFacts | undefined> {
  const row = await db
    .selectFrom('cover_requests')
    .innerJoin('allocations', 'allocations.id', 'cover_requests.allocation_id')
    .innerJoin('users as requester', 'requester.id', 'cover_requests.requester_id')
    .innerJoin('events', 'events.id', 'allocations.event_id')
    .leftJoin('event_types', 'event_types.id', 'events.event_type_id')
    .innerJoin('departments', 'departments.id', 'allocations.department_id')
    .leftJoin('positions', 'positions.id', 'allocations.position_id')
    .leftJoin('allocations as taken', 'taken.id', 'cover_requests.taken_allocation_id')
    .leftJoin('users as taker', 'taker.id', 'taken.member_id')
    .leftJoin('churches', 'churches.id', 'events.church_id')
    .select([
      'cover_requests.id',
      'cover_requests.status',
      'cover_requests.note',
      'requester.id as requester_id',
      'requester.name as requester_name',
      'taker.id as taker_id',
      'taker.name as taker_name',
      'events.id as event_id',
      'events.datetime',
      'events.title',
      'event_types.name as type',
      'departments.name as department',
      'positions.name as position',
      'churches.timezone as zone',
    ])
    .where('cover_requests.id', '=', requestId)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      status: row.status,
      note: row.note,
      requester: { id: row.requester_id, name: row.requester_name },
      taker: row.taker_id === null || row.taker_name === null ? null : { id: row.taker_id, name: row.taker_name },
      event: { id: row.event_id, datetime: row.datetime, type: row.type, title: row.title, zone: row.zone },
      department: row.department,
      position: row.position,
    }
  );
}

/** Whether the person has a place (in any state) at the event: then a cover request is no longer for them. */
export async function isAtEvent(db: Kysely<DB>, eventId: number, userId: number): Promise<boolean> {
  return (await db.selectFrom('allocations').select('id').where('event_id', '=', eventId).where('member_id', '=', userId).executeTakeFirst()) !== undefined;
}
