import type { Locator } from 'playwright-core';
import { expect } from 'vitest';
import type { EventType, ManagedEvent } from '../../shared/schemas/eventManagement.ts';
import { describePortal, type PortalVisit } from './support/portalBrowser.ts';
import { formatShortDateTime } from '../../shared/formats.ts';
import { addDays, apiJson, dayLabel, expectedEvents } from './support/portalData.ts';
import { icsLocal, instantOf, leaderRequest, signInAsLeader, veventLines, weeklyStartDay } from './support/leaderSession.ts';
import { portalUrl } from './support/filePortal.ts';

/** An unusual hour, so the new series is told apart from the demo events. */
const TIME = '06:15';
const WEEKS = 4;

/** The day button of the visible tab's calendars. */
function dayButton(visit: PortalVisit, day: string): Locator {
  return visit.page.locator(`[role="tabpanel"]:not([hidden]) button.calendar__day[data-day="${day}"]`);
}

/** Waits until a day's button reads `count` events, then checks its highlight. */
async function expectDayCount(visit: PortalVisit, day: string, count: number): Promise<void> {
  const button = dayButton(visit, day);
  await visit.until(async () => (await button.getAttribute('aria-label')) === dayLabel(day, count), `${day} com ${count} evento(s)`);
  expect(await button.getAttribute('data-has-events')).toBe(count > 0 ? 'true' : 'false');
}

describePortal('Leaders manage events (issue 6)', (portalTest) => {
  portalTest('a leader creates a weekly event for 4 weeks, cancels one, and calendars and the public feed follow', async (visit) => {
    const { page } = visit;
    const expected = await expectedEvents();
    const { timeZone, window } = expected;
    const start = weeklyStartDay(window.today, window.range.to, WEEKS, expected.days);
    const days = Array.from({ length: WEEKS }, (_, week) => addDays(start, 7 * week));
    const before = new Map(days.map((day) => [day, expected.days.get(day) ?? 0]));
    const [eventType] = await apiJson<EventType[]>('/api/event-types');
    expect(eventType, 'o seed tem tipos de evento').toBeDefined();
    const typeName = eventType!.name;

    await signInAsLeader(visit);
    await visit.goto('/events');
    await page.getByRole('tab', { name: 'Leader View' }).click();
    for (const day of days) await expectDayCount(visit, day, before.get(day)!);

    let created: ManagedEvent | undefined;
    try {
      // Create: Novo evento → type, date, time, weekly, 4 times.
      await page.getByRole('button', { name: 'Novo evento' }).click();
      const form = page.getByRole('dialog', { name: 'Novo evento' });
      await form.getByRole('option', { name: typeName, exact: true }).waitFor({ state: 'attached' });
      await form.getByLabel('Tipo').selectOption({ label: typeName });
      await form.getByLabel('Data', { exact: true }).fill(start);
      await form.getByLabel('Hora').fill(TIME);
      await form.getByLabel('Repetição').selectOption({ label: 'Semanal' });
      await form.getByRole('radio', { name: 'Número de vezes' }).check();
      await form.getByLabel('Quantas vezes').fill(String(WEEKS));
      const [response] = await Promise.all([
        page.waitForResponse((answer) => answer.request().method() === 'POST' && new URL(answer.url()).pathname === '/api/events'),
        form.getByRole('button', { name: 'Criar evento' }).click(),
      ]);
      expect(response.status(), await response.text()).toBe(201);
      created = (await response.json()) as ManagedEvent;
      expect(created.datetime).toBe(instantOf(start, TIME, timeZone));
      expect(created.series_id).not.toBeNull();
      await form.waitFor({ state: 'detached' });

      // Four days light up across the two calendars, without a reload; the list shows the four occurrences.
      for (const day of days) await expectDayCount(visit, day, before.get(day)! + 1);
      const names = days.map((day) => `${typeName}, ${formatShortDateTime(instantOf(day, TIME, timeZone), timeZone)}`);
      for (const name of names) await page.getByRole('button', { name: `Cancelar ${name}`, exact: true }).waitFor();

      // Cancel the second occurrence only.
      const cancelled = days[1]!;
      await page.getByRole('button', { name: `Cancelar ${names[1]}`, exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Cancelar evento' });
      expect(await confirm.getByRole('radio', { name: 'Somente este evento' }).isChecked()).toBe(true);
      const [deleted] = await Promise.all([
        page.waitForResponse((answer) => answer.request().method() === 'DELETE' && new URL(answer.url()).pathname.startsWith('/api/events/')),
        confirm.getByRole('button', { name: 'Cancelar evento' }).click(),
      ]);
      expect(deleted.status()).toBe(204);
      expect(new URL(deleted.url()).searchParams.get('scope')).toBe('one');
      await confirm.waitFor({ state: 'detached' });

      await expectDayCount(visit, cancelled, before.get(cancelled)!);
      for (const day of days.filter((candidate) => candidate !== cancelled)) await expectDayCount(visit, day, before.get(day)! + 1);
      expect(await page.getByRole('button', { name: `Cancelar ${names[1]}`, exact: true }).count()).toBe(0);

      // Issue 16: the focus did not fall to the page's body with the button that left: the message has it, and
      // closing that message from the keyboard hands it to the page's content.
      const focused = () => page.evaluate(() => (document.activeElement === document.body ? 'body' : (document.activeElement?.closest('[role="status"], main')?.tagName ?? 'elsewhere')));
      const message = page.getByRole('status').filter({ hasText: 'Evento cancelado:' });
      await message.waitFor();
      expect(await focused()).toBe('DIV');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Fechar aviso');
      await page.keyboard.press('Enter');
      await message.waitFor({ state: 'detached' });
      expect(await focused()).toBe('MAIN');

      // The public feed publishes the series with an EXDATE for the cancelled date, and only for it.
      const feed = await fetch(`${portalUrl()}/api/calendar.ics`);
      expect(feed.status).toBe(200);
      const vevent = veventLines(await feed.text(), `series-${created.series_id}@koinonia`);
      expect(vevent, 'a série está no feed').toBeDefined();
      expect(vevent).toContain(`DTSTART;TZID=${timeZone}:${icsLocal(start, TIME)}`);
      expect(vevent!.find((line) => line.startsWith('RRULE:'))).toMatch(/FREQ=WEEKLY/);
      expect(vevent!.filter((line) => line.startsWith('EXDATE'))).toEqual([`EXDATE;TZID=${timeZone}:${icsLocal(cancelled, TIME)}`]);

      expect(visit.appErrors()).toEqual([]);
      expect(visit.pageErrors).toEqual([]);
    } finally {
      // Leave the file's portal as the seed made it for its other tests (they read the live API).
      if (created) await leaderRequest(visit, 'DELETE', `/api/events/${created.id}?scope=following&confirm=true`);
    }
  });
});
