// What other resources may use of joinRequests, the owner of `join_requests` and `join_request_positions`
// (server/README.md): the facts a message about a request is written from (server/notifications).
export { teamJoinRequest } from './joinRequestQueries.ts';
