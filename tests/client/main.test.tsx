import { screen } from '@testing-library/react';
import type * as ReactDomClient from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUBLIC_CONFIG_ELEMENT_ID } from '../../shared/publicConfig.ts';
import { expectConsoleErrors } from './support/consoleErrors.ts';

// The roots main.tsx creates, unmounted after each test: a root left running would answer its calls after the
// page is gone (an uncaught "window is not defined" at the end of the run).
const roots = vi.hoisted(() => [] as Root[]);
vi.mock('react-dom/client', async (importOriginal) => {
  const original = await importOriginal<typeof ReactDomClient>();
  return {
    ...original,
    createRoot: (...args: Parameters<typeof original.createRoot>) => {
      const root = original.createRoot(...args);
      roots.push(root);
      return root;
    },
  };
});

describe('client/main.tsx', () => {
  afterEach(() => {
    for (const root of roots.splice(0)) root.unmount();
    document.body.innerHTML = '';
    document.head.querySelector(`#${PUBLIC_CONFIG_ELEMENT_ID}`)?.remove();
  });

  it('logs "Root element not found" when the page has no #root', async () => {
    vi.resetModules();
    await import('../../client/main.tsx');
    await expectConsoleErrors(['Root element not found']);
    expect(document.body).toBeEmptyDOMElement();
  });

  it('renders the portal into #root with the public config the web host wrote', async () => {
    const config = document.createElement('script');
    config.type = 'application/json';
    config.id = PUBLIC_CONFIG_ELEMENT_ID;
    config.textContent = JSON.stringify({
      portalName: 'Rede Koinonia Sul',
      timeZone: 'America/Manaus',
      social: { instagram: 'https://i.example/', facebook: 'https://f.example/', twitter: 'https://t.example/', youtube: 'https://y.example/' },
      retentionDays: 365,
    });
    document.head.append(config);
    const root = document.createElement('div');
    root.id = 'root';
    document.body.append(root);
    vi.resetModules();
    await import('../../client/main.tsx');
    expect(await screen.findByRole('heading', { name: 'Welcome to Rede Koinonia Sul' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'YouTube' })).toHaveAttribute('href', 'https://y.example/');
  });
});
