// What other resources may use of coverRequests, the owner of `cover_requests` (server/README.md): the sweep the
// outbox worker runs (expiry, escalation, docs/product.md §10), and a person's requests for their data export,
// account removal and the retention job (§11).
export { closeDueCoverRequests, type CoverSweep } from './closeDueCoverRequests.ts';
export { coverRequestsOf, eraseCoverNotesBefore, forgetCoverRequestsOf } from './coverRequestQueries.ts';
