import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BrowserApp } from '../../client/app/App.tsx';
import { renderPage } from '../../client/app/renderPage.tsx';
import { makeStore } from '../../client/app/store.ts';
import type { PublicConfig } from '../../shared/publicConfig.ts';
import { fillPlaceholders, placeholderConfig } from '../../shared/prerenderedPages.ts';

/** A configuration the build never saw, with characters HTML escapes. */
const CONFIG: PublicConfig = {
  portalName: `Rede "Sul" & <Cia> d'Oeste`,
  timeZone: 'America/Manaus',
  social: {
    instagram: 'https://i.example/rede?a=1&b=2',
    facebook: 'https://f.example/',
    twitter: 'https://t.example/',
    youtube: 'https://y.example/',
  },
  retentionDays: 730,
};

let root: Root | undefined;

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

/**
 * The page as the build pre-renders it and the web host fills it in, hydrated as main.tsx does, in React's
 * development build: any difference between the HTML and the first render is a console error (attributes
 * included, which the production build does not report), and a console error fails the test (setup.ts).
 */
async function hydratePrerendered(pathname: string): Promise<{ shell: Element; html: string }> {
  window.history.replaceState(null, '', pathname);
  document.body.innerHTML = `<div id="root">${fillPlaceholders(await renderPage(pathname, placeholderConfig()), CONFIG)}</div>`;
  const container = document.getElementById('root')!;
  const shell = container.firstElementChild!;
  /** The server's page as the DOM holds it, before React. */
  const html = container.innerHTML;
  await act(async () => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <BrowserApp store={makeStore()} publicConfig={CONFIG} />
      </StrictMode>,
    );
  });
  return { shell, html };
}

describe('pre-rendered pages hydrate without a difference (React development build)', () => {
  it('/ keeps its HTML, with the configured name', async () => {
    const { shell, html } = await hydratePrerendered('/');
    expect(await screen.findByRole('heading', { level: 1, name: `Welcome to ${CONFIG.portalName}` })).toBeInTheDocument();
    expect(document.getElementById('root')!.firstElementChild).toBe(shell);
    expect(document.getElementById('root')!.innerHTML).toBe(html);
    expect(screen.getByRole('link', { name: 'Instagram' })).toHaveAttribute('href', CONFIG.social.instagram);
  });

  it('/login keeps its HTML', async () => {
    const { shell, html } = await hydratePrerendered('/login');
    expect(await screen.findByRole('form', { name: 'Login' })).toBeInTheDocument();
    expect(document.getElementById('root')!.firstElementChild).toBe(shell);
    expect(document.getElementById('root')!.innerHTML).toBe(html);
  });

  it('/events keeps its header and tabs, then draws the list and the calendars', async () => {
    const { shell } = await hydratePrerendered('/events');
    const tab = screen.getByRole('tab', { name: 'Next Events' });
    expect(await screen.findByRole('heading', { name: 'Próximos eventos' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Carregando eventos…')).toBeNull());
    expect(document.getElementById('root')!.firstElementChild).toBe(shell);
    // The very element the server sent, still in the page.
    expect(screen.getByRole('tab', { name: 'Next Events' })).toBe(tab);
    expect(screen.getAllByRole('grid')).toHaveLength(2);
  });
});
