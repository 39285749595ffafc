import type { Kysely } from 'kysely';
import type { User } from '../../shared/schemas/auth.ts';
import type { TeamImportResult } from '../../shared/schemas/teamImport.ts';
import { recordAudit } from '../audit/public.ts';
import type { DB } from '../db/schema.ts';
import { createEmailInvitations } from '../invitations/public.ts';
import { mayImportInto } from '../policy/mayImportInto.ts';
import type { LeaderScope } from '../policy/leaderScope.ts';
import { addTeamMembers } from '../teams/public.ts';
import { decodeCsv } from './decodeCsv.ts';
import { parseTeamCsv } from './parseTeamCsv.ts';
import { planTeamImport, type PlannedInvite } from './planTeamImport.ts';
import { invitationsMadeBy, teamImportFacts } from './teamImportFacts.ts';

export interface TeamImportRequest {
  bytes: Uint8Array;
  dryRun: boolean;
  importer: Pick<User, 'id'>;
  scope: LeaderScope;
  now: Date;
}

/** The invitations of one team with one set of positions go in one call. */
function byTeamAndPositions(invites: readonly PlannedInvite[]): PlannedInvite[][] {
  const groups = new Map<string, PlannedInvite[]>();
  for (const invite of invites) {
    const key = `${invite.churchId}/${invite.departmentId}/${[...invite.positionIds].sort((a, b) => a - b).join(',')}`;
    const group = groups.get(key);
    if (group) group.push(invite);
    else groups.set(key, [invite]);
  }
  return [...groups.values()];
}

/**
 * A spreadsheet import (docs/product.md §13): the file read and every row checked; a dry run stops there. Otherwise
 * the valid rows are written in one transaction — accounts added to their teams (teams/public.ts, audited), the
 * others invited by e-mail with their e-mails queued (invitations/public.ts), a `team_import` entry in the audit
 * log — or, on any failure, none of them.
 * The facts are read again inside the transaction, so what it answers is what it did; a row already done (by an
 * earlier import of the same file, or another import meanwhile) is `none`, and nobody is added or invited twice.
 */
export async function runTeamImport(db: Kysely<DB>, request: TeamImportRequest): Promise<TeamImportResult> {
  const rows = parseTeamCsv(decodeCsv(request.bytes));
  const mayImport = (church: { id: number; name: string }, department: { id: number; name: string }) =>
    mayImportInto(request.scope, church.id, department.id, `${department.name} — ${church.name}`);
  if (request.dryRun) return planTeamImport(rows, await teamImportFacts(db, rows), mayImport).result;

  return db.transaction().execute(async (trx) => {
    const plan = planTeamImport(rows, await teamImportFacts(trx, rows), mayImport);
    const outcomes = await addTeamMembers(trx, plan.adds, request.importer.id, request.now);
    // A membership another import completed between the facts and the membership locks (PostgreSQL).
    const idle = new Set(plan.adds.filter((_, index) => outcomes[index] === 'unchanged').map((add) => add.line));
    for (const group of byTeamAndPositions(plan.invites)) {
      const [first] = group;
      const created = await createEmailInvitations(trx, {
        churchId: first!.churchId,
        departmentId: first!.departmentId,
        positions: first!.positionIds,
        people: group.map((invite) => ({ name: invite.name, email: invite.email })),
        invitedBy: request.importer.id,
        now: request.now,
      });
      // An address another import invited meanwhile keeps that invitation: nothing was done for its row.
      const ours = await invitationsMadeBy(trx, created.map((invitation) => invitation.id), request.importer.id, request.now);
      const idOf = new Map(created.map((invitation) => [invitation.email, invitation.id]));
      for (const invite of group) if (!ours.has(idOf.get(invite.email) ?? 0)) idle.add(invite.line);
    }
    const result = reconcile(plan.result, idle);
    const { invite, add, errors } = result.summary;
    // The import as one entry of the log (who, and how much), beside the entry of each person added.
    if (invite + add > 0) {
      await recordAudit(trx, {
        actorId: request.importer.id,
        action: 'team_import',
        subjectId: null,
        details: { rows: result.rows.length, invited: invite, added: add, errors },
        at: request.now.toISOString(),
      });
    }
    return result;
  });
}

/** The answer once the writes said which rows found nothing left to do (another import did it meanwhile): `none`. */
function reconcile(result: TeamImportResult, idle: ReadonlySet<number>): TeamImportResult {
  if (idle.size === 0) return result;
  const summary = { ...result.summary };
  const rows = result.rows.map((row) => {
    if (!idle.has(row.line) || row.action === 'none') return row;
    summary[row.action] -= 1;
    summary.none += 1;
    return { ...row, action: 'none' as const };
  });
  return { rows, summary };
}
