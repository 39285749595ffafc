import type { Kysely, Transaction } from 'kysely';
import { startOfDayUtc, type DayKey } from '../../shared/dayKey.ts';
import { eventTimeZone } from '../../shared/timeZones.ts';
import { isOnDays } from '../../shared/zonedDays.ts';
import { blockedRangesOfMembersBetween } from '../availability/public.ts';
import { zonedDayWindow } from '../churches/public.ts';
import type { DB, Instant } from '../db/schema.ts';
import type { LeaderScope } from '../policy/leaderScope.ts';
import { scopeCovers } from '../policy/leaderScope.ts';

type Db = Kysely<DB> | Transaction<DB>;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The longest an event may last (shared/schemas/events.ts MAX_EVENT_DAYS), plus a day of margin. */
const EARLIER_MS = 8 * DAY_MS;

export interface DraftEvent {
  id: number;
  datetime: Instant;
  /** Its end: `ends_at`, or two hours after it starts. */
  endsAt: Instant;
  churchId: number | null;
  type: string | null;
  /** Its zone (docs/product.md §12): its church's, or the network's. Its day is this zone's. */
  timeZone: string;
}

/** An (event, department, position) with places still open: needed − pending − confirmed. */
export interface OpenSlot {
  eventId: number;
  departmentId: number;
  positionId: number | null;
  open: number;
}

/** A pending or confirmed service, as the rules see it. */
export interface Service {
  eventId: number;
  start: number;
  end: number;
  churchId: number | null;
  type: string | null;
  department: string;
  /** Its event's zone (docs/product.md §12). */
  timeZone: string;
}

/** Everything the draft's rules read, loaded once for the whole draft. */
export interface DraftFacts {
  events: Map<number, DraftEvent>;
  slots: OpenSlot[];
  departments: Map<number, string>;
  positions: Map<number, string>;
  churches: Map<number, string>;
  /** Team memberships: `church:department:user`, and `church:department:user:position` for each position held. */
  holdings: Set<string>;
  /** Who is on the team of each `church:department`. */
  teams: Map<string, number[]>;
  names: Map<number, string>;
  blockouts: Map<number, Array<{ from: DayKey; to: DayKey }>>;
  services: Map<number, Service[]>;
  /** The latest pending or confirmed service of each person before the loaded window, if any (ms). */
  servedBefore: Map<number, number>;
  /** `event:user` → what that person already has at that event. */
  atEvent: Map<string, 'declined' | 'serving'>;
  /** Monthly limits (docs/product.md §9). */
  caps: Map<number, number>;
}

export interface DraftScope {
  from: DayKey;
  to: DayKey;
  churchId: number | null;
  departmentId: number | null;
  scope: LeaderScope;
  /** Only the places of these teams (a member's open places, docs/product.md §10): by the event's church (null: the whole network) and the department. */
  teams?: (churchId: number | null, departmentId: number) => boolean;
  now: Date;
  timeZone: string;
  bufferMinutes: number;
}

const endOf = (event: { datetime: Instant; ends_at: Instant | null }) => event.ends_at ?? new Date(Date.parse(event.datetime) + 2 * HOUR_MS).toISOString();

/**
 * The facts of a draft's range and filters, within the requester's scope (docs/product.md §9). The range's events are
 * those whose own day (their zone's, §12) is in it.
 */
