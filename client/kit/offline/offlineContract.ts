/**
 * What the page and its service worker (client/serviceWorker/sw.ts) agree on. The worker keeps a signed-in
 * member's last answers to a few reads and gives them back when the network fails; the page tells it whose
 * answers a request is for, and learns from it that an answer came from that store.
 */

/** Sent by the page on its reads while someone is signed in: the user's id. The worker keys what it keeps by it. */
export const ACCOUNT_HEADER = 'X-Koinonia-Account';

/** Set by the worker on an answer it gives back from its store instead of the network. */
export const FROM_CACHE_HEADER = 'X-Koinonia-From-Cache';

/** The worker's store of private answers: cleared by the page when its user signs out. */
export const PRIVATE_CACHE = 'koinonia-private-v1';

/** The worker's store of pages (HTML), refreshed on every visit that has a network. */
export const PAGES_CACHE = 'koinonia-pages-v1';

/** `GET /api/auth/me`: who is signed in, kept so a reload without network still knows. */
export function isSessionRead(pathname: string): boolean {
  return pathname === '/api/auth/me';
}

/**
 * The reads kept per account: My Events, the events of the page's two months, and the churches (the detailed
 * list names each event's church by its id: without them an offline list lost its churches).
 */
export function isPrivateRead(pathname: string, search: URLSearchParams): boolean {
  return (
    pathname === '/api/me/events' || pathname === '/api/churches' || (pathname === '/api/events' && search.has('from') && search.has('to'))
  );
}
