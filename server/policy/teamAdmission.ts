import { allowed, refused, type Decision } from './decision.ts';
import { scopeCovers, type LeaderScope } from './leaderScope.ts';

/**
 * May the user decide who joins the team of `churchId` in `departmentId` (docs/product.md §13, join requests): that
 * team's leaders, admins and network-wide leaders; anyone else is refused, with the reason they read.
 */
export function mayAdmitTo(scope: LeaderScope, churchId: number, departmentId: number): Decision {
  return scopeCovers(scope, churchId, departmentId) ? allowed : refused('Você só pode decidir os pedidos das equipes que lidera.');
}
