import { createBrowserRouter, type RouteObject } from 'react-router';
import { Shell } from '../layout/Shell.tsx';
import { HomePage } from '../features/home/HomePage.tsx';
import { LoginPage } from '../features/login/LoginPage.tsx';
import { EventsPage } from '../features/events/EventsPage.tsx';

/**
 * The three routes of the specification inside the shell. Any other path matches the last route and renders
 * nothing at all. No route declares an error element, so react-router's default one
 * (`Unexpected Application Error!`) is the fallback.
 */
export const routes: RouteObject[] = [
  {
    element: <Shell />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/events', element: <EventsPage /> },
    ],
  },
  { path: '*', element: null },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
