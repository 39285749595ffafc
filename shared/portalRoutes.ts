/**
 * The portal's routes, in one place for the client's router (client/app/router.ts) and the web host
 * (server/web/createWebApp.ts): the host answers these paths 200 and any other 404 with the same empty page, which
 * the client renders as nothing (docs/product.md §1, departure 5). Matched as both of them match: letter case aside, with
 * or without a trailing slash.
 */
export const PORTAL_ROUTES = {
  home: '/',
  login: '/login',
  events: '/events',
  availability: '/disponibilidade',
  gapMatrix: '/escalas/lacunas',
  network: '/rede',
  privacy: '/privacidade',
  teams: '/equipes',
  teamInvite: '/equipe',
} as const;

export type PortalRoute = (typeof PORTAL_ROUTES)[keyof typeof PORTAL_ROUTES];

/** The specification's three routes, which a visitor sees exactly as it describes them. */
export const SPEC_ROUTES = [PORTAL_ROUTES.home, PORTAL_ROUTES.login, PORTAL_ROUTES.events] as const;
export type SpecRoute = (typeof SPEC_ROUTES)[number];

/** The signed-in area's pages: opened signed out, the shell says "Entre para continuar". */
export const SIGNED_IN_ROUTES = [PORTAL_ROUTES.availability, PORTAL_ROUTES.gapMatrix, PORTAL_ROUTES.network, PORTAL_ROUTES.teams] as const;
export type SignedInRoute = (typeof SIGNED_IN_ROUTES)[number];

/**
 * Pages of ours everyone reads, signed in or not: the privacy notice (docs/product.md §1, departure 6), and the page of
 * a team's invitation link (docs/product.md §13).
 */
export const OPEN_ROUTES = [PORTAL_ROUTES.privacy, PORTAL_ROUTES.teamInvite] as const;
export type OpenRoute = (typeof OPEN_ROUTES)[number];

/** Every route of ours. */
export const ROUTE_PATHS: readonly PortalRoute[] = [...SPEC_ROUTES, ...OPEN_ROUTES, ...SIGNED_IN_ROUTES];

/** The route of ours `pathname` (no query) is: `/rede`, `/rede/` and `/Rede` are `/rede`; `/rede/x`, `/nada` none. */
export function portalRouteOf(pathname: string): PortalRoute | null {
  const path = (pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname).toLowerCase();
  return ROUTE_PATHS.find((route) => route === path) ?? null;
}

/** `/login?next=/escalas/lacunas`: where the login page goes after signing in. */
export const LOGIN_NEXT_PARAM = 'next';

/** The login page that leads back to `target` (a path of ours, with its query) once signed in. */
export function loginPathFor(target: string): string {
  // Its slashes left as they are (legal in a query): the address reads `?next=/escalas/lacunas`.
  return `${PORTAL_ROUTES.login}?${LOGIN_NEXT_PARAM}=${encodeURIComponent(target).replace(/%2F/g, '/')}`;
}

/** Only to build and compare URLs: never visited. */
const SAME_SITE = 'https://portal.invalid';

/**
 * The `next` of a login page's address if it is a path of this site that is one of our routes (the login page
 * itself aside), with its query and fragment; null otherwise. A single leading `/` only: `//evil.example`,
 * `/\evil.example`, `https://…`, `javascript:…` and anything a URL parser would read as another site are refused.
 */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(value, SAME_SITE);
  } catch {
    return null;
  }
  const route = url.origin === SAME_SITE ? portalRouteOf(url.pathname) : null;
  if (route === null || route === PORTAL_ROUTES.login) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
