import { expect } from 'vitest';
import { describePortal } from './support/portalBrowser.ts';
import { E2E_SOCIAL } from './support/portalServer.ts';
import { expectedEvents } from './support/portalData.ts';

describePortal('§1 what the product does', (portalTest) => {
  portalTest('the public shell shows a top bar with a link to the login page', async (visit) => {
    const { page } = visit;
    await visit.goto('/');
    const topBar = page.locator('.top-bar');
    const login = topBar.getByRole('link', { name: 'Entrar' });
    await login.waitFor();
    expect(await login.getAttribute('href')).toBe('/login');
    await login.click();
    await page.getByRole('heading', { name: 'Login', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  portalTest('the main navigation has Início, Ministério, Igrejas, Escolas, Rede and Departamentos, all pointing to the home page', async (visit) => {
    const { page } = visit;
    await visit.goto('/events');
    const nav = page.getByRole('navigation', { name: 'Navegação principal' });
    await nav.waitFor();
    for (const section of ['Início', 'Ministério', 'Igrejas', 'Escolas', 'Rede', 'Departamentos']) {
      const link = nav.getByRole('link', { name: section, exact: true });
      expect(await link.getAttribute('href')).toBe('/');
    }
    await nav.getByRole('link', { name: 'Igrejas', exact: true }).click();
    await page.getByRole('heading', { name: 'Welcome to Koinonia' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  portalTest('a further entry, Eventos, points to the events page', async (visit) => {
    const { page } = visit;
    await visit.goto('/');
    const nav = page.getByRole('navigation', { name: 'Navegação principal' });
    const links = nav.getByRole('link');
    await nav.waitFor();
    expect(await links.allTextContents()).toEqual(['Início', 'Ministério', 'Igrejas', 'Escolas', 'Rede', 'Departamentos', 'Eventos']);
    const events = nav.getByRole('link', { name: 'Eventos', exact: true });
    expect(await events.getAttribute('href')).toBe('/events');
    await events.click();
    await page.getByRole('tab', { name: 'Next Events' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/events');
    expect(await events.getAttribute('aria-current')).toBe('page');
  });

  portalTest('the footer shows social icons for Instagram, Facebook, Twitter and YouTube', async (visit) => {
    const { page } = visit;
    await visit.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.waitFor();
    const expected = [
      ['Instagram', E2E_SOCIAL.instagram],
      ['Facebook', E2E_SOCIAL.facebook],
      ['Twitter', E2E_SOCIAL.twitter],
      ['YouTube', E2E_SOCIAL.youtube],
    ];
    const links = footer.getByRole('list', { name: 'Redes sociais' }).getByRole('link');
    expect(await links.count()).toBe(4);
    for (const [index, [label, href]] of expected.entries()) {
      const link = links.nth(index);
      expect(await link.getAttribute('aria-label')).toBe(label);
      expect(await link.getAttribute('href')).toBe(href);
      expect(await link.locator('svg').isVisible()).toBe(true);
    }
  });

  portalTest('the events area shows upcoming events in a list, two side-by-side month calendars, and event details', async (visit) => {
    const { page } = visit;
    const expected = await expectedEvents();
    await visit.goto('/events');
    const list = page.getByRole('list', { name: 'Próximos eventos' });
    await list.waitFor();
    expect(await list.getByRole('listitem').count()).toBe(expected.upcoming.length);
    const calendars = page.locator('.calendar');
    expect(await calendars.count()).toBe(2);
    const [first, second] = [await calendars.nth(0).boundingBox(), await calendars.nth(1).boundingBox()];
    expect(Math.abs(first!.y - second!.y)).toBeLessThan(1);
    expect(second!.x).toBeGreaterThan(first!.x + first!.width - 1);
    await list.getByRole('button').first().click();
    await page.getByRole('dialog', { name: 'Event Details' }).getByLabel('Event').waitFor();
  });

  portalTest('submitting the login form posts to /api/auth/login without reloading the page (docs/product.md §1, departure 2)', async (visit) => {
    const { page } = visit;
    await visit.goto('/login');
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email de login').fill('visitante@example.org');
    await form.getByLabel('Senha de login').fill('segredo');
    await form.getByRole('button', { name: 'Login', exact: true }).click();
    // The API's answer, in pt-BR, inside the panel: no such account, so the visitor stays one.
    const alert = form.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Email ou senha inválidos.');
    // A known request after the submit: any other call it made would have been sent before it.
    await page.evaluate(() => fetch('/favicon.svg'));
    await visit.until(() => visit.requests.some((request) => request.path === '/favicon.svg'), 'the marker request');
    expect(visit.requests.filter((request) => request.method !== 'GET').map((request) => request.path)).toEqual(['/api/auth/login']);
    // Besides it, only the start's GET /api/auth/me (departure 3).
    expect(visit.apiCalls()).toEqual(['GET /api/auth/me', 'POST /api/auth/login']);
    expect(visit.requests.filter((request) => request.path === '/login')).toHaveLength(1);
    expect(page.url()).toBe(`${visit.baseUrl}/login`);
    // Still the specification's panel, in login mode, with its texts.
    expect(await page.getByRole('region', { name: 'Acesso à conta' }).getAttribute('data-mode')).toBe('login');
    expect(await form.getByRole('heading', { name: 'Login' }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Bem vindo de volta!' }).count()).toBe(1);
  });
});
