import type { Request } from 'express';
import type { Kysely, Transaction } from 'kysely';
import type { User } from '../../shared/schemas/auth.ts';
import type { DB } from '../db/schema.ts';
import { HttpError } from './httpError.ts';
import { requireUser } from './requireUser.ts';

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

const forbidden = (message: string) => new HttpError(403, 'forbidden', message);

/**
 * The leader calls: 401 when signed out, 403 `forbidden` when the user leads nothing (not an admin, not of role
 * `leader`, no team led); the user and their scope otherwise.
 */
export async function requireLeadership(db: Db, req: Request): Promise<{ user: User; scope: LeaderScope }> {
  const user = requireUser(req);
  const scope = await leaderScopeOf(db, user);
  if (!scope.network && scope.teams.length === 0) throw forbidden('Apenas líderes e administradores podem fazer isso.');
  return { user, scope };
}

/** 403 `forbidden` unless the scope covers the event's church and the department. */
export function requireScope(scope: LeaderScope, churchId: number | null, departmentId: number): void {
  if (scopeCovers(scope, churchId, departmentId)) return;
  throw forbidden(
    churchId === null
      ? 'Apenas administradores e líderes da rede organizam eventos de toda a rede.'
      : 'Você só pode organizar as escalas das equipes que lidera (igreja e departamento do evento).',
  );
}

/** 403 `forbidden` unless the scope covers some department of an event of `churchId` (reading its escala). */
export function requireChurchScope(scope: LeaderScope, churchId: number | null): void {
  if (scopeTouchesChurch(scope, churchId)) return;
  throw forbidden(
    churchId === null
      ? 'Apenas administradores e líderes da rede organizam eventos de toda a rede.'
      : 'Você só pode ver as escalas dos eventos das igrejas em que lidera uma equipe.',
  );
}
