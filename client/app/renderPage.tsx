import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { PublicConfig } from '../../shared/publicConfig.ts';
import { AppProviders } from './App.tsx';
import { routes } from './router.ts';
import { makeStore } from './store.ts';

/**
 * The HTML of one page as the browser's first render draws it, for the build to write into index.html
 * (scripts/prerender.ts): the shell and whatever a page shows before its data, its session or today's date are
 * known. main.tsx hydrates it with the same tree. Runs in Node, never in the browser bundle.
 */
export async function renderPage(pathname: string, publicConfig: PublicConfig): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://portal.invalid')));
  if (context instanceof Response) throw new Error(`${pathname}: o roteador respondeu ${context.status} em vez de uma página`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <AppProviders store={makeStore()} publicConfig={publicConfig}>
        {/* No hydration data script: the routes load nothing, and the page's CSP allows no inline script. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
}
