import { createBrowserRouter, type RouteObject } from 'react-router';
import { Shell } from './layout/Shell.tsx';
import { lazyPage, type LazyPage } from './lazyPage.ts';
import { EventsRoute } from './routes/EventsRoute.tsx';

// The events page is in the first download; the others come when opened (main.tsx fetches the opened one's
// before hydrating), so an anonymous /events downloads and starts no login, home or availability code.
const HomeRoute = lazyPage(() => import('./routes/HomeRoute.tsx').then((module) => module.HomeRoute));
const LoginRoute = lazyPage(() => import('./routes/LoginRoute.tsx').then((module) => module.LoginRoute));
const SignedInOnly = lazyPage(() => import('./routes/AvailabilityRoute.tsx').then((module) => module.SignedInOnly));
const AvailabilityRoute = lazyPage(() => import('./routes/AvailabilityRoute.tsx').then((module) => module.AvailabilityRoute));
const GapMatrixRoute = lazyPage(() => import('./routes/GapMatrixRoute.tsx').then((module) => module.GapMatrixRoute));
const NetworkRoute = lazyPage(() => import('./routes/NetworkRoute.tsx').then((module) => module.NetworkRoute));

/** Every page downloaded when first opened. */
export const LAZY_PAGES = [HomeRoute, LoginRoute, SignedInOnly, AvailabilityRoute, GapMatrixRoute, NetworkRoute];

/**
 * The three routes of the specification inside the shell, and the signed-in area's own pages
 * (`/disponibilidade`, the gap matrix `/escalas/lacunas`, the network's admin `/rede`), which for anyone not
 * signed in are like any other path. Any other path matches the last
 * route and renders nothing at all. No route declares an error element, so react-router's default one
 * (`Unexpected Application Error!`) is the fallback.
 */
export const routes: RouteObject[] = [
  {
    Component: Shell,
    children: [
      { path: '/', Component: HomeRoute },
      { path: '/login', Component: LoginRoute },
      { path: '/events', Component: EventsRoute },
    ],
  },
  {
    path: '/disponibilidade',
    Component: SignedInOnly,
    children: [{ Component: Shell, children: [{ index: true, Component: AvailabilityRoute }] }],
  },
  {
    path: '/escalas/lacunas',
    Component: SignedInOnly,
    children: [{ Component: Shell, children: [{ index: true, Component: GapMatrixRoute }] }],
  },
  {
    path: '/rede',
    Component: SignedInOnly,
    children: [{ Component: Shell, children: [{ index: true, Component: NetworkRoute }] }],
  },
  { path: '*', element: null },
];

/**
 * The lazy pages the pre-rendered paths (shared/prerenderedPages.ts) draw. The build's pre-rendering fails if one
 * is missing here (a page that suspends cannot render to a string).
 */
const PRERENDERED_LAZY_PAGES: Record<string, LazyPage<object> | undefined> = { '/': HomeRoute, '/login': LoginRoute };

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
