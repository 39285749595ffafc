import type { Kysely, Transaction } from 'kysely';
import { endOfDayUtc, firstDayOfMonth, lastDayOfMonth, startOfDayUtc, dayKeyOf } from '../../shared/dayKey.ts';
import { eventTimeZone, formatZonedShortDateTime } from '../../shared/timeZones.ts';
import { blockedRangesOfMembersBetween } from '../availability/public.ts';
import type { AllocationStatus, DB, Instant } from '../db/schema.ts';
import { servicesOfMembersBetween } from './allocationQueries.ts';
import { endMsOf } from './eventRows.ts';
import { MAX_EVENT_DAYS } from '../../shared/schemas/events.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** The place an allocation holds, as a cover request needs it (docs/product.md §10). */
export interface CoverPlace {
  allocationId: number;
  status: AllocationStatus;
  memberId: number;
  memberName: string;
  /** The leader who placed the member (null: nobody known). */
  allocatedBy: number | null;
  /** `church_timezone`: the church's own zone, null for the network's (docs/product.md §12). */
  event: { id: number; datetime: Instant; ends_at: Instant | null; church_id: number | null; church_timezone: string | null; type: string | null; title: string | null };
  department: { id: number; name: string };
  position: { id: number; name: string } | null;
}

function selectPlaces(db: Db) {
  return db
    .selectFrom('allocations')
    .innerJoin('events', 'events.id', 'allocations.event_id')
    .leftJoin('event_types', 'event_types.id', 'events.event_type_id')
    .innerJoin('departments', 'departments.id', 'allocations.department_id')
    .innerJoin('users', 'users.id', 'allocations.member_id')
    .leftJoin('positions', 'positions.id', 'allocations.position_id')
    .leftJoin('churches', 'churches.id', 'events.church_id')
    .select([
      'allocations.id',
      'allocations.status',
      'allocations.member_id',
      'allocations.allocated_by',
      'users.name as member_name',
      'events.id as event_id',
      'events.datetime',
      'events.ends_at',
      'events.church_id',
      'events.title',
      'event_types.name as type',
      'departments.id as department_id',
      'departments.name as department_name',
      'positions.id as position_id',
      'positions.name as position_name',
      'churches.timezone as church_timezone',
    ]);
}

type PlaceRow = Awaited<ReturnType<ReturnType<typeof selectPlaces>['execute']>>[number];

const toPlace = (row: PlaceRow): CoverPlace => ({
  allocationId: row.id,
  status: row.status,
  memberId: row.member_id,
  memberName: row.member_name,
  allocatedBy: row.allocated_by,
  event: {
    id: row.event_id,
    datetime: row.datetime,
    ends_at: row.ends_at,
    church_id: row.church_id,
    church_timezone: row.church_timezone,
    type: row.type,
    title: row.title,
  },
  department: { id: row.department_id, name: row.department_name },
  position: row.position_id === null || row.position_name === null ? null : { id: row.position_id, name: row.position_name },
});

export async function findCoverPlace(db: Db, allocationId: number): Promise<CoverPlace | undefined> {
  const row = await selectPlaces(db).where('allocations.id', '=', allocationId).executeTakeFirst();
  return row && toPlace(row);
}

/** `findCoverPlace` for several allocations, by id. */
export async function findCoverPlaces(db: Db, allocationIds: readonly number[]): Promise<Map<number, CoverPlace>> {
  if (allocationIds.length === 0) return new Map();
  const rows = await selectPlaces(db).where('allocations.id', 'in', [...allocationIds]).execute();
  return new Map(rows.map((row) => [row.id, toPlace(row)]));
}

/** Whether a place may still be covered: pending or confirmed, and its event not started. */
export const isCoverable = (place: CoverPlace, now: Date) =>
  (place.status === 'pending' || place.status === 'confirmed') && Date.parse(place.event.datetime) > now.getTime();

/** Why a person may not take a place: one of §9's codes and a pt-BR sentence. */
export interface PlaceRefusal {
  code: 'not_eligible' | 'already_at_event' | 'declined_this_event' | 'member_unavailable' | 'schedule_conflict' | 'at_monthly_limit';
  message: string;
}

export interface PlaceRuleSettings {
  timeZone: string;
  bufferMinutes: number;
}

const MINUTE_MS = 60_000;

/**
 * The people who could fill one place and what keeps each away (docs/product.md §9's rules for that one place):
 * on the team of the event's church (any church for a whole-network event) and department, holding the position;
 * not already at the event; not someone who declined it; not blocked that day; no pending or confirmed service
 * anywhere that overlaps it once both are widened by the buffer; under their monthly limit (pending and confirmed
 * services in the event's month; months are APP_TIMEZONE's, the event's day its own zone's — docs/product.md §12). Without `userIds`, the team's people (accounts in use); with
 * them, exactly those people (someone off the team: `not_eligible`). null: nothing keeps them away.
 */
