// What other resources may use of joinRequests, the owner of `join_requests` and `join_request_positions`
// (server/README.md): the facts a message about a request is written from (server/notifications); a person's requests
// for their data export, their going with a removed account, and the retention job's erasing of old notes and
// reasons (docs/product.md §11).
export { eraseJoinRequestNotesBefore, forgetJoinRequestsOf, myJoinRequests as joinRequestsOf, teamJoinRequest } from './joinRequestQueries.ts';
