import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { DEMO_MEMBER_EMAIL } from '../support/accounts.ts';
import { E2E_DEMO_PASSWORD } from '../support/demoPassword.ts';
import { startOwnPortal, type OwnPortal } from '../support/ownPortal.ts';
import { describePortal, WAIT_MS } from '../support/portalBrowser.ts';
import { E2E_SOCIAL } from '../support/portalServer.ts';
import { portalUrl } from '../support/filePortal.ts';

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'];

/** The specification's texts of each pre-rendered page that need no data, session or date. */
async function expectSpecTexts(page: Page, pathname: string, portalName: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Navegação principal' });
  expect(await nav.getByRole('link').allTextContents()).toEqual(['Início', 'Ministério', 'Igrejas', 'Escolas', 'Rede', 'Departamentos', 'Eventos']);
  expect(await page.getByRole('banner').getByRole('link', { name: 'Entrar' }).getAttribute('href')).toBe('/login');
  const social = page.getByRole('contentinfo').getByRole('list', { name: 'Redes sociais' });
  expect(await social.getByRole('link').evaluateAll((links) => links.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')]))).toEqual([
    ['Instagram', E2E_SOCIAL.instagram],
    ['Facebook', E2E_SOCIAL.facebook],
    ['Twitter', E2E_SOCIAL.twitter],
    ['YouTube', E2E_SOCIAL.youtube],
  ]);
  if (pathname === '/') {
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`Welcome to ${portalName}`);
    expect(await page.getByText('This is a placeholder content for the container.', { exact: true }).count()).toBe(1);
  } else if (pathname === '/login') {
    const login = page.getByRole('form', { name: 'Login' });
    expect(await login.getByRole('heading', { name: 'Login', exact: true }).count()).toBe(1);
    expect(await login.getByText('ou use email e senha', { exact: true }).count()).toBe(1);
    expect(await login.getByLabel('Email de login').getAttribute('type')).toBe('email');
    expect(await login.getByLabel('Senha de login').getAttribute('type')).toBe('password');
    expect(await login.getByText('Esqueceu sua senha?', { exact: true }).count()).toBe(1);
    expect(await login.getByRole('button', { name: 'Login', exact: true }).count()).toBe(1);
    for (const text of ['Bem vindo de volta!', 'Faça o login para continuar', 'Não tem cadastro?']) {
      expect(await page.getByText(text, { exact: true }).count(), text).toBe(1);
    }
    expect(await page.getByRole('button', { name: 'Cadastrar', exact: true }).count()).toBe(1);
  } else {
    const tabs = page.getByRole('tablist', { name: 'Eventos' }).getByRole('tab');
    expect(await tabs.allTextContents()).toEqual(['Next Events', 'My Events', 'Leader View']);
    expect(await tabs.first().getAttribute('aria-selected')).toBe('true');
  }
}

/**
 * Takes, before the page's scripts run, a copy of the HTML the server sent (every node under #root, with its
 * attributes or text), and records every node of it removed from the page. `__serverHtmlChanges()` then lists
 * what differs: a hydration that matches keeps every node as it was (React only adds what comes after it: the
 * event list, the calendars). React re-sets some attributes of inputs to the same value while hydrating: only
 * a different final value counts.
 */
