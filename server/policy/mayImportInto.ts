import { allowed, refused, type Decision } from './decision.ts';
import { scopeCovers, type LeaderScope } from './leaderScope.ts';

/**
 * May the importer of a spreadsheet bring people into the team of `churchId` and `departmentId` (docs/product.md
 * §13): admins and network-wide leaders anywhere, a team leader only into the teams they lead. `team` names it for
 * the refusal ("Louvor — Sede").
 */
export function mayImportInto(scope: LeaderScope, churchId: number, departmentId: number, team: string): Decision {
  if (scopeCovers(scope, churchId, departmentId)) return allowed;
  return refused(`Você só pode importar pessoas para as equipes que lidera (não lidera ${team}).`);
}
