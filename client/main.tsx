// First: starts the date formatting's set-up on another thread while the rest is evaluated.
import './startIntlWarmUp.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserApp } from './app/App.tsx';
import { readPublicConfig } from './app/publicConfig.ts';
import { preloadPages } from './app/router.ts';
import { makeStore } from './app/store.ts';
import { registerServiceWorker } from './kit/offline/registerServiceWorker.ts';
import './app/global.css';

/**
 * A task of its own for what follows the modules' evaluation: evaluating the scripts and creating the store (its
 * reducers are each called to check their shape) used to be one task, the longest of a phone's start after the
 * first paint (docs/performance.md).
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function start(rootElement: HTMLElement): Promise<void> {
  await nextTask();
  const app = (
    <StrictMode>
      <BrowserApp store={makeStore()} publicConfig={readPublicConfig()} />
    </StrictMode>
  );
  if (rootElement.hasChildNodes()) {
    // The web host sent this page pre-rendered (shared/prerenderedPages.ts): React takes over its HTML once the
    // page's own code has arrived (router.ts). In a transition, so the hydration yields to the browser instead
    // of blocking a slow phone in one long task.
    await preloadPages(window.location.pathname).catch(() => {});
    startTransition(() => {
      hydrateRoot(rootElement, app);
    });
  } else {
    createRoot(rootElement).render(app);
  }
}

const rootElement = document.getElementById('root');
if (!rootElement) {
  console.error('Root element not found');
} else {
  void start(rootElement);
  registerServiceWorker();
}
