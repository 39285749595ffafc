import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { PublicConfig } from '../../shared/publicConfig.ts';
import { AppProviders } from './App.tsx';
import { AppRoutes } from './AppRoutes.tsx';
import { preloadPages } from './router.ts';
import { makeStore } from './store.ts';

/**
 * The HTML of one page as the browser's first render draws it, for the build to write into index.html
 * (scripts/prerender.ts): the shell and whatever a page shows before its data, its session or today's date are
 * known. main.tsx hydrates it with the same tree (BrowserApp: the same routes under the browser's router). Runs
 * in Node, never in the browser bundle.
 */
export async function renderPage(pathname: string, publicConfig: PublicConfig): Promise<string> {
  await preloadPages(pathname);
  return renderToString(
    <StrictMode>
      <AppProviders store={makeStore()} publicConfig={publicConfig}>
        <StaticRouter location={pathname}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
  );
}
