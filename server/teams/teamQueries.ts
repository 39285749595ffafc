import { sql, type Kysely, type Transaction } from 'kysely';
import type { MyTeam, TeamMembership } from '../../shared/schemas/network.ts';
import type { DB } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

const byName = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/** What a team's path names, looked up at once: undefined for each that does not exist. */
export async function findTeamParts(db: Db, churchId: number, departmentId: number, userId?: number) {
  const [church, department, user] = await Promise.all([
    db.selectFrom('churches').select('id').where('id', '=', churchId).executeTakeFirst(),
    db.selectFrom('departments').select('id').where('id', '=', departmentId).executeTakeFirst(),
    userId === undefined ? undefined : db.selectFrom('users').select('id').where('id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst(),
  ]);
  return { church, department, user };
}

/** Of `positionIds`, those that are not positions of the department. */
export async function positionsOutside(db: Db, departmentId: number, positionIds: readonly number[]): Promise<number[]> {
  if (positionIds.length === 0) return [];
  const rows = await db.selectFrom('positions').select('id').where('department_id', '=', departmentId).where('id', 'in', positionIds).execute();
  const inside = new Set(rows.map((row) => row.id));
  return positionIds.filter((id) => !inside.has(id));
}

/**
 * Joins a member to a team or updates them: the positions are replaced; `leader` undefined keeps the current value
 * (false on a join). One transaction: the membership and its positions change together. The upsert always updates
 * the membership row, so it holds that row's lock until the transaction ends: changes of one membership run one
 * after the other on PostgreSQL too (two at once used to both insert a position — a duplicate key — or merge their
 * sets), and the membership ends as exactly one request asked. SQLite runs one write transaction at a time anyway.
 */
export async function putTeamMember(
  trx: Transaction<DB>,
  team: { churchId: number; departmentId: number; userId: number },
  input: { positions: readonly number[]; leader: boolean | undefined },
  now: Date,
): Promise<void> {
  const key = { church_id: team.churchId, department_id: team.departmentId, user_id: team.userId };
  const leader = input.leader === undefined ? undefined : input.leader ? 1 : 0;
  await trx
    .insertInto('team_members')
    .values({ ...key, leader: leader ?? 0, created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['church_id', 'department_id', 'user_id']).doUpdateSet({ leader: leader ?? sql<number>`team_members.leader` }))
    .execute();
  await trx
    .deleteFrom('team_member_positions')
    .where('church_id', '=', team.churchId)
    .where('department_id', '=', team.departmentId)
    .where('user_id', '=', team.userId)
    .execute();
  const positions = [...new Set(input.positions)];
  if (positions.length > 0) await trx.insertInto('team_member_positions').values(positions.map((position_id) => ({ ...key, position_id }))).execute();
}

/** False when the user was not on the team (their positions go with the membership, by cascade). */
export async function deleteTeamMember(db: Db, churchId: number, departmentId: number, userId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('team_members')
    .where('church_id', '=', churchId)
    .where('department_id', '=', departmentId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The members of a team (or one of them), leaders first then by name, each with their positions by name. */
export async function listTeamMembers(db: Db, churchId: number, departmentId: number, userId?: number): Promise<TeamMembership[]> {
  let members = db
    .selectFrom('team_members')
    .innerJoin('users', 'users.id', 'team_members.user_id')
    .leftJoin('notification_preferences', 'notification_preferences.user_id', 'team_members.user_id')
    .select(['users.id', 'users.name', 'users.email', 'team_members.leader', 'notification_preferences.max_services_per_month'])
    .where('team_members.church_id', '=', churchId)
    .where('team_members.department_id', '=', departmentId);
  let positions = db
    .selectFrom('team_member_positions')
    .innerJoin('positions', 'positions.id', 'team_member_positions.position_id')
    .select(['team_member_positions.user_id', 'positions.id', 'positions.name'])
    .where('team_member_positions.church_id', '=', churchId)
    .where('team_member_positions.department_id', '=', departmentId);
  if (userId !== undefined) {
    members = members.where('team_members.user_id', '=', userId);
    positions = positions.where('team_member_positions.user_id', '=', userId);
  }
  const [memberRows, positionRows] = await Promise.all([members.execute(), positions.execute()]);
  const byUser = new Map<number, Array<{ id: number; name: string }>>();
  for (const row of positionRows.sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id)) {
    const list = byUser.get(row.user_id) ?? [];
    list.push({ id: row.id, name: row.name });
    byUser.set(row.user_id, list);
  }
  return memberRows
    .sort((a, b) => b.leader - a.leader || byName.compare(a.name, b.name) || a.id - b.id)
    .map((row) => ({
      church_id: churchId,
      department_id: departmentId,
      member: { id: row.id, name: row.name, email: row.email },
      leader: row.leader === 1,
      positions: byUser.get(row.id) ?? [],
      max_services_per_month: row.max_services_per_month ?? null,
    }));
}

/** The teams a user belongs to, by church name then department name, with their positions. */
export async function listMyTeams(db: Db, userId: number): Promise<MyTeam[]> {
  const [teams, positions] = await Promise.all([
    db
      .selectFrom('team_members')
      .innerJoin('churches', 'churches.id', 'team_members.church_id')
      .innerJoin('departments', 'departments.id', 'team_members.department_id')
      .select([
        'churches.id as church_id',
        'churches.name as church_name',
        'churches.city as church_city',
        'departments.id as department_id',
        'departments.name as department_name',
        'team_members.leader',
      ])
      .where('team_members.user_id', '=', userId)
      .execute(),
    db
      .selectFrom('team_member_positions')
      .innerJoin('positions', 'positions.id', 'team_member_positions.position_id')
      .select(['team_member_positions.church_id', 'team_member_positions.department_id', 'positions.id', 'positions.name'])
      .where('team_member_positions.user_id', '=', userId)
      .execute(),
  ]);
  const key = (churchId: number, departmentId: number) => `${churchId}/${departmentId}`;
  const byTeam = new Map<string, Array<{ id: number; name: string }>>();
  for (const row of positions.sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id)) {
    const list = byTeam.get(key(row.church_id, row.department_id)) ?? [];
    list.push({ id: row.id, name: row.name });
    byTeam.set(key(row.church_id, row.department_id), list);
  }
  return teams
    .sort((a, b) => byName.compare(a.church_name, b.church_name) || byName.compare(a.department_name, b.department_name))
    .map((row) => ({
      church: { id: row.church_id, name: row.church_name, city: row.church_city },
      department: { id: row.department_id, name: row.department_name },
      leader: row.leader === 1,
      positions: byTeam.get(key(row.church_id, row.department_id)) ?? [],
    }));
}

/** The user leaves every team, their positions with them (their account is being removed, docs/product.md §11). */
export async function removeFromAllTeams(db: Db, userId: number): Promise<number> {
  await db.deleteFrom('team_member_positions').where('user_id', '=', userId).execute();
  const result = await db.deleteFrom('team_members').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
