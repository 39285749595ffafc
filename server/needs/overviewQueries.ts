import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import { endOfDayUtc, startOfDayUtc, type DayKey } from '../../shared/dayKey.ts';
import type { Overview, OverviewNeed } from '../../shared/schemas/needs.ts';
import { eventTimeZone } from '../../shared/timeZones.ts';
import { isOnDays } from '../../shared/zonedDays.ts';
import { dialectOf } from '../db/dialect.ts';
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

/**
 * A row's event (`event_needs.event_id`, `allocations.event_id`) is an event of the scope. On PostgreSQL, for a
 * reader of the whole network or a church, as `= any(array(<the scope's event ids>))`: an index scan of the rows
 * of those events (the row tables' indexes start with event_id), where the join to events made PostgreSQL read
 * every row of both tables and hash them (an 8-week network read about a quarter of them: 25 ms against 7,
 * tests/bench/overviewMatrix.ts). A team leader's rows need the event's church, so they keep the join.
 */
function eventOfScope(db: Db, column: 'event_needs.event_id' | 'allocations.event_id', scope: OverviewScope) {
  const events = db.selectFrom('events').select('events.id').where((eb) => eventsOfScope(eb, scope));
  return sql<boolean>`${sql.ref(column)} = any(array(${events}))`;
}

/** Whether the rows are read by their events' ids (eventOfScope) rather than joined to the events. */
const byEventIds = (db: Db, scope: OverviewScope) => dialectOf(db) === 'postgres' && scope.teams === undefined;

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

/**
 * isOnDays (zonedDays.ts) for the events of the scope: an event more than a day and a few hours inside the range
 * (its zone's start of `from`, end of `to`, worked out once per zone) is on its days without writing out its day;
 * the others, near the edges, are asked. Writing out each of an 8-week network's 800 days took 2–3 ms of an answer.
 */
