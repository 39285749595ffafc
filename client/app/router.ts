import { createBrowserRouter, type RouteObject } from 'react-router';
import { Shell } from './layout/Shell.tsx';
import { AvailabilityRoute, SignedInOnly } from './routes/AvailabilityRoute.tsx';
import { HomeRoute } from './routes/HomeRoute.tsx';
import { LoginRoute } from './routes/LoginRoute.tsx';
import { EventsRoute } from './routes/EventsRoute.tsx';
import { GapMatrixRoute } from './routes/GapMatrixRoute.tsx';
import { NetworkRoute } from './routes/NetworkRoute.tsx';

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

export function createAppRouter() {
  return createBrowserRouter(routes);
}
