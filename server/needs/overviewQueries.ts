import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import type { Overview, OverviewNeed } from '../../shared/schemas/needs.ts';
import type { DB, Instant } from '../db/schema.ts';
import type { Team } from '../http/leaderScope.ts';

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

/**
 * The leader's gap matrix (PRODUCT §8): every event of the scope, by date-time then id, with one row per
 * department and position that the event needs or has allocations in — needed, and the allocations by answer.
 * Allocations without a need show as rows needing 0; an allocation naming no position counts in the
 * department's "anyone" row (position null). Two queries whatever the range: the events, then every cell of
 * them at once (needs and allocations summed together, grouped by event, department and position).
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

  const zero = sql<number>`0`;
  const needed = db
    .selectFrom('event_needs')
    .innerJoin('events', 'events.id', 'event_needs.event_id')
    .select([
      'event_needs.event_id',
      'event_needs.department_id',
      'event_needs.position_id',
      'event_needs.count as needed',
      zero.as('pending'),
      zero.as('confirmed'),
      zero.as('declined'),
    ])
    .where((eb) => eb.and([eventsOfScope(eb, scope), departmentOfScope(eb, 'event_needs.department_id', scope)]));
  const answered = db
    .selectFrom('allocations')
    .innerJoin('events', 'events.id', 'allocations.event_id')
    .select([
      'allocations.event_id',
      'allocations.department_id',
      'allocations.position_id',
      zero.as('needed'),
      sql<number>`case when allocations.status = 'pending' then 1 else 0 end`.as('pending'),
      sql<number>`case when allocations.status = 'confirmed' then 1 else 0 end`.as('confirmed'),
      sql<number>`case when allocations.status = 'declined' then 1 else 0 end`.as('declined'),
    ])
    .where((eb) => eb.and([eventsOfScope(eb, scope), departmentOfScope(eb, 'allocations.department_id', scope)]));

  const cells = await db
    .selectFrom(needed.unionAll(answered).as('cell'))
    .innerJoin('departments', 'departments.id', 'cell.department_id')
    .leftJoin('positions', 'positions.id', 'cell.position_id')
    .select((eb) => [
      'cell.event_id',
      'departments.id as department_id',
      'departments.name as department_name',
      'positions.id as position_id',
      'positions.name as position_name',
      eb.fn.sum<number>('cell.needed').as('needed'),
      eb.fn.sum<number>('cell.pending').as('pending'),
      eb.fn.sum<number>('cell.confirmed').as('confirmed'),
      eb.fn.sum<number>('cell.declined').as('declined'),
    ])
    .groupBy(['cell.event_id', 'departments.id', 'departments.name', 'departments.name_key', 'positions.id', 'positions.name', 'positions.name_key'])
    .orderBy('departments.name_key')
    .orderBy(sql`case when positions.id is null then 0 else 1 end`)
    .orderBy('positions.name_key')
    .execute();

  const needsOf = new Map<number, OverviewNeed[]>();
  for (const cell of cells) {
    let list = needsOf.get(cell.event_id);
    if (!list) needsOf.set(cell.event_id, (list = []));
    list.push({
      department: { id: cell.department_id, name: cell.department_name },
      position: cell.position_id === null || cell.position_name === null ? null : { id: cell.position_id, name: cell.position_name },
      needed: Number(cell.needed),
      pending: Number(cell.pending),
      confirmed: Number(cell.confirmed),
      declined: Number(cell.declined),
    });
  }
  return events.map((event) => ({
    event: {
      id: event.id,
      datetime: event.datetime,
      event_types: event.type_name === null ? null : { name: event.type_name },
      church_id: event.church_id,
    },
    needs: needsOf.get(event.id) ?? [],
  }));
}
