// What other resources may use of availability (server/README.md): the days members blocked, ranges only; and, for
// the member's own data export and account removal (docs/product.md §11), their blockouts with notes.
export { blockedRangesOfMembersBetween, blockedRangesOfMembersOn, blockedRangesOn, blockoutsOfMember, deleteBlockoutsOf } from './blockoutQueries.ts';
export { eraseBlockoutNotesBefore } from './retention.ts';
