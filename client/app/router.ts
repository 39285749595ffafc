import { createBrowserRouter, type RouteObject } from 'react-router';
import { Shell } from './layout/Shell.tsx';
import { HomePage } from '../features/home/HomePage.tsx';
import { LoginRoute } from './routes/LoginRoute.tsx';
import { EventsRoute } from './routes/EventsRoute.tsx';

/**
 * The three routes of the specification inside the shell. Any other path matches the last route and renders
 * nothing at all. No route declares an error element, so react-router's default one
 * (`Unexpected Application Error!`) is the fallback.
 */
export const routes: RouteObject[] = [
  {
    Component: Shell,
    children: [
      { path: '/', Component: HomePage },
      { path: '/login', Component: LoginRoute },
      { path: '/events', Component: EventsRoute },
    ],
  },
  { path: '*', element: null },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
