import type { Kysely, Transaction } from 'kysely';
import type { User } from '../../shared/schemas/auth.ts';
import type { DB } from '../db/schema.ts';
import { allowed, refused, type Decision } from './decision.ts';

type Db = Kysely<DB> | Transaction<DB>;

export interface Team {
  churchId: number;
  departmentId: number;
}

/**
 * Where a user leads (docs/product.md §8). `network`: everywhere — admins, and accounts of role `leader`, which keep the
 * network-wide rights they had before teams existed (a leader of every team; nothing is written for them). A team
 * leader (a `team_members` row with `leader = 1`, whatever the account's role) leads the events of that team's
 * church in that team's department. Events of the whole network (church null) belong to no team: only
 * network-wide leaders organise them.
 */
export type LeaderScope = { network: true } | { network: false; teams: Team[] };

export async function leaderScopeOf(db: Db, user: Pick<User, 'id' | 'role'>): Promise<LeaderScope> {
  if (user.role === 'admin' || user.role === 'leader') return { network: true };
  const rows = await db
    .selectFrom('team_members')
    .select(['church_id', 'department_id'])
    .where('user_id', '=', user.id)
    .where('leader', '=', 1)
    .execute();
  return { network: false, teams: rows.map((row) => ({ churchId: row.church_id, departmentId: row.department_id })) };
}

/** Whether the scope covers an event of `churchId` (null: the whole network) in `departmentId`. */
export function scopeCovers(scope: LeaderScope, churchId: number | null, departmentId: number): boolean {
  if (scope.network) return true;
  if (churchId === null) return false;
  return scope.teams.some((team) => team.churchId === churchId && team.departmentId === departmentId);
}

/** Whether the scope covers anything of an event of `churchId` (any department): may the user see its escala? */
export function scopeTouchesChurch(scope: LeaderScope, churchId: number | null): boolean {
  if (scope.network) return true;
  return churchId !== null && scope.teams.some((team) => team.churchId === churchId);
}

const NETWORK_EVENTS = 'Apenas administradores e líderes da rede organizam eventos de toda a rede.';

/** May the user use the leader calls at all: admins, role `leader`, and whoever leads a team. */
export function mayLead(scope: LeaderScope): Decision {
  return scope.network || scope.teams.length > 0 ? allowed : refused('Apenas líderes e administradores podem fazer isso.');
}

/** May the user organise (allocate, remove, set needs) at an event of `churchId` in `departmentId`. */
export function mayOrganise(scope: LeaderScope, churchId: number | null, departmentId: number): Decision {
  if (scopeCovers(scope, churchId, departmentId)) return allowed;
  return refused(churchId === null ? NETWORK_EVENTS : 'Você só pode organizar as escalas das equipes que lidera (igreja e departamento do evento).');
}

/** May the user read the escala of an event of `churchId` (some department of it is theirs). */
export function mayReadEscala(scope: LeaderScope, churchId: number | null): Decision {
  if (scopeTouchesChurch(scope, churchId)) return allowed;
  return refused(churchId === null ? NETWORK_EVENTS : 'Você só pode ver as escalas dos eventos das igrejas em que lidera uma equipe.');
}
