import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { Page } from 'playwright-core';
import { formatTime } from '../../../shared/formats.ts';
import { ACCOUNT_HEADER, FROM_CACHE_HEADER, PRIVATE_CACHE } from '../../../client/kit/offline/offlineContract.ts';
import { accountLink, DEMO_MEMBER_EMAIL, expectAccountLink, freshEmail } from '../support/accounts.ts';
import { E2E_DEMO_PASSWORD } from '../support/demoPassword.ts';
import { startOwnPortal, type OwnPortal } from '../support/ownPortal.ts';
import { describePortal, type PortalVisit } from '../support/portalBrowser.ts';
import { E2E_TIME_ZONE } from '../support/portalServer.ts';

let portal: OwnPortal;
beforeAll(async () => {
  portal = await startOwnPortal(inject('clientDir'));
});
afterAll(async () => {
  await portal?.close();
});

interface MyEventJson {
  id: number;
  datetime: string;
  department: { name: string };
}

/** Signs in through the API from the page's own context (its cookie jar); the page learns it from /api/auth/me. */
async function signIn(visit: PortalVisit, email: string, password: string): Promise<void> {
  const response = await visit.page.request.post(`${visit.baseUrl}/api/auth/login`, { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
}

/** The URLs the service worker keeps in its private store. */
function privateStore(page: Page): Promise<string[]> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    return (await (await caches.open(name)).keys()).map((request) => request.url);
  }, PRIVATE_CACHE);
}

/** Waits until the service worker controls the page (it registers after the first load). */
async function untilWorkerControls(visit: PortalVisit): Promise<void> {
  await visit.until(() => visit.page.evaluate(() => navigator.serviceWorker.controller !== null), 'the service worker controls the page');
}

async function openMyEvents(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'My Events' }).click();
}

/**
 * A member on a phone with a network: the events page, then, once the worker controls it, again (the answers of
 * that visit are the ones it keeps), with My Events open. Returns the member's events and when they were read.
 */
async function memberVisitOnline(visit: PortalVisit): Promise<{ myEvents: MyEventJson[]; readBetween: [Date, Date] }> {
  const { page } = visit;
  await signIn(visit, DEMO_MEMBER_EMAIL, E2E_DEMO_PASSWORD);
  await visit.goto('/events');
  await untilWorkerControls(visit);
  const before = new Date();
  await page.reload();
  await openMyEvents(page);
  await page.getByRole('list', { name: 'Minhas escalas' }).waitFor();
  const after = new Date();
  const response = await page.request.get(`${visit.baseUrl}/api/me/events`);
  const myEvents = (await response.json()) as MyEventJson[];
  expect(myEvents.length, 'the demo member serves somewhere').toBeGreaterThan(0);
  await visit.until(async () => (await privateStore(page)).some((url) => url.includes('/api/me/events')), 'My Events kept by the worker');
  await visit.until(async () => (await privateStore(page)).some((url) => url.includes('/api/events?from=')), 'the event list kept by the worker');
  return { myEvents, readBetween: [before, after] };
}

/** Back to a phone nobody used: no cookie, no worker, no stores, no local storage. */
async function freshPhone(visit: PortalVisit): Promise<void> {
  const { page } = visit;
  await page.context().setOffline(false);
  await page.context().clearCookies();
  await visit.goto('/nada');
  await page.evaluate(async () => {
    for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
    for (const name of await caches.keys()) await caches.delete(name);
    localStorage.clear();
  });
}

