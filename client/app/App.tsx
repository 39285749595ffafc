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
    <PublicConfigContext value={publicConfig}>
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>
    </PublicConfigContext>
  );
}