const WATCH_SERVER_HTML = `
  window.__serverHtmlChanges = () => ['the page had no #root when its parsing ended'];
  document.addEventListener('readystatechange', () => {
    if (document.readyState !== 'interactive') return;
    const root = document.getElementById('root');
    if (!root) return;
    const copies = [];
    const removed = [];
    const describe = (node) => node.nodeType === 1 ? '<' + node.tagName.toLowerCase() + ' class="' + node.className + '">' : JSON.stringify(node.textContent);
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      copies.push({ node, text: node.nodeType === 3 ? node.data : null, attributes: node.nodeType === 1 ? [...node.attributes].map((a) => [a.name, a.value]) : null });
    }
    const serverNodes = new WeakSet(copies.map((copy) => copy.node));
    new MutationObserver((records) => {
      for (const record of records) for (const node of record.removedNodes) if (serverNodes.has(node)) removed.push('removed ' + describe(node));
    }).observe(root, { subtree: true, childList: true });
    window.__serverHtmlChanges = () => {
      const changes = [...removed];
      for (const { node, text, attributes } of copies) {
        if (!node.isConnected) continue;
        if (text !== null && node.data !== text) changes.push('text ' + JSON.stringify(text) + ' → ' + JSON.stringify(node.data));
        if (attributes === null) continue;
        const now = [...node.attributes].map((a) => [a.name, a.value]);
        for (const [name, value] of attributes) if (node.getAttribute(name) !== value) changes.push(name + ' of ' + describe(node) + ': ' + value + ' → ' + node.getAttribute(name));
        for (const [name, value] of now) if (!attributes.some(([was]) => was === name)) changes.push(name + ' added to ' + describe(node) + ': ' + value);
      }
      return changes;
    };
  });
`;

/**
 * Opens `pathname` of the portal at `baseUrl`, waits until the page has hydrated and drawn what follows, and
 * returns what React changed of the server's HTML (the login page's mode switch, made to prove the hydration, aside).
 */
async function hydrate(page: Page, baseUrl: string, pathname: string): Promise<string[]> {
  await page.addInitScript(WATCH_SERVER_HTML);
  await page.goto(baseUrl + pathname);
  if (pathname === '/events') await page.getByRole('list', { name: 'Próximos eventos' }).waitFor();
  // Hydrated: a click on a side-panel button (a React handler) switches the login page's mode.
  if (pathname === '/login') {
    await page.getByRole('button', { name: 'Cadastrar', exact: true }).click();
    await page.locator('.auth[data-mode="cadastrar"]').waitFor();
    await page.getByRole('button', { name: 'Fazer Login', exact: true }).click();
    await page.locator('.auth[data-mode="login"]').waitFor();
  }
  await page.waitForLoadState('networkidle');
  const changes = await page.evaluate(() => (window as unknown as { __serverHtmlChanges: () => string[] }).__serverHtmlChanges());
  return pathname === '/login' ? changes.filter((change) => !/^(data-mode|inert|aria-hidden) (of|added to) /.test(change)) : changes;
}

describePortal('pre-rendered pages: hydrated as they are', (portalTest) => {
  for (const pathname of ['/', '/login', '/events']) {
    portalTest(`${pathname}: React takes over the pre-rendered HTML without changing a node of it, and logs nothing`, async (visit) => {
      expect(await hydrate(visit.page, visit.baseUrl, pathname)).toEqual([]);
      await expectSpecTexts(visit.page, pathname, 'Koinonia');
      expect(visit.consoleOf('error')).toEqual([]);
      expect(visit.consoleOf('warning')).toEqual([]);
      expect(visit.pageErrors).toEqual([]);
    });
  }

  portalTest('a signed-in member gets the same pre-rendered page, and the hydration logs nothing', async (visit) => {
    const { page } = visit;
    const response = await page.request.post(`${visit.baseUrl}/api/auth/login`, { data: { email: DEMO_MEMBER_EMAIL, password: E2E_DEMO_PASSWORD } });
    expect(response.status()).toBe(200);
    await visit.goto('/events');
    await page.getByRole('tab', { name: 'My Events' }).click();
    await page.getByRole('list', { name: 'Minhas escalas' }).waitFor();
    expect(visit.consoleOf('error')).toEqual([]);
    expect(visit.pageErrors).toEqual([]);
    await page.context().clearCookies();
  });
});