describePortal(
  'offline: the service worker keeps a member\'s last answers for a reload without network',
  (portalTest) => {
    portalTest('My Events and the event list are shown offline, under "sem conexão — dados de {hora}"', async (visit) => {
      const { page } = visit;
      await freshPhone(visit);
      const { myEvents, readBetween } = await memberVisitOnline(visit);
      const onlineItems = await page.getByRole('list', { name: 'Minhas escalas' }).getByRole('listitem').allInnerTexts();
      await page.getByRole('tab', { name: 'Next Events' }).click();
      const nextEvents = page.getByRole('list', { name: 'Próximos eventos' });
      // The signed-in list names each event's church and place (the detailed list, `?detail=full`).
      await visit.until(async () => (await nextEvents.innerText()).includes('Sede'), 'the events with their church');
      const onlineEvents = await nextEvents.getByRole('listitem').allInnerTexts();
      await openMyEvents(page);

      await page.context().setOffline(true);
      await page.reload();
      await expectAccountLink(visit, 'Marcos');
      await openMyEvents(page);
      const list = page.getByRole('list', { name: 'Minhas escalas' });
      await list.waitFor();
      expect(await list.getByRole('listitem').allInnerTexts()).toEqual(onlineItems);
      for (const event of myEvents) expect(await list.innerText()).toContain(event.department.name);
      const times = readBetween.map((at) => formatTime(at.toISOString(), E2E_TIME_ZONE));
      const banner = page.getByText(/^sem conexão — dados de /);
      await banner.waitFor();
      expect(times.map((time) => `sem conexão — dados de ${time}`)).toContain(await banner.textContent());

      await page.getByRole('tab', { name: 'Next Events' }).click();
      // Offline, the same events with the same church and place (issue 21, item 11).
      const offlineEvents = page.getByRole('list', { name: 'Próximos eventos' }).getByRole('listitem');
      await visit.until(async () => JSON.stringify(await offlineEvents.allInnerTexts()) === JSON.stringify(onlineEvents), 'the kept detailed list');

      // Back online, the answers are asked again from the network, and the notice goes. Playwright's `online`
      // event can reach the page before its worker has the network back: the page is told again once it has.
      await page.context().setOffline(false);
      const account = await page.evaluate(() => localStorage.getItem('koinonia:account') ?? '');
      await visit.until(
        () =>
          page.evaluate(
            async ({ id, header, marker }) => !(await fetch('/api/me/events', { headers: { [header]: id } })).headers.has(marker),
            { id: account, header: ACCOUNT_HEADER, marker: FROM_CACHE_HEADER },
          ),
        'the worker reaches the network again',
      );
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await visit.until(async () => (await page.getByText(/^sem conexão/).count()) === 0, 'the notice gone once online');
      await page.reload();
      await page.getByRole('list', { name: 'Próximos eventos' }).waitFor();
      expect(await page.getByText(/^sem conexão/).count()).toBe(0);
      expect(visit.pageErrors).toEqual([]);
    });

    portalTest('a page never opened online, opened without network: the shell says "sem conexão", not the browser\'s error page', async (visit) => {
      const { page } = visit;
      await freshPhone(visit);
      await memberVisitOnline(visit);
      await page.context().setOffline(true);
      // Availability was never opened on this phone: the worker has no copy of it, and gives the shell.
      await visit.goto('/disponibilidade');
      await expectAccountLink(visit, 'Marcos');
      await page.getByText('sem conexão', { exact: true }).waitFor();
      await page.context().setOffline(false);
      expect(visit.pageErrors).toEqual([]);
    });

    portalTest('signing out without network leaves nothing of the member on the phone, and reaches the server later', async (visit) => {
      const { page } = visit;
      await freshPhone(visit);
      const { myEvents } = await memberVisitOnline(visit);
      const cookieBefore = (await page.context().cookies()).find((cookie) => cookie.name.endsWith('koinonia_session'));
      expect(cookieBefore).toBeDefined();

      await page.context().setOffline(true);
      await accountLink(page).click();
      await page.getByRole('button', { name: 'Sair' }).click();
      await page.waitForURL(`${visit.baseUrl}/`);
      await expectAccountLink(visit, 'Entrar');
      expect(await privateStore(page)).toEqual([]);

      await page.reload();
      await expectAccountLink(visit, 'Entrar');
      await visit.goto('/events');
      await openMyEvents(page);
      await expectAccountLink(visit, 'Entrar');
      expect(await page.getByRole('list', { name: 'Minhas escalas' }).count()).toBe(0);
      const text = await page.locator('body').innerText();
      expect(text).not.toContain('Marcos');
      for (const event of myEvents) expect(text).not.toContain(event.department.name);
      // Offline, the notice says so, but shows nothing kept of the member (no "dados de").
      expect(await page.getByText(/^sem conexão — dados/).count()).toBe(0);

      // Online again: the sign-out the server did not hear is sent before anything else, so the session is over.
      await page.context().setOffline(false);
      await page.reload();
      await expectAccountLink(visit, 'Entrar');
      await visit.until(async () => {
        const me = await page.request.get(`${visit.baseUrl}/api/auth/me`, { headers: { Cookie: `${cookieBefore!.name}=${cookieBefore!.value}` } });
        return ((await me.json()) as { user: unknown }).user === null;
      }, 'the old session ended on the server');
      expect(await page.evaluate(() => localStorage.getItem('koinonia:sign-out-pending'))).toBeNull();
      // The page's own answer to "who is here", asked (preloaded) before the sign-out reached the server, is not
      // believed, not even for a moment: after the sign-out nothing is asked as the member (her detailed list).
      await page.getByRole('list', { name: 'Próximos eventos' }).waitFor();
      const calls = visit.apiCalls();
      const afterSignOut = calls.slice(calls.lastIndexOf('POST /api/auth/logout'));
      expect(afterSignOut.length).toBeGreaterThan(1);
      expect(afterSignOut.filter((call) => call.includes('detail=full'))).toEqual([]);
      await expectAccountLink(visit, 'Entrar');
      expect(await page.evaluate(() => localStorage.getItem('koinonia:account'))).toBeNull();
      expect(await privateStore(page)).toEqual([]);
    });

    portalTest('another account on the same phone never gets the first one\'s answers', async (visit) => {
      const { page } = visit;
      await freshPhone(visit);
      const { myEvents } = await memberVisitOnline(visit);

      // The member's session ends without a sign-out on this phone (it expired, or ended elsewhere)…
      await page.context().clearCookies();
      // … and someone else signs in here and opens the events page, but not My Events.
      const email = freshEmail('outro');
      const registered = await page.request.post(`${visit.baseUrl}/api/auth/register`, { data: { name: 'Outra Pessoa', email, password: 'senha-da-outra-pessoa' } });
      expect(registered.status()).toBe(201);
      await visit.goto('/events');
      await expectAccountLink(visit, 'Outra');
      await page.getByRole('list', { name: 'Próximos eventos' }).waitFor();

      await page.context().setOffline(true);
      await page.reload();
      await expectAccountLink(visit, 'Outra');
      await openMyEvents(page);
      await page.getByRole('tabpanel', { name: 'My Events' }).waitFor();
      await visit.until(async () => (await page.getByText('Carregando eventos…').count()) === 0, 'My Events done loading');
      expect(await page.getByRole('list', { name: 'Minhas escalas' }).getByRole('listitem').count()).toBe(0);
      const text = await page.getByRole('tabpanel', { name: 'My Events' }).innerText();
      for (const event of myEvents) expect(text).not.toContain(event.department.name);
      await page.context().setOffline(false);
    });
  },
  { serviceWorkers: 'allow', baseUrl: () => portal.baseUrl },
);
