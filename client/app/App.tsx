import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, RouterProvider, type createBrowserRouter } from 'react-router';
import type { PublicConfig } from '../../shared/publicConfig.ts';
import { SessionProvider } from '../kit/session/useSession.ts';
import { AppRoutes } from './AppRoutes.tsx';
import { PublicConfigContext } from './publicConfig.ts';
import type { AppStore } from './store.ts';

type AppRouter = ReturnType<typeof createBrowserRouter>;

export interface AppProps {
  store: AppStore;
  router: AppRouter;
  publicConfig: PublicConfig;
}

/** The providers around a data router: tests give it a memory router. */
export function App({ store, router, publicConfig }: AppProps) {
  return (
    <AppProviders store={store} publicConfig={publicConfig}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

export interface BrowserAppProps {
  store: AppStore;
  publicConfig: PublicConfig;
}

/** The portal in the browser (main.tsx): the browser's address, and the tree the build pre-renders (renderPage.tsx). */
export function BrowserApp({ store, publicConfig }: BrowserAppProps) {
  return (
    <AppProviders store={store} publicConfig={publicConfig}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
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
      <Provider store={store}>
        <SessionProvider>{children}</SessionProvider>
      </Provider>
    </PublicConfigContext>
  );
}