describe('pre-rendered pages: what a phone shows before any script runs', () => {
  let browser: Browser;
  let portal: OwnPortal;
  /** Every character HTML or a replacement pattern could trip on. */
  const PORTAL_NAME = `Igreja "Nova" & <Vida> d'Oeste $& $'`;

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    portal = await startOwnPortal(inject('clientDir'), { PORTAL_NAME });
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.close();
  });

  for (const pathname of ['/', '/login', '/events']) {
    test(`${pathname} with JavaScript off shows the specification's texts, with the configured portal name`, async () => {
      for (const [baseUrl, portalName] of [
        [portalUrl(), 'Koinonia'],
        [portal.baseUrl, PORTAL_NAME],
      ] as const) {
        const context = await browser.newContext({ javaScriptEnabled: false, serviceWorkers: 'block' });
        context.setDefaultTimeout(WAIT_MS);
        try {
          const page = await context.newPage();
          await page.goto(baseUrl + pathname);
          expect(await page.getByRole('banner').getByRole('link', { name: portalName }).getAttribute('href')).toBe('/');
          expect(await page.getByRole('contentinfo').locator('strong').textContent()).toBe(portalName);
          await expectSpecTexts(page, pathname, portalName);
        } finally {
          await context.close();
        }
      }
    });
  }

  test('with JavaScript off each page already has every style sheet it has once its scripts ran (lazily loaded pages too)', async () => {
    const styleSheets = (page: Page) =>
      page.evaluate(() => [...document.querySelectorAll('link[rel="stylesheet"]')].map((link) => new URL((link as HTMLLinkElement).href).pathname).sort());
    const withoutScripts = await browser.newContext({ javaScriptEnabled: false, serviceWorkers: 'block' });
    const withScripts = await browser.newContext({ serviceWorkers: 'block' });
    withoutScripts.setDefaultTimeout(WAIT_MS);
    withScripts.setDefaultTimeout(WAIT_MS);
    try {
      for (const pathname of ['/', '/login', '/events']) {
        const before = await withoutScripts.newPage();
        await before.goto(portalUrl() + pathname);
        const after = await withScripts.newPage();
        await hydrate(after, portalUrl(), pathname);
        await after.waitForLoadState('networkidle');
        expect(await styleSheets(before), pathname).toEqual(await styleSheets(after));
        if (pathname === '/login') expect((await before.getByRole('region', { name: 'Acesso à conta' }).boundingBox())?.width).toBe(768);
      }
    } finally {
      await withoutScripts.close();
      await withScripts.close();
    }
  });

  test('any other path gets the empty shell, which the app renders as nothing (no pre-rendered page to hydrate): 200 on our routes, 404 elsewhere', async () => {
    const statuses = { '/nada': 404, '/Events': 200, '/rede': 200, '/index.html': 200, '/prerendered/events.html': 404 };
    for (const [pathname, status] of Object.entries(statuses)) {
      const response = await fetch(portalUrl() + pathname);
      expect(response.status, pathname).toBe(status);
      const html = await response.text();
      expect(html, pathname).toContain('<div id="root"></div>');
      expect(html, pathname).not.toContain('KOINONIA_PLACEHOLDER');
    }
  });

  test('the build’s pages, pre-rendered or not, carry the description; robots.txt is a real text file (issue 21)', async () => {
    for (const pathname of ['/', '/login', '/events', '/rede', '/nada']) {
      const html = await (await fetch(portalUrl() + pathname)).text();
      expect(html, pathname).toMatch(/<meta name="description" content="[^"]{50,160}"/);
    }
    const robots = await fetch(`${portalUrl()}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await robots.text()).toContain('Disallow: /api/');
  });

  test('the portal configured with another name hydrates its pages without changing them', async () => {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    context.setDefaultTimeout(WAIT_MS);
    try {
      for (const pathname of ['/', '/login', '/events']) {
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('console', (message) => {
          const blockedWorker = message.text() === 'Service Worker registration blocked by Playwright';
          if ((message.type() === 'error' || message.type() === 'warning') && !blockedWorker) errors.push(message.text());
        });
        page.on('pageerror', (error) => errors.push(String(error)));
        expect(await hydrate(page, portal.baseUrl, pathname), pathname).toEqual([]);
        expect(await page.getByRole('banner').getByRole('link', { name: PORTAL_NAME }).count()).toBe(1);
        expect(errors, pathname).toEqual([]);
        await page.close();
      }
    } finally {
      await context.close();
    }
  });
});
