// What other resources may use of teams, the owner of `team_members` and `team_member_positions` (server/README.md):
// a person's teams, and their leaving all of them, for their data export and account removal (docs/product.md §11).
export { listMyTeams, removeFromAllTeams } from './teamQueries.ts';
