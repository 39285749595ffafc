import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import type { Overview, OverviewNeed } from '../../shared/schemas/needs.ts';
import { dialectOf } from '../db/dialect.ts';
import type { AllocationStatus, DB, Instant } from '../db/schema.ts';
import type { Team } from '../policy/leaderScope.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** What the overview covers: the events starting in [start, end), narrowed by the filters and the reader's teams. */
export interface OverviewScope {
  start: Instant;
  end: Instant;
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
  departmentId: number;
  positionId: number | null;
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
 * events, and every need and allocation of them, summed here. That last one comes back as one row of JSON arrays,
 * one per column (`cellColumns`): the whole network's 8 weeks are ~24,000 needs and allocations, and node-postgres
 * spent more on turning them into row objects (and the collector on collecting them) than PostgreSQL on finding
 * them; one JSON.parse per column is a few milliseconds on both databases. Summing in SQL (GROUP BY) cost more on
 * both (SQLite sorts the rows in a temporary B-tree to group them, PostgreSQL hashes them), and names on every
 * row cost more than the rows themselves. An event has a few dozen rows at most, so each event's rows are a short
 * list searched in place. README.md, Benchmarks, has the figures.
 */
export async function overview(db: Db, scope: OverviewScope): Promise<Overview> {
  if (scope.teams?.length === 0) return [];
  const events = await db
    .selectFrom('events')
    .leftJoin('event_types', 'event_types.id', 'events.event_type_id')
    .select(['events.id', 'events.datetime', 'events.church_id', 'event_types.name as type_name'])
    .where((eb) => eventsOfScope(eb, scope))
    .orderBy('events.datetime')
    .orderBy('events.id')
    .execute();
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
  const column = cellColumns(db);
  const packed = await db
    .selectFrom(needed.unionAll(allocated).as('cell'))
    .select([
      column('cell.event_id').as('event_ids'),
      column('cell.department_id').as('department_ids'),
      column('cell.position_id').as('position_ids'),
      column('cell.needed').as('needed'),
      column('cell.status').as('statuses'),
    ])
    .executeTakeFirstOrThrow();
  const eventIds = parseColumn<number>(packed.event_ids);
  const departmentIds = parseColumn<number>(packed.department_ids);
  const positionIds = parseColumn<number | null>(packed.position_ids);
  const neededCounts = parseColumn<number>(packed.needed);
  const statuses = parseColumn<AllocationStatus | null>(packed.statuses);

  const cellsOf = new Map<number, CellSum[]>();
  for (let i = 0; i < eventIds.length; i++) {
    const eventId = eventIds[i]!;
    const departmentId = departmentIds[i]!;
    const positionId = positionIds[i]!;
    let cells = cellsOf.get(eventId);
    if (!cells) cellsOf.set(eventId, (cells = []));
    let cell: CellSum | undefined;
    for (const candidate of cells) {
      if (candidate.departmentId === departmentId && candidate.positionId === positionId) {
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
        departmentId,
        positionId,
        departmentRank: department.rank,
        positionRank: position?.rank ?? -1,
      };
      cells.push(cell);
    }
    const status = statuses[i]!;
    if (status === null) cell.need.needed += Number(neededCounts[i]);
    else if (status !== 'covered') cell.need[status] += 1;
  }

  return events.map((event) => ({
    event: { id: event.id, datetime: event.datetime, event_types: event.type_name === null ? null : { name: event.type_name }, church_id: event.church_id },
    needs: (cellsOf.get(event.id) ?? []).sort(byRank).map((cell) => cell.need),
  }));
}

/**
 * One column of the query's rows as a JSON array, in one aggregate: every aggregate of a query reads the rows in
 * the same order, so the i-th item of each column belongs to the same row. PostgreSQL's json_agg answers null
 * for no rows.
 */
function cellColumns(db: Db) {
  const postgres = dialectOf(db) === 'postgres';
  return (column: string) => (postgres ? sql<string | null>`json_agg(${sql.ref(column)})::text` : sql<string | null>`json_group_array(${sql.ref(column)})`);
}

function parseColumn<T>(json: string | null): T[] {
  return json === null ? [] : (JSON.parse(json) as T[]);
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
