import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import type { PublicConfig } from '../../../shared/publicConfig.ts';
import { App } from '../../../client/app/App.tsx';
import { DEFAULT_PUBLIC_CONFIG } from '../../../client/app/publicConfig.ts';
import { LAZY_PAGES, routes } from '../../../client/app/router.ts';
import { makeStore, type RootState } from '../../../client/app/store.ts';
import { TIME_ZONE } from './fixtures.ts';

// The pages the browser downloads when first opened (router.ts), here at once: a test's first render draws them
// as a hydration does, after main.tsx has fetched them.
await Promise.all(LAZY_PAGES.map((page) => page.preload()));

export interface RenderOptions {
  preloadedState?: Partial<RootState>;
  /** Where the memory router starts; `/` by default. */
  route?: string;
  publicConfig?: Partial<PublicConfig>;
}

/**
 * Renders with the real store and a real (memory) router: `ui` alone at `route`, or, without `ui`, the app's
 * own routes (shell included).
 */
export function renderWithProviders(ui?: ReactElement, options: RenderOptions = {}) {
  const { preloadedState, route = '/', publicConfig } = options;
  const store = makeStore(preloadedState);
  const router = createMemoryRouter(ui === undefined ? routes : [{ path: '*', element: ui }], {
    initialEntries: [route],
  });
  const config: PublicConfig = { ...DEFAULT_PUBLIC_CONFIG, timeZone: TIME_ZONE, ...publicConfig };
  const user = userEvent.setup();
  return { store, router, user, ...render(<App store={store} router={router} publicConfig={config} />) };
}

/** The whole app (shell and routes) at `route`. */
export function renderApp(route: string, options: Omit<RenderOptions, 'route'> = {}) {
  return renderWithProviders(undefined, { ...options, route });
}
