import { sql, type Transaction } from 'kysely';
import { recordAudit, type AuditEntry } from '../audit/public.ts';
import { dialectOf } from '../db/dialect.ts';
import type { DB } from '../db/schema.ts';
import { MEMBERSHIP_LOCK_SPACE } from './lockMemberships.ts';

/** A person to put on a team with positions (all of the team's department: the caller checked). */
export interface TeamJoin {
  churchId: number;
  departmentId: number;
  userId: number;
  positionIds: readonly number[];
}

/** What a join did: `added` to the team, its positions `extended`, or nothing (already there with them all). */
export type TeamJoinOutcome = 'added' | 'extended' | 'unchanged';

/** Rows per statement: far below SQLite's and PostgreSQL's limits on bound values. */
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += CHUNK) out.push(items.slice(index, index + CHUNK));
  return out;
}

const teamKey = (churchId: number, departmentId: number, userId: number) => `${churchId}/${departmentId}/${userId}`;

/**
 * Puts many people on teams at once, in the caller's transaction, adding positions and never removing any (a
 * spreadsheet import, docs/product.md §13; unlike PUT …/members/{userId}, which replaces them): a new member is
 * not a leader; an existing one keeps their flag. Each change is written to the audit log with the same details
 * as the teams router's (team_member_added, or team_member_changed with the positions before). Joining twice
 * changes nothing the second time. Outcomes follow the order of `joins`; a repeated membership is done once.
 */
export async function addTeamMembers(trx: Transaction<DB>, joins: readonly TeamJoin[], actorId: number | null, now: Date): Promise<TeamJoinOutcome[]> {
  if (joins.length === 0) return [];
  const userIds = [...new Set(joins.map((join) => join.userId))].sort((a, b) => a - b);
  if (dialectOf(trx) === 'postgres') {
    // The locks of lockMemberships.ts, in id order: two imports at once never wait on each other in a circle.
    for (const part of chunks(userIds)) {
      await sql`select pg_advisory_xact_lock(${sql.lit(MEMBERSHIP_LOCK_SPACE)}, id) from unnest(${part}::int[]) as id order by id`.execute(trx);
    }
  }
  const members = new Map<string, { leader: number; positions: Set<number> }>();
  for (const part of chunks(userIds)) {
    const [rows, positions] = await Promise.all([
      trx.selectFrom('team_members').select(['church_id', 'department_id', 'user_id', 'leader']).where('user_id', 'in', part).execute(),
      trx.selectFrom('team_member_positions').select(['church_id', 'department_id', 'user_id', 'position_id']).where('user_id', 'in', part).execute(),
    ]);
    for (const row of rows) members.set(teamKey(row.church_id, row.department_id, row.user_id), { leader: row.leader, positions: new Set() });
    for (const row of positions) members.get(teamKey(row.church_id, row.department_id, row.user_id))?.positions.add(row.position_id);
  }

  const at = now.toISOString();
  const newMembers: Array<{ church_id: number; department_id: number; user_id: number; leader: number; created_at: string }> = [];
  const newPositions: Array<{ church_id: number; department_id: number; user_id: number; position_id: number }> = [];
  const audit: AuditEntry[] = [];
  const outcomes: TeamJoinOutcome[] = [];
  for (const join of joins) {
    const key = teamKey(join.churchId, join.departmentId, join.userId);
    const base = { church_id: join.churchId, department_id: join.departmentId, user_id: join.userId };
    const before = members.get(key);
    const wanted = [...new Set(join.positionIds)];
    const missing = wanted.filter((id) => !before?.positions.has(id));
    const wasPositions = [...(before?.positions ?? [])].sort((a, b) => a - b);
    const positionIds = [...wasPositions, ...missing].sort((a, b) => a - b);
    const details = { church_id: join.churchId, department_id: join.departmentId, leader: before?.leader === 1, position_ids: positionIds };
    if (!before) {
      newMembers.push({ ...base, leader: 0, created_at: at });
      audit.push({ actorId, action: 'team_member_added', subjectId: join.userId, details, at });
      outcomes.push('added');
    } else if (missing.length > 0) {
      audit.push({ actorId, action: 'team_member_changed', subjectId: join.userId, details: { ...details, was_leader: details.leader, was_position_ids: wasPositions }, at });
      outcomes.push('extended');
    } else {
      outcomes.push('unchanged');
      continue;
    }
    newPositions.push(...missing.map((position_id) => ({ ...base, position_id })));
    members.set(key, { leader: before?.leader ?? 0, positions: new Set(positionIds) });
  }
  for (const part of chunks(newMembers)) await trx.insertInto('team_members').values(part).execute();
  for (const part of chunks(newPositions)) await trx.insertInto('team_member_positions').values(part).execute();
  for (const part of chunks(audit)) await recordAudit(trx, part);
  return outcomes;
}
