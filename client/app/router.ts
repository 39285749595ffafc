import { createBrowserRouter, type RouteObject } from 'react-router';
import { Shell } from './layout/Shell.tsx';
import { AvailabilityRoute, SignedInOnly } from './routes/AvailabilityRoute.tsx';
import { HomeRoute } from './routes/HomeRoute.tsx';
import { LoginRoute } from './routes/LoginRoute.tsx';
import { EventsRoute } from './routes/EventsRoute.tsx';

/**
 * The three routes of the specification inside the shell, and the signed-in area's own page
 * (`/disponibilidade`), which for anyone not signed in is like any other path. Any other path matches the last
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
  { path: '*', element: null },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
