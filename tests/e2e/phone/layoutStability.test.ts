import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_MEMBER_EMAIL, DEMO_PASSWORD, signInThroughForm, startAnonymous } from '../support/accounts.ts';
import { describePortal, type PortalVisit } from '../support/portalBrowser.ts';

/** Lighthouse's mobile screen (Moto G Power), where issue 21's validators saw the page jump. */
const PHONE = { width: 412, height: 823 };
/** "Good" cumulative layout shift (web.dev's threshold, and issue 21's target for the tab switch). */
const GOOD_CLS = 0.05;

interface Shift {
  value: number;
  hadRecentInput: boolean;
  sources: string[];
}

/** Records every layout shift of the pages the visit opens from now on (the browser's Layout Instability API). */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: unknown[] = [];
    (globalThis as { koinoniaShifts?: unknown[] }).koinoniaShifts = shifts;
    type LayoutShift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Array<{ node?: Node | null }> };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShift[]) {
        shifts.push({
          value: entry.value,
          hadRecentInput: entry.hadRecentInput,
          sources: entry.sources.map((source) => (source.node instanceof Element ? source.node.className : String(source.node?.nodeName))),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

function shifts(page: Page): Promise<Shift[]> {
  return page.evaluate(() => (globalThis as { koinoniaShifts?: Shift[] }).koinoniaShifts ?? []);
}

const total = (list: Shift[]) => list.reduce((sum, shift) => sum + shift.value, 0);

/** Holds the requests whose URL `matches` until the returned function is called. */
async function hold(page: Page, matches: (url: URL) => boolean): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => matches(url),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}

const isWindow = (detail: boolean) => (url: URL) =>
  url.pathname === '/api/events' && url.searchParams.has('from') && url.searchParams.has('to') && url.searchParams.has('detail') === detail;

async function listLoaded(visit: PortalVisit, panel = '[role="tabpanel"]:not([hidden])'): Promise<void> {
  await visit.page.locator(`${panel} .events-board__list[aria-busy="false"] .event-list`).waitFor();
}

describePortal('on a phone, nothing jumps while the events arrive (issue 21, layout shift)', (portalTest) => {
  portalTest(
    'a visitor’s /events: the calendars under the list do not jump down when the list arrives late',
    async (visit) => {
      const { page } = visit;
      await recordShifts(page);
      const release = await hold(page, isWindow(false));
      await startAnonymous(visit, '/events');
      await page.getByText('Carregando eventos…').waitFor();
      await expect.poll(() => page.locator('.events-board__calendars').count()).toBe(1);
      release();
      await listLoaded(visit);
      const seen = await shifts(page);
      expect(total(seen), JSON.stringify(seen)).toBeLessThanOrEqual(GOOD_CLS);
    },
    PHONE,
  );

  portalTest(
    'a member’s /events and the switch to My Events: the list does not grow under the reader, nothing jumps up and down',
    async (visit) => {
      const { page } = visit;
      await signInThroughForm(visit, DEMO_MEMBER_EMAIL, DEMO_PASSWORD);
      await recordShifts(page);
      const release = await hold(page, isWindow(true));
      await visit.goto('/events');
      await page.getByText('Carregando eventos…').waitFor();
      await expect.poll(() => page.locator('.events-board__calendars').count()).toBe(1);
      release();
      await listLoaded(visit);
      const arrival = await shifts(page);
      expect(total(arrival), JSON.stringify(arrival)).toBeLessThanOrEqual(GOOD_CLS);

      // Every shift after the click counts here, those within half a second of it too: they are what the eye sees.
      await page.getByRole('tab', { name: 'My Events' }).click();
      await listLoaded(visit, '[role="tabpanel"][id$="-panel-myEvents"]:not([hidden])');
      const afterClick = (await shifts(page)).slice(arrival.length);
      expect(total(afterClick), JSON.stringify(afterClick)).toBeLessThanOrEqual(GOOD_CLS);
    },
    PHONE,
  );

  portalTest(
    'a member’s home: the links and the cards under her next services come with the list, not before it to be pushed down',
    async (visit) => {
      const { page } = visit;
      // This block's browser is signed in already when another test of it ran first.
      await page.context().clearCookies();
      await signInThroughForm(visit, DEMO_MEMBER_EMAIL, DEMO_PASSWORD);
      await recordShifts(page);
      const release = await hold(page, (url) => url.pathname === '/api/me/events');
      await visit.goto('/');
      await page.getByText('Carregando suas escalas…').waitFor();
      release();
      await page.locator('.services-summary__list').waitFor();
      await page.locator('.services-summary__links').first().waitFor();
      const seen = await shifts(page);
      expect(seen.filter((shift) => shift.sources.some((source) => source.includes('services-summary__links'))), JSON.stringify(seen)).toEqual([]);
      expect(total(seen), JSON.stringify(seen)).toBeLessThanOrEqual(GOOD_CLS);
    },
    PHONE,
  );
});
