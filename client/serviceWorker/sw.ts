/// <reference lib="webworker" />
/**
 * The portal's service worker, built by vite-plugin-pwa (injectManifest) with Workbox's own strategies:
 * - the app shell (every script, style sheet and icon of the build) precached, replaced as a whole by a new deploy;
 * - pages network-first, so an online visit always gets the current page and configuration, and the three
 *   pre-rendered pages and the shell kept from the install on, for a reload without network (a page never opened
 *   gets the shell);
 * - for a signed-in member, `GET /api/auth/me`, My Events and the page's events network-first, their last answers
 *   kept per account (the page names it, offlineContract.ts) and marked when given back from the store; the page
 *   deletes that store when its user signs out.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim, copyResponse } from 'workbox-core';
import type { WorkboxPlugin } from 'workbox-core/types.js';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { warmStrategyCache } from 'workbox-recipes';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { PRERENDERED_PAGES } from '../../shared/prerenderedPages.ts';
import {
  ACCOUNT_HEADER,
  FROM_CACHE_HEADER,
  isPrivateRead,
  isSessionRead,
  PAGES_CACHE,
  PRIVATE_CACHE,
} from '../kit/offline/offlineContract.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

// A new deploy's worker takes over as soon as it has stored the new shell: pages come from the network first, so
// no open page depends on the old worker's files.
void self.skipWaiting();
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** One stored copy per page, whatever its query (`/events?resposta=…` is the events page). */
const pageKey: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => {
    const url = new URL(request.url);
    return url.origin + url.pathname;
  },
};

/** The shell (an empty page the app fills), kept from the install on like the pre-rendered pages. */
const SHELL = '/index.html';

/**
 * A page never opened with a network, asked without one: the shell instead of the browser's own (English) error
 * page — the app draws the route and says it has no connection.
 */
const shellWhenOffline: WorkboxPlugin = {
  handlerDidError: async () => (await caches.open(PAGES_CACHE)).match(new URL(SHELL, self.location.origin).href),
};

const pages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  networkTimeoutSeconds: 4,
  plugins: [new CacheableResponsePlugin({ statuses: [200] }), pageKey, new ExpirationPlugin({ maxEntries: 20 }), shellWhenOffline],
});
registerRoute(new NavigationRoute(pages, { denylist: [/^\/api(\/|$)/] }));
warmStrategyCache({ urls: [...Object.keys(PRERENDERED_PAGES), SHELL], strategy: pages });

/** What is kept for one account is found only with that account's id. */
const accountKey: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => {
    const url = new URL(request.url);
    url.searchParams.set('koinonia-account', request.headers.get(ACCOUNT_HEADER) ?? '');
    return url.href;
  },
};

/** The page shows "sem conexão" for an answer given back from the store. */
const markFromCache: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) =>
    cachedResponse
      ? copyResponse(cachedResponse, (init) => {
          const headers = new Headers(init.headers);
          headers.set(FROM_CACHE_HEADER, '1');
          return { ...init, headers };
        })
      : cachedResponse,
};

const privateStore = () => [
  new CacheableResponsePlugin({ statuses: [200] }),
  new ExpirationPlugin({ maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
];

// Who is signed in: the last answer, whoever it named (a visitor's `{ "user": null }` too, which replaces a
// member's whose session ended).
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isSessionRead(url.pathname),
  new NetworkFirst({ cacheName: PRIVATE_CACHE, networkTimeoutSeconds: 6, plugins: privateStore() }),
);
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.headers.has(ACCOUNT_HEADER) && isPrivateRead(url.pathname, url.searchParams),
  new NetworkFirst({ cacheName: PRIVATE_CACHE, networkTimeoutSeconds: 6, plugins: [accountKey, ...privateStore(), markFromCache] }),
);