export async function loadDraftFacts(db: Db, draft: DraftScope): Promise<DraftFacts> {
  const { start: rangeStart, end: rangeEnd } = await zonedDayWindow(db, draft.from, draft.to, draft.timeZone);
  const upcoming = new Date(Math.max(Date.parse(rangeStart), draft.now.getTime())).toISOString();
  let eventQuery = db
    .selectFrom('events')
    .leftJoin('event_types', 'event_types.id', 'events.event_type_id')
    .leftJoin('churches', 'churches.id', 'events.church_id')
    .select(['events.id', 'events.datetime', 'events.ends_at', 'events.church_id', 'event_types.name as type', 'churches.timezone as church_timezone'])
    .where('events.datetime', '>', upcoming)
    .where('events.datetime', '<', rangeEnd);
  if (draft.churchId !== null) eventQuery = eventQuery.where('events.church_id', '=', draft.churchId);
  const eventRows = (await eventQuery.orderBy('events.datetime').orderBy('events.id').execute())
    .map((row) => ({ ...row, timeZone: eventTimeZone(row.church_timezone, draft.timeZone) }))
    .filter((row) => isOnDays(row.datetime, row.timeZone, draft.from, draft.to));
  const events = new Map(eventRows.map((row) => [row.id, { id: row.id, datetime: row.datetime, endsAt: endOf(row), churchId: row.church_id, type: row.type, timeZone: row.timeZone }]));
  const eventIds = [...events.keys()];

  const [needRows, allocationRows, departmentRows, positionRows, churchRows] = await Promise.all([
    eventIds.length === 0 ? [] : db.selectFrom('event_needs').select(['event_id', 'department_id', 'position_id', 'count']).where('event_id', 'in', eventIds).execute(),
    eventIds.length === 0
      ? []
      : db.selectFrom('allocations').select(['event_id', 'department_id', 'position_id', 'member_id', 'status']).where('event_id', 'in', eventIds).execute(),
    db.selectFrom('departments').select(['id', 'name']).execute(),
    db.selectFrom('positions').select(['id', 'name']).execute(),
    db.selectFrom('churches').select(['id', 'name']).execute(),
  ]);

  const taken = new Map<string, number>();
  const atEvent = new Map<string, 'declined' | 'serving'>();
  for (const row of allocationRows) {
    atEvent.set(`${row.event_id}:${row.member_id}`, row.status === 'declined' ? 'declined' : 'serving');
    // A covered allocation's place is held by whoever took it (docs/product.md §10).
    if (row.status === 'declined' || row.status === 'covered') continue;
    const key = `${row.event_id}:${row.department_id}:${row.position_id ?? ''}`;
    taken.set(key, (taken.get(key) ?? 0) + 1);
  }
  const slots: OpenSlot[] = [];
  for (const need of needRows) {
    if (draft.departmentId !== null && need.department_id !== draft.departmentId) continue;
    if (!scopeCovers(draft.scope, events.get(need.event_id)!.churchId, need.department_id)) continue;
    if (draft.teams && !draft.teams(events.get(need.event_id)!.churchId, need.department_id)) continue;
    const open = need.count - (taken.get(`${need.event_id}:${need.department_id}:${need.position_id ?? ''}`) ?? 0);
    if (open > 0) slots.push({ eventId: need.event_id, departmentId: need.department_id, positionId: need.position_id, open });
  }
  slots.sort((a, b) => {
    const ea = events.get(a.eventId)!;
    const eb = events.get(b.eventId)!;
    return ea.datetime.localeCompare(eb.datetime) || a.eventId - b.eventId || a.departmentId - b.departmentId || (a.positionId ?? 0) - (b.positionId ?? 0);
  });

  const departmentIds = [...new Set(slots.map((slot) => slot.departmentId))];
  const [memberRows, heldRows] =
    departmentIds.length === 0
      ? [[], []]
      : await Promise.all([
          db.selectFrom('team_members').select(['church_id', 'department_id', 'user_id']).where('department_id', 'in', departmentIds).execute(),
          db.selectFrom('team_member_positions').select(['church_id', 'department_id', 'user_id', 'position_id']).where('department_id', 'in', departmentIds).execute(),
        ]);
  const holdings = new Set<string>();
  const teams = new Map<string, number[]>();
  for (const row of memberRows) {
    for (const church of [row.church_id, '*']) {
      holdings.add(`${church}:${row.department_id}:${row.user_id}`);
      const team = `${church}:${row.department_id}`;
      const list = teams.get(team) ?? [];
      if (!list.includes(row.user_id)) teams.set(team, [...list, row.user_id]);
    }
  }
  for (const row of heldRows) for (const church of [row.church_id, '*']) holdings.add(`${church}:${row.department_id}:${row.user_id}:${row.position_id}`);
  for (const list of teams.values()) list.sort((a, b) => a - b);

  const people = [...new Set(memberRows.map((row) => row.user_id))].sort((a, b) => a - b);
  // Services that can clash with the range, and every one of the months it touches (monthly limits).
  const windowStart = new Date(Math.min(Date.parse(rangeStart) - EARLIER_MS - draft.bufferMinutes * 60_000, Date.parse(startOfDayUtc(`${draft.from.slice(0, 7)}-01`, draft.timeZone)))).toISOString();
  const windowEnd = new Date(Date.parse(rangeEnd) + 32 * DAY_MS).toISOString();
  const [nameRows, blockouts, serviceRows, beforeRows, capRows] =
    people.length === 0
      ? [[], new Map(), [], [], []]
      : await Promise.all([
          db.selectFrom('users').select(['id', 'name']).where('id', 'in', people).execute(),
          blockedRangesOfMembersBetween(db, people, draft.from, draft.to),
          db
            .selectFrom('allocations')
            .innerJoin('events', 'events.id', 'allocations.event_id')
            .leftJoin('event_types', 'event_types.id', 'events.event_type_id')
            .innerJoin('departments', 'departments.id', 'allocations.department_id')
            .leftJoin('churches', 'churches.id', 'events.church_id')
            .select([
              'allocations.member_id',
              'events.id',
              'events.datetime',
              'events.ends_at',
              'events.church_id',
              'event_types.name as type',
              'departments.name as department',
              'churches.timezone as church_timezone',
            ])
            .where('allocations.member_id', 'in', people)
            .where('allocations.status', 'in', ['pending', 'confirmed'])
            .where('events.datetime', '>', windowStart)
            .where('events.datetime', '<', windowEnd)
            .execute(),
          db
            .selectFrom('allocations')
            .innerJoin('events', 'events.id', 'allocations.event_id')
            .select((eb) => ['allocations.member_id', eb.fn.max('events.datetime').as('last')])
            .where('allocations.member_id', 'in', people)
            .where('allocations.status', 'in', ['pending', 'confirmed'])
            .where('events.datetime', '<=', windowStart)
            .groupBy('allocations.member_id')
            .execute(),
          db.selectFrom('notification_preferences').select(['user_id', 'max_services_per_month']).where('user_id', 'in', people).where('max_services_per_month', 'is not', null).execute(),
        ]);
  const services = new Map<number, Service[]>();
  for (const row of serviceRows) {
    const service = {
      eventId: row.id,
      start: Date.parse(row.datetime),
      end: Date.parse(endOf(row)),
      churchId: row.church_id,
      type: row.type,
      department: row.department,
      timeZone: eventTimeZone(row.church_timezone, draft.timeZone),
    };
    services.set(row.member_id, [...(services.get(row.member_id) ?? []), service]);
  }
  return {
    events,
    slots,
    departments: new Map(departmentRows.map((row) => [row.id, row.name])),
    positions: new Map(positionRows.map((row) => [row.id, row.name])),
    churches: new Map(churchRows.map((row) => [row.id, row.name])),
    holdings,
    teams,
    names: new Map(nameRows.map((row) => [row.id, row.name])),
    blockouts,
    services,
    servedBefore: new Map(beforeRows.map((row) => [row.member_id, Date.parse(String(row.last))])),
    atEvent,
    caps: new Map(capRows.map((row) => [row.user_id, row.max_services_per_month!])),
  };
}
