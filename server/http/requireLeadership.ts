import type { Request } from 'express';
import type { Kysely, Transaction } from 'kysely';
import type { User } from '../../shared/schemas/auth.ts';
import type { DB } from '../db/schema.ts';
import type { Decision } from '../policy/decision.ts';
import { leaderScopeOf, mayLead, mayOrganise, mayReadEscala, type LeaderScope } from '../policy/leaderScope.ts';
import { HttpError } from './httpError.ts';
import { requireUser } from './requireUser.ts';

/** 403 `forbidden` with the policy's reason, unless it allowed. */
export function forbidUnless(decision: Decision): void {
  if (!decision.allowed) throw new HttpError(403, 'forbidden', decision.reason);
}

/**
 * The leader calls: 401 when signed out, 403 `forbidden` when the user leads nothing (not an admin, not of role
 * `leader`, no team led); the user and their scope (server/policy/leaderScope.ts) otherwise.
 */
export async function requireLeadership(db: Kysely<DB> | Transaction<DB>, req: Request): Promise<{ user: User; scope: LeaderScope }> {
  const user = requireUser(req);
  const scope = await leaderScopeOf(db, user);
  forbidUnless(mayLead(scope));
  return { user, scope };
}

/** 403 `forbidden` unless the scope covers the event's church and the department. */
export function requireScope(scope: LeaderScope, churchId: number | null, departmentId: number): void {
  forbidUnless(mayOrganise(scope, churchId, departmentId));
}

/** 403 `forbidden` unless the scope covers some department of an event of `churchId` (reading its escala). */
export function requireChurchScope(scope: LeaderScope, churchId: number | null): void {
  forbidUnless(mayReadEscala(scope, churchId));
}
