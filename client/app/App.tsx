import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import type { PublicConfig } from '../../shared/publicConfig.ts';
import { PublicConfigContext } from './publicConfig.ts';
import type { AppStore } from './store.ts';

type AppRouter = ReturnType<typeof createBrowserRouter>;

export interface AppProps {
  store: AppStore;
  router: AppRouter;
  publicConfig: PublicConfig;
}

/** The providers around the router; main.tsx gives it the browser router, tests a memory router. */
export function App({ store, router, publicConfig }: AppProps) {
  return (
    <AppProviders store={store} publicConfig={publicConfig}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

export interface AppProvidersProps {
  store: AppStore;
  publicConfig: PublicConfig;
  /** The router: the browser's, or the build's static one (renderPage.tsx). */
  children: ReactNode;
}

/**
 * What every render of the portal sits in. The build's pre-rendering uses the same providers around a static
 * router, so the browser's first render (the hydration) meets the very same tree.
 */
export function AppProviders({ store, publicConfig, children }: AppProvidersProps) {
  return (
    <PublicConfigContext value={publicConfig}>
      <Provider store={store}>{children}</Provider>
    </PublicConfigContext>
  );
}
