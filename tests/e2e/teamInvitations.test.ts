import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { User } from '../../shared/schemas/auth.ts';
import { freshEmail, signInThroughForm, startAnonymous } from './support/accounts.ts';
import { startOwnPortal, type OwnPortal } from './support/ownPortal.ts';
import { describePortal, PortalVisit, WAIT_MS } from './support/portalBrowser.ts';

/** Its own portal (a seeded database of its own): the people it adds touch no other file's data. */
let own: OwnPortal | undefined;
beforeAll(async () => {
  own = await startOwnPortal(inject('clientDir'));
});
afterAll(async () => {
  await own?.close();
});

/** A second browser (its own cookies) for the person who was invited. */
let otherBrowser: Browser | undefined;
beforeAll(async () => {
  otherBrowser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'] });
});
afterAll(async () => {
  await otherBrowser?.close();
});

/** The portal's API from the test process, with a session of its own (to arrange what the screens need). */
async function call<T>(baseUrl: string, cookie: { value: string }, status: number, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(baseUrl + path, {
    method,
    headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(cookie.value ? { Cookie: cookie.value } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const setCookie = response.headers.getSetCookie().find((line) => /koinonia_session=/.test(line));
  if (setCookie) cookie.value = setCookie.split(';')[0]!;
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text}`).toBe(status);
  return (text === '' ? null : JSON.parse(text)) as T;
}

const PHONE = { width: 360, height: 740 };
const PASSWORD = 'senha de quem lidera 12345';

/** The page is no wider than the phone (nothing to scroll sideways). */
async function expectFitsPhone(visit: PortalVisit): Promise<void> {
  const width = await visit.page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
}

describePortal(
  'team invitation links at 360 px (issue 23, docs/product.md §13)',
  (portalTest) => {
    portalTest('a leader makes a link; a new person opens it in another browser, registers and appears on the team', async (visit) => {
      // Tina leads Sede's Louvor (an admin made her leader of that team).
      const base = visit.baseUrl;
      const adminCookie = { value: '' };
      const admin = await call<{ user: User }>(base, adminCookie, 201, 'POST', '/api/auth/register', { name: 'Ada Admin', email: freshEmail('ada'), password: PASSWORD });
      await own!.setRole(admin.user.email, 'admin');
      const tina = await call<{ user: User }>(base, { value: '' }, 201, 'POST', '/api/auth/register', { name: 'Tina Time', email: freshEmail('tina'), password: PASSWORD });
      const sede = (await call<Array<{ id: number; name: string }>>(base, adminCookie, 200, 'GET', '/api/churches')).find((church) => church.name === 'Sede')!;
      const louvor = (await call<Array<{ id: number; name: string }>>(base, adminCookie, 200, 'GET', '/api/departments')).find((department) => department.name === 'Louvor')!;
      await call(base, adminCookie, 200, 'PUT', `/api/teams/${sede.id}/${louvor.id}/members/${tina.user.id}`, { positions: [], leader: true });

      // Tina, on her phone: Equipes (from the navigation), her team, a link for Vocal.
      const { page } = visit;
      await page.setViewportSize(PHONE);
      await startAnonymous(visit);
      await signInThroughForm(visit, tina.user.email, PASSWORD);
      await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Equipes' }).click();
      await page.getByRole('heading', { level: 1, name: 'Equipes' }).waitFor();
      await page.getByLabel('Equipe', { exact: true }).selectOption({ label: 'Louvor — Sede' });
      const form = page.getByRole('form', { name: 'Novo link de convite' });
      await form.getByRole('checkbox', { name: 'Vocal' }).check();
      await form.getByRole('button', { name: 'Criar link' }).click();
      const url = await page.getByRole('textbox', { name: /^Link criado: Louvor · Sede — Vocal/ }).inputValue();
      expect(url).toMatch(/\/equipe\?convite=[A-Za-z0-9_-]{43}$/);
      await expect.poll(async () => page.getByRole('link', { name: 'Compartilhar no WhatsApp' }).getAttribute('href')).toContain(encodeURIComponent(url));
      await expectFitsPhone(visit);

      // Someone new, on their own phone and browser, opens the link, creates the account and joins.
      const context = await otherBrowser!.newContext({ timezoneId: 'Asia/Tokyo', viewport: PHONE });
      context.setDefaultTimeout(WAIT_MS);
      const newcomer = freshEmail('nova');
      try {
        const guest = new PortalVisit(await context.newPage(), base);
        await guest.goto(new URL(url).pathname + new URL(url).search);
        await guest.page.getByRole('heading', { level: 1, name: 'Convite para a equipe Louvor · Sede' }).waitFor();
        await expectFitsPhone(guest);
        const register = guest.page.getByRole('form', { name: 'Crie sua conta e entre na equipe' });
        await register.getByLabel('Nome').fill('Nina Nova');
        await register.getByLabel('E-mail').fill(newcomer);
        await register.getByLabel('Senha').fill(PASSWORD);
        await register.getByRole('button', { name: 'Criar conta e entrar na equipe' }).click();
        await guest.page.getByRole('heading', { level: 1, name: 'Você faz parte da equipe Louvor · Sede' }).waitFor();
        await guest.page.getByText('Suas funções: Vocal.').waitFor();
      } finally {
        await context.close();
      }

      // Tina sees her in the team, and the link with one use and who joined.
      await page.reload();
      const members = page.getByRole('list', { name: 'Membros da equipe Louvor — Sede' });
      await members.getByText('Nina Nova').waitFor();
      const links = page.getByRole('list', { name: 'Links de convite da equipe' });
      await links.getByText('Entraram: Nina Nova').waitFor();
      await expectFitsPhone(visit);
    });
  },
  { baseUrl: () => own!.baseUrl },
);
