import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { signInAsLeader } from './support/leaderSession.ts';
import { describePortal, type PortalVisit } from './support/portalBrowser.ts';

/** Leader View's list (client/features/escalas/LeaderView.tsx). */
const LEADER_VIEW_HEADING = 'Escala de membros';

/** Issue 16: how far the calendars are, in Tab presses from the top of /events and in phone screens. */

async function openEvents(visit: PortalVisit) {
  // The describe block's tests share one browser profile: a leader's session of an earlier test goes first.
  await visit.page.context().clearCookies();
  await visit.goto('/events');
  await visit.page.getByRole('list', { name: 'Próximos eventos' }).waitFor();
  await visit.page.locator('.calendar').first().waitFor();
}

/** A signed-in leader's Leader View: the escala under each event, and `Novo evento`. */
async function openLeaderView(visit: PortalVisit) {
  await signInAsLeader(visit);
  await visit.goto('/events');
  await visit.page.getByRole('tab', { name: 'Leader View' }).click();
  await visit.page.getByRole('button', { name: 'Novo evento' }).waitFor();
  await visit.page.getByRole('list', { name: LEADER_VIEW_HEADING }).waitFor();
  await visit.page.locator('[role="tabpanel"]:not([hidden]) .calendar').first().waitFor();
}

/**
 * Tab presses from the top of the page until the focus is inside the first month calendar; where the board offers
 * `Ir para o calendário` (signed in), Enter on it (not counted) takes the focus there.
 */
async function tabsToCalendar(page: Page): Promise<number> {
  // Chromium's Tab starts from where the last click was (the Leader View tab): from a mark at the top instead.
  await page.evaluate(() => {
    const mark = document.createElement('span');
    mark.tabIndex = -1;
    document.body.prepend(mark);
    mark.focus();
    window.scrollTo(0, 0);
  });
  const focusIn = (selector: string) => page.evaluate((within) => Boolean(document.activeElement?.closest(within)), selector);
  for (let presses = 1; presses <= 400; presses += 1) {
    await page.keyboard.press('Tab');
    if (await focusIn('.events-board__skip')) await page.keyboard.press('Enter');
    if (await focusIn('.calendar')) return presses;
  }
  throw new Error('O calendário nunca recebeu o foco.');
}

/** The distance from the page's top to the first calendar, in viewport heights. */
function calendarScreens(page: Page): Promise<number> {
  return page.evaluate(() => {
    const calendar = document.querySelector('.calendar')!;
    return (calendar.getBoundingClientRect().top + window.scrollY) / window.innerHeight;
  });
}

describePortal('Calendars within reach (issue 16)', (portalTest) => {
  portalTest('a visitor: each month calendar is one Tab stop; arrow keys move the day, Enter opens it', async (visit) => {
    const { page } = visit;
    await openEvents(visit);
    const presses = await tabsToCalendar(page);
    console.log(`[calendarReach] visitor: ${presses} Tab presses to the first calendar`);
    // Through both months: Tab until the focus has left the calendars, then back to the first month's stop.
    let through = 0;
    while (await page.evaluate(() => Boolean(document.activeElement?.closest('.calendar'))) && through < 100) {
      await page.keyboard.press('Tab');
      through += 1;
    }
    console.log(`[calendarReach] visitor: ${through} Tab presses through the two calendars`);
    expect(through).toBe(2);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    // Before: 42. The header, the navigation, the tabs and the list come first: at most one stop per list event.
    const listed = await page.getByRole('list', { name: 'Próximos eventos' }).getByRole('button').count();
    expect(presses).toBeLessThan(listed + 25);
    const first = page.locator('.calendar').nth(0);
    const second = page.locator('.calendar').nth(1);
    expect(await first.evaluate((calendar) => calendar.contains(document.activeElement))).toBe(true);
    // One more Tab leaves the month for the next month's calendar.
    await page.keyboard.press('Tab');
    expect(await second.evaluate((calendar) => calendar.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Shift+Tab');
    const focusedDay = () => page.evaluate(() => document.activeElement?.getAttribute('data-day'));
    const start = await focusedDay();
    expect(start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await first.getByRole('grid').count()).toBe(1);
    await page.keyboard.press('Home');
    const weekStart = (await focusedDay())!;
    await page.keyboard.press('ArrowRight');
    const next = (await focusedDay())!;
    expect(Date.parse(next) - Date.parse(weekStart)).toBe(86_400_000);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: /^Events on / }).waitFor();
    expect(visit.specApiCalls().at(-1)).toBe(`GET /api/events?date=${next}`);
  });

  portalTest('a leader: each month calendar is one Tab stop', async (visit) => {
    const { page } = visit;
    await openLeaderView(visit);
    const presses = await tabsToCalendar(page);
    console.log(`[calendarReach] leader: ${presses} Tab presses to the first calendar`);
    // Before: 84 on the seed's data (the issue measured 109): every event's buttons came first. Now the board starts
    // with `Ir para o calendário`, shown when focused, and Enter takes the focus into the month.
    expect(presses).toBeLessThan(20);
    await page.keyboard.press('Tab');
    expect(await page.locator('.calendar').nth(1).evaluate((calendar) => calendar.contains(document.activeElement))).toBe(true);
  });

  portalTest('at 360×740 a visitor keeps the specification\'s order: the list, then the calendars', async (visit) => {
    const { page } = visit;
    await openEvents(visit);
    const screens = await calendarScreens(page);
    console.log(`[calendarReach] visitor at 360×740: the first calendar starts ${screens.toFixed(2)} screens down`);
    const list = (await page.getByRole('list', { name: 'Próximos eventos' }).boundingBox())!;
    const calendar = (await page.locator('.calendar').first().boundingBox())!;
    expect(calendar.y).toBeGreaterThan(list.y + list.height);
  }, { width: 360, height: 740 });

  portalTest('at 360×740 a signed-in leader has the calendars within two screens, and can open the whole list', async (visit) => {
    const { page } = visit;
    await openLeaderView(visit);
    const screens = await calendarScreens(page);
    console.log(`[calendarReach] leader at 360×740: the first calendar starts ${screens.toFixed(2)} screens down`);
    expect(screens).toBeLessThan(2);
    const list = page.getByRole('list', { name: LEADER_VIEW_HEADING });
    const shown = await list.getByRole('listitem').evaluateAll((items) => items.filter((item) => item.getClientRects().length > 0).length);
    const toggle = page.locator('.events-board__more');
    expect(await toggle.textContent()).toMatch(/^Ver todos os eventos \(\d+\)$/);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const all = await list.getByRole('listitem').evaluateAll((items) => items.filter((item) => item.getClientRects().length > 0).length);
    expect(all).toBeGreaterThan(shown);
  }, { width: 360, height: 740 });
});
