// What other resources may use of availability (server/README.md): the days members blocked, ranges only.
export { blockedRangesOfMembersBetween, blockedRangesOfMembersOn, blockedRangesOn } from './blockoutQueries.ts';
