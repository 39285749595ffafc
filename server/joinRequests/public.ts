// What other resources may use of joinRequests, the owner of `join_requests` and `join_request_positions`
// (server/README.md): the facts a message about a request is written from (server/notifications); a person's requests
// for their data export, and their going with a removed account (docs/product.md §11).
export { forgetJoinRequestsOf, myJoinRequests as joinRequestsOf, teamJoinRequest } from './joinRequestQueries.ts';