export async function placeRefusals(db: Db, place: CoverPlace, settings: PlaceRuleSettings, userIds?: readonly number[]): Promise<Map<number, PlaceRefusal | null>> {
  const { event, department, position } = place;
  let teamQuery = db
    .selectFrom('team_members')
    .innerJoin('users', 'users.id', 'team_members.user_id')
    .select(['users.id', 'users.name'])
    .distinct()
    .where('team_members.department_id', '=', department.id)
    .where('users.deleted_at', 'is', null);
  if (event.church_id !== null) teamQuery = teamQuery.where('team_members.church_id', '=', event.church_id);
  if (position) {
    teamQuery = teamQuery.where((eb) =>
      eb.exists(
        eb
          .selectFrom('team_member_positions')
          .select('team_member_positions.user_id')
          .whereRef('team_member_positions.church_id', '=', 'team_members.church_id')
          .whereRef('team_member_positions.department_id', '=', 'team_members.department_id')
          .whereRef('team_member_positions.user_id', '=', 'team_members.user_id')
          .where('team_member_positions.position_id', '=', position.id),
      ),
    );
  }
  if (userIds) teamQuery = teamQuery.where('users.id', 'in', userIds.length === 0 ? [0] : [...userIds]);
  const team = new Map((await teamQuery.orderBy('users.name').orderBy('users.id').execute()).map((row) => [row.id, row.name]));

  const refusals = new Map<number, PlaceRefusal | null>();
  const people = userIds ? [...userIds] : [...team.keys()];
  if (people.length === 0) return refusals;
  const names = new Map(team);
  const missing = people.filter((id) => !names.has(id));
  if (missing.length > 0) for (const row of await db.selectFrom('users').select(['id', 'name']).where('id', 'in', missing).execute()) names.set(row.id, row.name);
  const nameOf = (id: number) => names.get(id) ?? 'Pessoa';

  const day = dayKeyOf(event.datetime, eventTimeZone(event.church_timezone, settings.timeZone));
  const month = day.slice(0, 7);
  const monthStart = startOfDayUtc(firstDayOfMonth(day), settings.timeZone);
  const monthEnd = endOfDayUtc(lastDayOfMonth(day), settings.timeZone);
  const bufferMs = settings.bufferMinutes * MINUTE_MS;
  const startMs = Date.parse(event.datetime);
  const endMs = endMsOf(event);
  const [atEvent, blocked, services, monthly, caps] = await Promise.all([
    db.selectFrom('allocations').select(['member_id', 'status']).where('event_id', '=', event.id).where('member_id', 'in', people).execute(),
    blockedRangesOfMembersBetween(db, people, day, day),
    servicesOfMembersBetween(db, people, new Date(startMs - bufferMs - MAX_EVENT_DAYS * 24 * 60 * MINUTE_MS).toISOString(), new Date(endMs + bufferMs).toISOString()),
    db
      .selectFrom('allocations')
      .innerJoin('events', 'events.id', 'allocations.event_id')
      .select(['allocations.member_id', 'events.datetime'])
      .where('allocations.member_id', 'in', people)
      .where('allocations.status', 'in', ['pending', 'confirmed'])
      .where('events.datetime', '>=', monthStart)
      .where('events.datetime', '<', monthEnd)
      .execute(),
    db.selectFrom('notification_preferences').select(['user_id', 'max_services_per_month']).where('user_id', 'in', people).where('max_services_per_month', 'is not', null).execute(),
  ]);
  const statusAt = new Map(atEvent.map((row) => [row.member_id, row.status]));
  const capOf = new Map(caps.map((row) => [row.user_id, row.max_services_per_month!]));

  for (const userId of people) {
    const name = nameOf(userId);
    const refuse = (code: PlaceRefusal['code'], message: string) => refusals.set(userId, { code, message });
    if (!team.has(userId)) {
      refuse('not_eligible', `${name} não está na equipe de ${department.name}${event.church_id === null ? '' : ' desta igreja'}${position ? `, ou não exerce ${position.name}` : ''}.`);
      continue;
    }
    const at = statusAt.get(userId);
    if (at === 'declined') {
      refuse('declined_this_event', `${name} recusou este evento.`);
      continue;
    }
    if (at !== undefined) {
      refuse('already_at_event', `${name} já está escalado(a) neste evento.`);
      continue;
    }
    if (blocked.has(userId)) {
      refuse('member_unavailable', `${name} marcou indisponibilidade no dia deste evento.`);
      continue;
    }
    const clash = services.find(
      (service) => service.memberId === userId && service.slot.id !== event.id && Date.parse(service.slot.datetime) < endMs + bufferMs && endMsOf(service.slot) + bufferMs > startMs,
    );
    if (clash) {
      refuse('schedule_conflict', `${name} já serve em outro evento em ${formatZonedShortDateTime(clash.slot.datetime, eventTimeZone(clash.slot.church_timezone, settings.timeZone), settings.timeZone)}, no mesmo horário ou perto dele.`);
      continue;
    }
    const cap = capOf.get(userId);
    if (cap !== undefined && monthly.filter((row) => row.member_id === userId && dayKeyOf(row.datetime, settings.timeZone).slice(0, 7) === month).length >= cap) {
      refuse('at_monthly_limit', `${name} já tem ${cap} ${cap === 1 ? 'serviço' : 'serviços'} neste mês, o limite que definiu.`);
      continue;
    }
    refusals.set(userId, null);
  }
  return refusals;
}
