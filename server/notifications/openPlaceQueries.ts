import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { PendingService, PlaceFacts } from './openPlaceMessages.ts';

/** An SOS's place as its message is written, with how many are still missing and whether the recipient is already at the event. */
export async function findSosPlace(
  db: Kysely<DB>,
  place: { eventId: number; departmentId: number; positionId: number | null },
  recipientId: number,
): Promise<(PlaceFacts & { left: number; atEvent: boolean }) | undefined> {
  const event = await db
    .selectFrom('events')
    .leftJoin('event_types', 'event_types.id', 'events.event_type_id')
    .leftJoin('churches', 'churches.id', 'events.church_id')
    .select(['events.id', 'events.datetime', 'event_types.name as type', 'churches.name as church', 'churches.timezone as zone'])
    .where('events.id', '=', place.eventId)
    .executeTakeFirst();
  const department = await db.selectFrom('departments').select(['id', 'name']).where('id', '=', place.departmentId).executeTakeFirst();
  const position = place.positionId === null ? null : await db.selectFrom('positions').select(['id', 'name']).where('id', '=', place.positionId).executeTakeFirst();
  if (!event || !department || position === undefined) return undefined;
  const need = await db
    .selectFrom('event_needs')
    .select('count')
    .where('event_id', '=', place.eventId)
    .where('department_id', '=', place.departmentId)
    .where((eb) => (place.positionId === null ? eb('position_id', 'is', null) : eb('position_id', '=', place.positionId)))
    .executeTakeFirst();
  const allocations = await db.selectFrom('allocations').select(['member_id', 'department_id', 'position_id', 'status']).where('event_id', '=', place.eventId).execute();
  const taken = allocations.filter(
    (row) => row.department_id === place.departmentId && row.position_id === place.positionId && (row.status === 'pending' || row.status === 'confirmed'),
  ).length;
  return {
    event: { id: event.id, datetime: event.datetime, type: event.type, church: event.church, zone: event.zone },
    department,
    position,
    left: (need?.count ?? 0) - taken,
    atEvent: allocations.some((row) => row.member_id === recipientId),
  };
}

/** A nudged allocation as its message is written: undefined when it is gone. */
export async function findNudgedService(db: Kysely<DB>, allocationId: number): Promise<(PendingService & { status: string }) | undefined> {
  const row = await db
    .selectFrom('allocations')
    .innerJoin('events', 'events.id', 'allocations.event_id')
    .leftJoin('event_types', 'event_types.id', 'events.event_type_id')
    .innerJoin('departments', 'departments.id', 'allocations.department_id')
    .leftJoin('churches', 'churches.id', 'events.church_id')
    .select(['allocations.status', 'events.datetime', 'event_types.name as type', 'departments.name as department', 'churches.timezone as zone'])
    .where('allocations.id', '=', allocationId)
    .executeTakeFirst();
  return row && { status: row.status, event: { datetime: row.datetime, type: row.type, zone: row.zone }, department: row.department };
}
