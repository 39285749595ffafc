import type { Kysely, Transaction } from 'kysely';
import type { Member, PositionRef } from '../../shared/schemas/escalas.ts';
import type { DB } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

export interface TeamPlace {
  member: Member;
  leader: boolean;
  positions: PositionRef[];
}

const byName = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/**
 * The members of a team (church + department) whose name or email contains `q` (case-insensitive, as the member
 * search compares), by name, each with the positions they can fill — for the member picker, which offers them
 * first. Teams are tens of people: read whole, filtered here.
 */
export async function teamPlacesOf(db: Db, churchId: number, departmentId: number, q: string | undefined): Promise<Map<number, TeamPlace>> {
  const [members, positions] = await Promise.all([
    db
      .selectFrom('team_members')
      .innerJoin('users', 'users.id', 'team_members.user_id')
      .select(['users.id', 'users.name', 'users.email', 'team_members.leader'])
      .where('team_members.church_id', '=', churchId)
      .where('team_members.department_id', '=', departmentId)
      .execute(),
    db
      .selectFrom('team_member_positions')
      .innerJoin('positions', 'positions.id', 'team_member_positions.position_id')
      .select(['team_member_positions.user_id', 'positions.id', 'positions.name'])
      .where('team_member_positions.church_id', '=', churchId)
      .where('team_member_positions.department_id', '=', departmentId)
      .execute(),
  ]);
  const term = q?.trim().toLowerCase();
  const places = new Map<number, TeamPlace>();
  const sorted = members
    .filter((row) => !term || row.name.toLowerCase().includes(term) || row.email.toLowerCase().includes(term))
    .sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id);
  for (const row of sorted) {
    places.set(row.id, { member: { id: row.id, name: row.name, email: row.email }, leader: row.leader === 1, positions: [] });
  }
  for (const row of positions.sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id)) {
    places.get(row.user_id)?.positions.push({ id: row.id, name: row.name });
  }
  return places;
}

/**
 * Who of these people is on which team of these departments, and the positions they hold there: keys
 * `church:department:user` (team membership) and `church:department:user:position` (a position held), with
 * `*` for the church on a team of any church. The
 * eligibility of docs/product.md §9, read at once for a batch.
 */
export async function teamHoldings(db: Db, memberIds: readonly number[], departmentIds: readonly number[]): Promise<Set<string>> {
  const held = new Set<string>();
  if (memberIds.length === 0 || departmentIds.length === 0) return held;
  const [members, positions] = await Promise.all([
    db.selectFrom('team_members').select(['church_id', 'department_id', 'user_id']).where('user_id', 'in', memberIds).where('department_id', 'in', departmentIds).execute(),
    db
      .selectFrom('team_member_positions')
      .select(['church_id', 'department_id', 'user_id', 'position_id'])
      .where('user_id', 'in', memberIds)
      .where('department_id', 'in', departmentIds)
      .execute(),
  ]);
  // `*` stands for any church: a whole-network event takes the department's people of every church.
  for (const church of ['*', null]) {
    for (const row of members) held.add(`${church ?? row.church_id}:${row.department_id}:${row.user_id}`);
    for (const row of positions) held.add(`${church ?? row.church_id}:${row.department_id}:${row.user_id}:${row.position_id}`);
  }
  return held;
}
