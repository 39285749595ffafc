import type { Kysely, Transaction } from 'kysely';
import type { JoinRequestStatus, MyJoinRequest, TeamJoinRequest } from '../../shared/schemas/joinRequests.ts';
import { isUniqueViolation } from '../db/isUniqueViolation.ts';
import type { DB, Instant } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

export interface JoinRequestRow {
  id: number;
  user_id: number;
  church_id: number;
  department_id: number;
  note: string | null;
  status: JoinRequestStatus;
  decided_by: number | null;
  decided_at: Instant | null;
  reason: string | null;
  created_at: Instant;
}

const byName = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/** What a request names, looked up at once: undefined for each that does not exist; `outside` the positions not of the department. */
export async function findRequestedTeam(db: Db, churchId: number, departmentId: number, positionIds: readonly number[]) {
  const [church, department, positions] = await Promise.all([
    db.selectFrom('churches').select('id').where('id', '=', churchId).executeTakeFirst(),
    db.selectFrom('departments').select('id').where('id', '=', departmentId).executeTakeFirst(),
    positionIds.length === 0
      ? Promise.resolve([])
      : db.selectFrom('positions').select('id').where('department_id', '=', departmentId).where('id', 'in', positionIds).execute(),
  ]);
  const inside = new Set(positions.map((row) => row.id));
  return { church, department, outside: positionIds.filter((id) => !inside.has(id)) };
}

