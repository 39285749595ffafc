import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './support/renderWithProviders.tsx';
import { openPortal } from './support/realApi.ts';
import { EVENTS } from './support/fixtures.ts';
import { takeConsoleErrors } from './support/consoleErrors.ts';

describe('routes', () => {
  it.each(['/nada', '/login/extra', '/events/1', '/index', '/Eventos'])('renders nothing at all at %s', (path) => {
    const { container } = renderApp(path);
    expect(container).toBeEmptyDOMElement();
  });

  it.each([
    ['/', 'Welcome to Koinonia'],
    ['/login', 'Login'],
    ['/events', 'Eventos'],
  ])('renders the shell and the page at %s', async (path, heading) => {
    await openPortal({ events: EVENTS });
    renderApp(path);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
  });

  it('shows the router fallback "Unexpected Application Error!" when a page fails to render', async () => {
    await openPortal({ events: EVENTS });
    // An unknown timezone makes the events page throw while rendering.
    renderApp('/events', { publicConfig: { timeZone: 'Nowhere/Atlantis' } });
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    // React and React Router's default error boundary report the error in development.
    expect(takeConsoleErrors().join('\n')).toContain('Invalid time zone');
  });
});
