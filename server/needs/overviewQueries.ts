import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import type { DayKey } from '../../shared/dayKey.ts';
import type { Overview, OverviewNeed } from '../../shared/schemas/needs.ts';
import { eventTimeZone } from '../../shared/timeZones.ts';
import { isOnDays } from '../../shared/zonedDays.ts';
import type { AllocationStatus, DB, Instant } from '../db/schema.ts';
import type { Team } from '../policy/leaderScope.ts';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * What the overview covers: the events on the days `from`–`to`, each by its own zone's day (docs/product.md §12),
 * found among those starting in [start, end) — the window any zone in use gives those days — narrowed by the
 * filters and the reader's teams.
 */
export interface OverviewScope {
  start: Instant;
  end: Instant;
  from: DayKey;
  to: DayKey;
  /** APP_TIMEZONE: a whole-network event's zone, and a church's without one of its own. */
  networkZone: string;
  churchId?: number | undefined;
  departmentId?: number | undefined;
  /** A team leader's teams: only their churches' events and, in each, only their departments' rows. Absent: everything. */
  teams?: readonly Team[] | undefined;
}

/** The events of the scope (a team leader's: those of the churches where they lead a team). */
function eventsOfScope(eb: ExpressionBuilder<DB, 'events'>, scope: OverviewScope) {
  const conditions = [eb('events.datetime', '>=', scope.start), eb('events.datetime', '<', scope.end)];
  if (scope.churchId !== undefined) conditions.push(eb('events.church_id', '=', scope.churchId));
  if (scope.teams) conditions.push(eb('events.church_id', 'in', [...new Set(scope.teams.map((team) => team.churchId))]));
  return eb.and(conditions);
}

/** A row's department (and, for a team leader, the department and church together) is in the scope. */
function departmentOfScope(eb: ExpressionBuilder<DB, 'events'>, column: 'event_needs.department_id' | 'allocations.department_id', scope: OverviewScope) {
  const department = sql.ref<number>(column);
  const conditions = [];
  if (scope.departmentId !== undefined) conditions.push(eb(department, '=', scope.departmentId));
  if (scope.teams) {
    conditions.push(eb.or(scope.teams.map((team) => eb.and([eb('events.church_id', '=', team.churchId), eb(department, '=', team.departmentId)]))));
  }
  return eb.and(conditions);
}

/** A department or position of the matrix: the object every row shows, and its place in the order of rows. */
interface Ranked {
  ref: { id: number; name: string };
  rank: number;
}

/** A row of one event being summed, with its place in the order of rows. */
interface CellSum {
  need: OverviewNeed;
  departmentRank: number;
  positionRank: number;
}

/**
 * The leader's gap matrix (docs/product.md §8): every event of the scope, by date-time then id, with one row per
 * department and position that the event needs or has allocations in — needed, and the allocations by answer —
 * by department name, the department's "anyone" row first, then position name. Allocations without a need show
 * as rows needing 0; an allocation naming no position counts in the department's "anyone" row (position null).
 *
 * Three set-based queries whatever the range: the names of the departments and positions (small tables), the
 * events, and every need and allocation of them as one list of ids, summed here. Summing in SQL (GROUP BY)
 * cost several times more on SQLite, which sorts the rows in a temporary B-tree to group them, and names on
 * every row cost more than the rows themselves. An event has a few dozen rows at most, so each event's rows
 * are a short list searched in place.
 */