export async function isTeamMember(db: Db, churchId: number, departmentId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('team_members')
    .select('user_id')
    .where('church_id', '=', churchId)
    .where('department_id', '=', departmentId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Stores a pending request and its positions; undefined when the member has one pending for the team (the partial unique index decides). */
export async function insertJoinRequest(
  trx: Transaction<DB>,
  values: { user_id: number; church_id: number; department_id: number; note: string | null; created_at: Instant },
  positionIds: readonly number[],
): Promise<JoinRequestRow | undefined> {
  let row: JoinRequestRow;
  try {
    row = await trx.insertInto('join_requests').values(values).returningAll().executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
  if (positionIds.length > 0) {
    await trx.insertInto('join_request_positions').values(positionIds.map((position_id) => ({ join_request_id: row.id, position_id }))).execute();
  }
  return row;
}

export async function findJoinRequest(db: Db, id: number): Promise<JoinRequestRow | undefined> {
  return db.selectFrom('join_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Decides a pending request; false when it was not pending any more (another leader decided it meanwhile). */
export async function decideJoinRequest(
  db: Db,
  id: number,
  decision: { status: Exclude<JoinRequestStatus, 'pending'>; decidedBy: number; reason: string | null; now: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('join_requests')
    .set({ status: decision.status, decided_by: decision.decidedBy, decided_at: decision.now.toISOString(), reason: decision.reason })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Who is told of a new request (docs/product.md §13): the team's leaders and the admins, accounts in use only. */
export async function teamDeciders(db: Db, churchId: number, departmentId: number): Promise<number[]> {
  const [leaders, admins] = await Promise.all([
    db
      .selectFrom('team_members')
      .innerJoin('users', 'users.id', 'team_members.user_id')
      .select('users.id')
      .where('team_members.church_id', '=', churchId)
      .where('team_members.department_id', '=', departmentId)
      .where('team_members.leader', '=', 1)
      .where('users.deleted_at', 'is', null)
      .execute(),
    db.selectFrom('users').select('id').where('role', '=', 'admin').where('deleted_at', 'is', null).execute(),
  ]);
  return [...new Set([...leaders, ...admins].map((row) => row.id))].sort((a, b) => a - b);
}

interface RequestFilter {
  id?: number;
  userId?: number;
  team?: { churchId: number; departmentId: number };
  status?: JoinRequestStatus;
}

/** Requests with their team's names, who asked and the positions asked, by `filter`; newest first for a member, oldest first for leaders. */
async function readJoinRequests(db: Db, filter: RequestFilter, order: 'newest' | 'oldest'): Promise<TeamJoinRequest[]> {
  let query = db
    .selectFrom('join_requests')
    .innerJoin('churches', 'churches.id', 'join_requests.church_id')
    .innerJoin('departments', 'departments.id', 'join_requests.department_id')
    .innerJoin('users', 'users.id', 'join_requests.user_id')
    .select([
      'join_requests.id',
      'join_requests.note',
      'join_requests.status',
      'join_requests.reason',
      'join_requests.created_at',
      'join_requests.decided_at',
      'churches.id as church_id',
      'churches.name as church_name',
      'departments.id as department_id',
      'departments.name as department_name',
      'users.id as user_id',
      'users.name as user_name',
      'users.email as user_email',
    ]);
  if (filter.id !== undefined) query = query.where('join_requests.id', '=', filter.id);
  if (filter.userId !== undefined) query = query.where('join_requests.user_id', '=', filter.userId);
  if (filter.team) query = query.where('join_requests.church_id', '=', filter.team.churchId).where('join_requests.department_id', '=', filter.team.departmentId);
  if (filter.status) query = query.where('join_requests.status', '=', filter.status);
  const direction = order === 'newest' ? 'desc' : 'asc';
  const rows = await query.orderBy('join_requests.created_at', direction).orderBy('join_requests.id', direction).execute();
  if (rows.length === 0) return [];
  const positions = await db
    .selectFrom('join_request_positions')
    .innerJoin('positions', 'positions.id', 'join_request_positions.position_id')
    .select(['join_request_positions.join_request_id', 'positions.id', 'positions.name'])
    .where(
      'join_request_positions.join_request_id',
      'in',
      rows.map((row) => row.id),
    )
    .execute();
  const byRequest = new Map<number, Array<{ id: number; name: string }>>();
  for (const row of positions.sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id)) {
    byRequest.set(row.join_request_id, [...(byRequest.get(row.join_request_id) ?? []), { id: row.id, name: row.name }]);
  }
  return rows.map((row) => ({
    id: row.id,
    member: { id: row.user_id, name: row.user_name, email: row.user_email },
    church: { id: row.church_id, name: row.church_name },
    department: { id: row.department_id, name: row.department_name },
    positions: byRequest.get(row.id) ?? [],
    note: row.note,
    status: row.status,
    reason: row.reason,
    created_at: row.created_at,
    decided_at: row.decided_at,
  }));
}

/** `GET /api/me/join-requests`: the member's requests, newest first. */
export async function myJoinRequests(db: Db, userId: number): Promise<MyJoinRequest[]> {
  return (await readJoinRequests(db, { userId }, 'newest')).map(({ member: _member, ...request }) => request);
}

/** A team's requests in one state, oldest first (the one waiting longest on top). */
export async function teamJoinRequests(db: Db, team: { churchId: number; departmentId: number }, status: JoinRequestStatus): Promise<TeamJoinRequest[]> {
  return readJoinRequests(db, { team, status }, 'oldest');
}

/** Every team's requests in one state, oldest first; the caller keeps those of its scope. */
export async function allJoinRequests(db: Db, status: JoinRequestStatus): Promise<TeamJoinRequest[]> {
  return readJoinRequests(db, { status }, 'oldest');
}

/** One request as its team's leaders see it. */
export async function teamJoinRequest(db: Db, id: number): Promise<TeamJoinRequest | undefined> {
  return (await readJoinRequests(db, { id }, 'newest'))[0];
}

/** A removed account's requests go, with their notes and the positions asked (docs/product.md §11): leaders no longer see them. */
export async function forgetJoinRequestsOf(db: Db, userId: number): Promise<number> {
  await db.deleteFrom('join_request_positions').where('join_request_id', 'in', (eb) => eb.selectFrom('join_requests').select('id').where('user_id', '=', userId)).execute();
  const result = await db.deleteFrom('join_requests').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Retention (docs/product.md §11): the note and the reason of a request decided before `before` (RETENTION_DAYS ago)
 * are erased; a pending one keeps its note, which its leaders still read. Returns how many lost one (0 on a second run).
 */
export async function eraseJoinRequestNotesBefore(db: Db, before: Instant): Promise<number> {
  const result = await db
    .updateTable('join_requests')
    .set({ note: null, reason: null })
    .where('status', '!=', 'pending')
    .where('decided_at', '<', before)
    .where((eb) => eb.or([eb('note', 'is not', null), eb('reason', 'is not', null)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