function onDaysOfScope(scope: OverviewScope): (event: { datetime: Instant; timezone: string }) => boolean {
  const margin = 26 * 3_600_000;
  const inside = new Map<string, { after: number; before: number }>();
  return (event) => {
    let window = inside.get(event.timezone);
    if (!window) {
      window = { after: Date.parse(startOfDayUtc(scope.from, event.timezone)) + margin, before: Date.parse(endOfDayUtc(scope.to, event.timezone)) - margin };
      inside.set(event.timezone, window);
    }
    const at = Date.parse(event.datetime);
    return (at >= window.after && at < window.before) || isOnDays(event.datetime, event.timezone, scope.from, scope.to);
  };
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
 * are a short list searched in place. On PostgreSQL (a reader of the whole network or a church) the rows are
 * read by their events' ids and come back as columns (columnsByEventIds), and the three reads go out together:
 * an 8-week network's answer went from about 70 to about 40 ms (tests/bench/overviewMatrix.ts).
 */
export async function overview(db: Db, scope: OverviewScope): Promise<Overview> {
  if (scope.teams?.length === 0) return [];
  // On PostgreSQL the three reads go out together (each on a connection of the pool); they depend on nothing read.
  const columnsRead = byEventIds(db, scope) ? columnsByEventIds(db, scope) : undefined;
  const namesRead = columnsRead && rankedNames(db);
  const [eventRows, columns, names] = await Promise.all([
    db
      .selectFrom('events')
      .leftJoin('event_types', 'event_types.id', 'events.event_type_id')
      .leftJoin('churches', 'churches.id', 'events.church_id')
      .select(['events.id', 'events.datetime', 'events.church_id', 'event_types.name as type_name', 'churches.timezone as church_timezone'])
      .where((eb) => eventsOfScope(eb, scope))
      .orderBy('events.datetime')
      .orderBy('events.id')
      .execute(),
    columnsRead,
    namesRead,
  ]);
  const events = eventRows
    .map((event) => ({ ...event, timezone: eventTimeZone(event.church_timezone, scope.networkZone) }))
    .filter(onDaysOfScope(scope));
  if (events.length === 0) return [];

  const { departments, positions } = names ?? (await rankedNames(db));
  const cellsOf = new Map<number, CellSum[]>();
  const add = (eventId: number, departmentId: number, positionId: number | null, needed: number, status: AllocationStatus | null) => {
    let cells = cellsOf.get(eventId);
    if (!cells) cellsOf.set(eventId, (cells = []));
    let cell: CellSum | undefined;
    for (const candidate of cells) {
      if (candidate.need.department.id === departmentId && (candidate.need.position?.id ?? null) === positionId) {
        cell = candidate;
        break;
      }
    }
    if (!cell) {
      // A row whose department or position is gone meanwhile (deleted between the queries) still shows, unnamed.
      const department = departments.get(departmentId) ?? { ref: { id: departmentId, name: '' }, rank: Infinity };
      const position = positionId === null ? null : (positions.get(positionId) ?? { ref: { id: positionId, name: '' }, rank: Infinity });
      cell = {
        need: { department: department.ref, position: position?.ref ?? null, needed: 0, pending: 0, confirmed: 0, declined: 0 },
        departmentRank: department.rank,
        positionRank: position?.rank ?? -1,
      };
      cells.push(cell);
    }
    if (status === null) cell.need.needed += Number(needed);
    else if (status !== 'covered') cell.need[status] += 1;
  };
  if (columns) {
    for (let i = 0; i < columns.event_id.length; i++) add(columns.event_id[i]!, columns.department_id[i]!, columns.position_id[i]!, columns.needed[i]!, columns.status[i]!);
  } else {
    for (const row of await rowsByJoin(db, scope)) add(row.event_id, row.department_id, row.position_id, row.needed, row.status);
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

/** A need (`status` null) or an allocation (`needed` 0) of an event of the scope. */
interface ScopeRow {
  event_id: number;
  department_id: number;
  position_id: number | null;
  needed: number;
  status: AllocationStatus | null;
}

/** The needs and (uncovered) allocations of the scope's events, joined to the events. */
function rowsByJoin(db: Db, scope: OverviewScope): Promise<ScopeRow[]> {
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
  return needed.unionAll(allocated).execute();
}

/** ScopeRow as columns: row i is (event_id[i], department_id[i], …). */
type ScopeColumns = { [Column in keyof ScopeRow]: Array<ScopeRow[Column]> };

/**
 * The same rows by their events' ids (eventOfScope) — PostgreSQL, a reader of the whole network or a church (no
 * teams to check) — as one row of five JSON arrays: node-postgres parses each with one JSON.parse, where a row
 * object per need and allocation (an 8-week network has 24,000) cost it more than PostgreSQL's read of them.
 */
async function columnsByEventIds(db: Db, scope: OverviewScope): Promise<ScopeColumns> {
  const needed = db
    .selectFrom('event_needs')
    .select(['event_needs.event_id', 'event_needs.department_id', 'event_needs.position_id', 'event_needs.count as needed', sql<AllocationStatus | null>`null`.as('status')])
    .where((eb) => eb.and([eventOfScope(db, 'event_needs.event_id', scope), ...(scope.departmentId === undefined ? [] : [eb('event_needs.department_id', '=', scope.departmentId)])]));
  const allocated = db
    .selectFrom('allocations')
    .select(['allocations.event_id', 'allocations.department_id', 'allocations.position_id', sql<number>`0`.as('needed'), 'allocations.status'])
    // A covered allocation's place is counted once, as its taker's (docs/product.md §10).
    .where((eb) =>
      eb.and([
        eventOfScope(db, 'allocations.event_id', scope),
        ...(scope.departmentId === undefined ? [] : [eb('allocations.department_id', '=', scope.departmentId)]),
        eb('allocations.status', '!=', 'covered'),
      ]),
    );
  // One aggregate scan: the five arrays list the rows in the same order.
  const column = (name: keyof ScopeRow) => sql`coalesce(json_agg(${sql.ref(`row.${name}`)}), '[]')`;
  return (await db
    .selectFrom(needed.unionAll(allocated).as('row'))
    .select([
      column('event_id').as('event_id'),
      column('department_id').as('department_id'),
      column('position_id').as('position_id'),
      column('needed').as('needed'),
      column('status').as('status'),
    ])
    .executeTakeFirstOrThrow()) as ScopeColumns;
}
