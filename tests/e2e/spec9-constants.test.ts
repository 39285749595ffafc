import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { describePortal, type PortalVisit } from './support/portalBrowser.ts';
import { expectedEvents, formatMonthHeading } from './support/portalData.ts';

async function openEvents(visit: PortalVisit) {
  await visit.goto('/events');
  await visit.page.getByRole('list', { name: 'Próximos eventos' }).waitFor();
}

function calendarRows(page: Page, index: number) {
  return page.locator('.calendar').nth(index).evaluate((calendar) => ({
    headers: [...calendar.querySelectorAll('thead th')].map((th) => th.textContent),
    rows: [...calendar.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((td) => td.textContent)),
  }));
}

async function hasNoHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
}

describePortal('§9 business constants and limits', (portalTest) => {
  portalTest('the calendar has 7 columns headed D, S, T, Q, Q, S, S, and the week starts on Sunday', async (visit) => {
    const expected = await expectedEvents();
    await openEvents(visit);
    for (const [index, month] of expected.window.months.entries()) {
      const { headers, rows } = await calendarRows(visit.page, index);
      expect(headers).toEqual(['D', 'S', 'T', 'Q', 'Q', 'S', 'S']);
      for (const row of rows) expect(row).toHaveLength(7);
      // The 1st sits under its weekday (Sunday = first column); the days before it are blank.
      const weekday = new Date(`${month}T12:00:00Z`).getUTCDay();
      expect(rows[0]!.slice(0, weekday)).toEqual(Array(weekday).fill(''));
      expect(rows[0]![weekday]).toBe('1');
      const lastRow = rows.at(-1)!;
      const lastFilled = lastRow.findLastIndex((cell) => cell !== '');
      expect(lastRow.slice(lastFilled + 1).every((cell) => cell === '')).toBe(true);
    }
  });

  portalTest('two months are shown: the current month and the next month', async (visit) => {
    const expected = await expectedEvents();
    await openEvents(visit);
    const headings = await visit.page.locator('.calendar__heading').allTextContents();
    expect(headings).toEqual(expected.window.months.map((month) => formatMonthHeading(month)));
  });

  portalTest('day keys use the format yyyy-MM-dd', async (visit) => {
    const { page } = visit;
    await openEvents(visit);
    const keys = await page.locator('[data-day]').evaluateAll((days) => days.map((day) => day.getAttribute('data-day')));
    expect(keys.length).toBeGreaterThanOrEqual(56);
    for (const key of keys) expect(key).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await page.locator('[data-day]').nth(9).click();
    await page.getByRole('dialog').waitFor();
    // Beside the start's GET /api/auth/me (docs/product.md §1, departure 3), asserted on its own in spec7-calls.
    await visit.until(() => visit.specApiCalls().length === 2, 'the day call');
    expect(visit.specApiCalls()[1]).toBe(`GET /api/events?date=${keys[9]}`);
  });

  portalTest('the calendar heading shows the month name and year', async (visit) => {
    await openEvents(visit);
    const headings = await visit.page.locator('.calendar__heading').allTextContents();
    for (const heading of headings) expect(heading).toMatch(/^(janeiro|fevereiro|março|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro) de \d{4}$/);
  });

  portalTest('the login panel width is 768px (at a viewport of 800px and more)', async (visit) => {
    const { page } = visit;
    for (const width of [1440, 1024, 800]) {
      await page.setViewportSize({ width, height: 900 });
      await visit.goto('/login');
      const panel = page.getByRole('region', { name: 'Acesso à conta' });
      await panel.waitFor();
      expect((await panel.boundingBox())?.width).toBe(768);
      expect(await hasNoHorizontalScroll(page)).toBe(true);
    }
  });

  portalTest('below 800px the login panel takes the full width, still sliding, with no horizontal scroll', async (visit) => {
    const { page } = visit;
    await visit.goto('/login');
    const panel = page.getByRole('region', { name: 'Acesso à conta' });
    await panel.waitFor();
    const main = (await page.getByRole('main').boundingBox())!;
    const box = (await panel.boundingBox())!;
    expect(box.width).toBeGreaterThan(300);
    expect(box.width).toBeLessThanOrEqual(360);
    expect(box.width).toBeGreaterThanOrEqual(main.width - 2 * 16 - 1);
    expect(await hasNoHorizontalScroll(page)).toBe(true);
    const loginForm = page.locator('.auth__slot--login');
    const start = (await loginForm.boundingBox())!.x;
    await page.getByRole('button', { name: 'Cadastrar', exact: true }).click();
    await visit.until(async () => Math.abs((await loginForm.boundingBox())!.x - (start - box.width)) < 1, `the forms slid one panel left (${start} → ${start - box.width})`);
    await page.getByLabel('Nome').waitFor();
    expect(await page.getByLabel('Nome').isVisible()).toBe(true);
    expect(await hasNoHorizontalScroll(page)).toBe(true);
  }, { width: 360, height: 740 });

  portalTest('at 360px wide the calendars stack and nothing scrolls sideways', async (visit) => {
    const { page } = visit;
    await openEvents(visit);
    const [first, second] = [await page.locator('.calendar').nth(0).boundingBox(), await page.locator('.calendar').nth(1).boundingBox()];
    expect(second!.y).toBeGreaterThanOrEqual(first!.y + first!.height);
    expect(Math.abs(second!.x - first!.x)).toBeLessThan(1);
    expect(await hasNoHorizontalScroll(page)).toBe(true);
    for (const path of ['/', '/login']) {
      await visit.goto(path);
      await page.getByRole('main').waitFor();
      expect(await hasNoHorizontalScroll(page)).toBe(true);
    }
    await visit.goto('/events');
    await page.getByRole('list', { name: 'Próximos eventos' }).getByRole('button').first().click();
    const dialog = page.getByRole('dialog', { name: 'Event Details' });
    await dialog.getByLabel('Event', { exact: true }).waitFor();
    const dialogBox = (await dialog.boundingBox())!;
    expect(dialogBox.x).toBeGreaterThanOrEqual(0);
    expect(dialogBox.x + dialogBox.width).toBeLessThanOrEqual(360);
  }, { width: 360, height: 740 });

  portalTest('at 1440px wide the list sits left of the two side-by-side calendars, with no horizontal scroll', async (visit) => {
    const { page } = visit;
    await openEvents(visit);
    const list = (await page.getByRole('list', { name: 'Próximos eventos' }).boundingBox())!;
    const [first, second] = [await page.locator('.calendar').nth(0).boundingBox(), await page.locator('.calendar').nth(1).boundingBox()];
    expect(first!.x).toBeGreaterThan(list.x + list.width);
    expect(Math.abs(first!.y - second!.y)).toBeLessThan(1);
    expect(second!.x).toBeGreaterThanOrEqual(first!.x + first!.width);
    expect(await hasNoHorizontalScroll(page)).toBe(true);
  });
});
