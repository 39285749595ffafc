import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { OPEN_ROUTES, PORTAL_ROUTES, SIGNED_IN_ROUTES, SPEC_ROUTES, type OpenRoute, type SignedInRoute, type SpecRoute } from '../../shared/portalRoutes.ts';
import { Shell } from './layout/Shell.tsx';
import { lazyPage, type LazyPage } from './lazyPage.ts';
import { EventsRoute } from './routes/EventsRoute.tsx';

// The events page is in the first download; the others come when opened (main.tsx fetches the opened one's
// before hydrating), so an anonymous /events downloads and starts no login, home or availability code.
const HomeRoute = lazyPage(() => import('./routes/HomeRoute.tsx').then((module) => module.HomeRoute));
const LoginRoute = lazyPage(() => import('./routes/LoginRoute.tsx').then((module) => module.LoginRoute));
const SessionKnown = lazyPage(() => import('./routes/SignedInOnly.tsx').then((module) => module.SessionKnown));
const SignInRequired = lazyPage(() => import('./routes/SignedInOnly.tsx').then((module) => module.SignInRequired));
const AvailabilityRoute = lazyPage(() => import('./routes/AvailabilityRoute.tsx').then((module) => module.AvailabilityRoute));
const GapMatrixRoute = lazyPage(() => import('./routes/GapMatrixRoute.tsx').then((module) => module.GapMatrixRoute));
const NetworkRoute = lazyPage(() => import('./routes/NetworkRoute.tsx').then((module) => module.NetworkRoute));
const PrivacyRoute = lazyPage(() => import('./routes/PrivacyRoute.tsx').then((module) => module.PrivacyRoute));
const TeamsRoute = lazyPage(() => import('./routes/TeamsRoute.tsx').then((module) => module.TeamsRoute));
const TeamInviteRoute = lazyPage(() => import('./routes/TeamInviteRoute.tsx').then((module) => module.TeamInviteRoute));

/** Every page downloaded when first opened. */
export const LAZY_PAGES = [HomeRoute, LoginRoute, SessionKnown, SignInRequired, AvailabilityRoute, GapMatrixRoute, NetworkRoute, PrivacyRoute, TeamsRoute, TeamInviteRoute];

/** The page of each route (shared/portalRoutes.ts, the list the web host answers 200 too). */
const SPEC_PAGES: Record<SpecRoute, ComponentType> = {
  [PORTAL_ROUTES.home]: HomeRoute,
  [PORTAL_ROUTES.login]: LoginRoute,
  [PORTAL_ROUTES.events]: EventsRoute,
};
const OPEN_PAGES: Record<OpenRoute, ComponentType> = {
  [PORTAL_ROUTES.privacy]: PrivacyRoute,
  [PORTAL_ROUTES.teamInvite]: TeamInviteRoute,
};
const SIGNED_IN_PAGES: Record<SignedInRoute, ComponentType> = {
  [PORTAL_ROUTES.availability]: AvailabilityRoute,
  [PORTAL_ROUTES.gapMatrix]: GapMatrixRoute,
  [PORTAL_ROUTES.network]: NetworkRoute,
  [PORTAL_ROUTES.teams]: TeamsRoute,
};

/**
 * The three routes of the specification and the privacy notice (departure 6) inside the shell, and the signed-in area's own pages
 * (`/disponibilidade`, the gap matrix `/escalas/lacunas`, the network's admin `/rede`): nothing until the session
 * is known, then the shell with the page, or for anyone not signed in "Entre para continuar" (docs/product.md §1,
 * departure 5). Any other path matches the last route and renders nothing at all (the web host answers it 404).
 * No route declares an error element, so react-router's default one (`Unexpected Application Error!`) is the
 * fallback.
 */
export const routes: RouteObject[] = [
  {
    Component: Shell,
    children: [...SPEC_ROUTES.map((path) => ({ path, Component: SPEC_PAGES[path] })), ...OPEN_ROUTES.map((path) => ({ path, Component: OPEN_PAGES[path] }))],
  },
  {
    Component: SessionKnown,
    children: [
      {
        Component: Shell,
        children: [{ Component: SignInRequired, children: SIGNED_IN_ROUTES.map((path) => ({ path, Component: SIGNED_IN_PAGES[path] })) }],
      },
    ],
  },
  { path: '*', element: null },
];

/**
 * The lazy pages the pre-rendered paths (shared/prerenderedPages.ts) draw. The build's pre-rendering fails if one
 * is missing here (a page that suspends cannot render to a string).
 */
const PRERENDERED_LAZY_PAGES: Record<string, LazyPage<object> | undefined> = { [PORTAL_ROUTES.home]: HomeRoute, [PORTAL_ROUTES.login]: LoginRoute };

/**
 * Downloads the lazy page of a pre-rendered `pathname`, so a first render (the hydration, the build's
 * pre-rendering) meets it loaded. A plain look-up: matching the routes here would double the router's own work
 * on a slow phone's first task.
 */
export async function preloadPages(pathname: string): Promise<void> {
  await PRERENDERED_LAZY_PAGES[pathname]?.preload();
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}