export async function overview(db: Db, scope: OverviewScope): Promise<Overview> {
  if (scope.teams?.length === 0) return [];
  const events = (
    await db
      .selectFrom('events')
      .leftJoin('event_types', 'event_types.id', 'events.event_type_id')
      .leftJoin('churches', 'churches.id', 'events.church_id')
      .select(['events.id', 'events.datetime', 'events.church_id', 'event_types.name as type_name', 'churches.timezone as church_timezone'])
      .where((eb) => eventsOfScope(eb, scope))
      .orderBy('events.datetime')
      .orderBy('events.id')
      .execute()
  )
    .map((event) => ({ ...event, timezone: eventTimeZone(event.church_timezone, scope.networkZone) }))
    .filter((event) => isOnDays(event.datetime, event.timezone, scope.from, scope.to));
  if (events.length === 0) return [];

  const { departments, positions } = await rankedNames(db);
  const needed = db
    .selectFrom('event_needs')
    .innerJoin('events', 'events.id', 'event_needs.event_id')
    .select(['event_needs.event_id', 'event_needs.department_id', 'event_needs.position_id', 'event_needs.count as needed', sql<AllocationStatus | null>`null`.as('status')])
    .where((eb) => eb.and([eventsOfScope(eb, scope), departmentOfScope(eb, 'event_needs.department_id', scope)]));
  const allocated = db
    .selectFrom('allocations')
    .innerJoin('events', 'events.id', 'allocations.event_id')
    .select(['allocations.event_id', 'allocations.department_id', 'allocations.position_id', sql<number>`0`.as('needed'), 'allocations.status'])
    // A covered allocation's place is counted once, as its taker's (docs/product.md §10).
    .where((eb) => eb.and([eventsOfScope(eb, scope), departmentOfScope(eb, 'allocations.department_id', scope), eb('allocations.status', '!=', 'covered')]));
  const rows = await needed.unionAll(allocated).execute();

  const cellsOf = new Map<number, CellSum[]>();
  for (const row of rows) {
    let cells = cellsOf.get(row.event_id);
    if (!cells) cellsOf.set(row.event_id, (cells = []));
    let cell: CellSum | undefined;
    for (const candidate of cells) {
      if (candidate.need.department.id === row.department_id && (candidate.need.position?.id ?? null) === row.position_id) {
        cell = candidate;
        break;
      }
    }
    if (!cell) {
      // A row whose department or position is gone meanwhile (deleted between the queries) still shows, unnamed.
      const department = departments.get(row.department_id) ?? { ref: { id: row.department_id, name: '' }, rank: Infinity };
      const position = row.position_id === null ? null : (positions.get(row.position_id) ?? { ref: { id: row.position_id, name: '' }, rank: Infinity });
      cell = {
        need: { department: department.ref, position: position?.ref ?? null, needed: 0, pending: 0, confirmed: 0, declined: 0 },
        departmentRank: department.rank,
        positionRank: position?.rank ?? -1,
      };
      cells.push(cell);
    }
    if (row.status === null) cell.need.needed += Number(row.needed);
    else if (row.status !== 'covered') cell.need[row.status] += 1;
  }

  return events.map((event) => ({
    event: {
      id: event.id,
      datetime: event.datetime,
      event_types: event.type_name === null ? null : { name: event.type_name },
      church_id: event.church_id,
      timezone: event.timezone,
    },
    needs: (cellsOf.get(event.id) ?? []).sort(byRank).map((cell) => cell.need),
  }));
}

function byRank(a: CellSum, b: CellSum): number {
  return a.departmentRank - b.departmentRank || a.positionRank - b.positionRank || a.need.department.id - b.need.department.id;
}

/**
 * Every department and position with its rank in the order of rows: departments by name (case and accents
 * ignored), positions by name within their department. Both tables hold a network's few dozen names.
 */
async function rankedNames(db: Db): Promise<{ departments: Map<number, Ranked>; positions: Map<number, Ranked> }> {
  const rows = await db
    .selectFrom('departments')
    .select([sql<'department' | 'position'>`'department'`.as('kind'), 'id', 'name', 'name_key'])
    .unionAll(db.selectFrom('positions').select([sql<'department' | 'position'>`'position'`.as('kind'), 'id', 'name', 'name_key']))
    .orderBy('kind')
    .orderBy('name_key')
    .orderBy('id')
    .execute();
  const departments = new Map<number, Ranked>();
  const positions = new Map<number, Ranked>();
  rows.forEach((row, rank) => (row.kind === 'department' ? departments : positions).set(row.id, { ref: { id: row.id, name: row.name }, rank }));
  return { departments, positions };
}
