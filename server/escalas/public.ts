// What other resources may use of escalas, the owner of the `allocations` table (server/README.md): commands that
// write allocations, and the read models other screens need. Nothing else of this folder is imported from outside.
export {
  allocateMany,
  allocateMember,
  type AllocationActor,
  type AllocationSettings,
  type BatchOptions,
  type PlaceOutcome,
  type PlaceRequest,
} from './allocateMany.ts';
export { askAgainAfterMove, countAllocationsOfEvents, findAllocation, recordAnswer } from './allocationQueries.ts';
export { removeAllocation, removeAllocationsOfEvents, type AllocationRemover } from './removeAllocations.ts';
export { listMyEvents } from './myEventQueries.ts';
export { hashResponseToken, issueResponseToken, newResponseToken, RESPONSE_TOKEN } from './responseTokens.ts';
export { PlaceAlreadyCovered, PlaceNotCoverable, refusalCodeOf } from './errors.ts';
export { findCoverPlace, findCoverPlaces, isCoverable, placeRefusals, type CoverPlace, type PlaceRefusal, type PlaceRuleSettings } from './coverPlaces.ts';
export { takeCoverPlace, type CoverTaking } from './takeCoverPlace.ts';
export { eraseDeclineReasonsBefore } from './retention.ts';
export { allocationsOfMember, releasePlacesOf, type ReleasedPlaces, type ReopenedPlace } from './memberAllocations.ts';
