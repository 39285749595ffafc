import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { readPublicConfig } from './app/publicConfig.ts';
import { createAppRouter } from './app/router.ts';
import { makeStore } from './app/store.ts';
import './app/global.css';

const rootElement = document.getElementById('root');
if (!rootElement) {
  console.error('Root element not found');
} else {
  createRoot(rootElement).render(
    <StrictMode>
      <App store={makeStore()} router={createAppRouter()} publicConfig={readPublicConfig()} />
    </StrictMode>,
  );
}
