// What other resources may use of teams, the owner of `team_members`, `team_member_positions` and `team_settings`
// (server/README.md): a person's teams, and their leaving all of them, for their data export and account removal
// (docs/product.md §11); which teams let their members sign themselves up (docs/product.md §10); a person's joining a team
// through an invitation (docs/product.md §13).
export { addToTeam, type AddedToTeam } from './addToTeam.ts';
export { listMyTeams, removeFromAllTeams } from './teamQueries.ts';
// Many people joining teams at once, positions added (a spreadsheet import, docs/product.md §13).
export { addTeamMembers, type TeamJoin, type TeamJoinOutcome } from './addTeamMembers.ts';
export { selfSignupTeams } from './teamSettingsQueries.ts';
