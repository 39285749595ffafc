import type { Kysely, Transaction } from 'kysely';
import type { MyEvent } from '../../shared/schemas/escalas.ts';
import { eventTimeZone } from '../../shared/timeZones.ts';
import type { DB } from '../db/schema.ts';
import { coverStatesOf } from './coverStates.ts';
import { endMsOf, toEvent } from './eventRows.ts';

/**
 * The events the member is allocated at, with their answer (declined ones too, marked): upcoming ones first
 * (soonest first), then past ones (most recent first).
 */
export async function listMyEvents(db: Kysely<DB> | Transaction<DB>, memberId: number, now: Date, networkZone: string): Promise<MyEvent[]> {
  const rows = await db
    .selectFrom('allocations')
    .innerJoin('events', 'events.id', 'allocations.event_id')
    .leftJoin('event_types', 'event_types.id', 'events.event_type_id')
    .innerJoin('departments', 'departments.id', 'allocations.department_id')
    .leftJoin('positions', 'positions.id', 'allocations.position_id')
    .leftJoin('churches', 'churches.id', 'events.church_id')
    .select([
      'events.id',
      'events.datetime',
      'event_types.name as type_name',
      'allocations.id as allocation_id',
      'allocations.status',
      'allocations.responded_at',
      'departments.id as department_id',
      'departments.name as department_name',
      'positions.id as position_id',
      'positions.name as position_name',
      'events.title',
      'events.location',
      'events.ends_at',
      'churches.timezone as church_timezone',
      'churches.id as church_id',
      'churches.name as church_name',
    ])
    .where('allocations.member_id', '=', memberId)
    // A place someone took through a cover request is no longer theirs (docs/product.md §10).
    .where('allocations.status', '!=', 'covered')
    .orderBy('events.datetime')
    .orderBy('events.id')
    .execute();
  const covers = await coverStatesOf(db, rows.map((row) => row.allocation_id));
  const all = rows.map((row) => ({
    ...toEvent(row),
    allocation_id: row.allocation_id,
    department: { id: row.department_id, name: row.department_name },
    status: row.status,
    responded_at: row.responded_at,
    position: row.position_id === null || row.position_name === null ? null : { id: row.position_id, name: row.position_name },
    title: row.title,
    location: row.location,
    ends_at: new Date(endMsOf(row)).toISOString(),
    cover: covers.get(row.allocation_id) ?? null,
    timezone: eventTimeZone(row.church_timezone, networkZone),
    church: row.church_id === null || row.church_name === null ? null : { id: row.church_id, name: row.church_name },
  }));
  const nowIso = now.toISOString();
  // Upcoming first, soonest first; then what already happened, most recent first.
  return [...all.filter((e) => e.datetime >= nowIso), ...all.filter((e) => e.datetime < nowIso).reverse()];
}
