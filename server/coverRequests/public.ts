// What other resources may use of coverRequests, the owner of `cover_requests` (server/README.md): the sweep the
// outbox worker runs (expiry, escalation, docs/product.md §10), and a person's requests for their data export and
// account removal (§11).
export { closeDueCoverRequests, type CoverSweep } from './closeDueCoverRequests.ts';
export { coverRequestsOf, forgetCoverRequestsOf } from './coverRequestQueries.ts';
