import { expect } from 'vitest';
import { describePortal, type PortalVisit } from './support/portalBrowser.ts';
import { dayLabel, expectedEvents, formatDay } from './support/portalData.ts';

async function openEvents(visit: PortalVisit) {
  await visit.goto('/events');
  await visit.page.getByRole('list', { name: 'Próximos eventos' }).waitFor();
}

describePortal('§7 the calls it makes', (portalTest) => {
  portalTest('loading the events page asks GET /api/events (for the current and next month, in network days)', async (visit) => {
    const expected = await expectedEvents();
    await openEvents(visit);
    expect(visit.apiCalls()).toEqual([`GET /api/events?from=${expected.window.range.from}&to=${expected.window.range.to}`]);
  });

  portalTest('calls go to the page\'s own origin under /api, with no auth header', async (visit) => {
    await openEvents(visit);
    await visit.page.getByRole('list', { name: 'Próximos eventos' }).getByRole('button').first().click();
    await visit.page.getByRole('dialog', { name: 'Event Details' }).getByLabel('Event', { exact: true }).waitFor();
    const api = visit.requests.filter((request) => request.path.startsWith('/api/'));
    expect(api).toHaveLength(2);
    for (const request of api) {
      expect(new URL(request.url).origin).toBe(visit.baseUrl);
      expect(request.headers.authorization).toBeUndefined();
    }
  });

  portalTest('opening Leader View asks GET /api/events again', async (visit) => {
    const { page } = visit;
    const expected = await expectedEvents();
    const windowCall = `GET /api/events?from=${expected.window.range.from}&to=${expected.window.range.to}`;
    await openEvents(visit);
    await page.getByRole('tab', { name: 'Leader View' }).click();
    await visit.until(() => visit.apiCalls().length === 2, 'a second window call');
    expect(visit.apiCalls()).toEqual([windowCall, windowCall]);
    await page.getByRole('tab', { name: 'My Events' }).click();
    await page.getByRole('tab', { name: 'Leader View' }).click();
    await visit.until(() => visit.apiCalls().length === 3, 'a third window call');
    expect(visit.apiCalls()).toEqual([windowCall, windowCall, windowCall]);
  });

  portalTest('clicking an event asks GET /api/events/{id}', async (visit) => {
    const { page } = visit;
    const expected = await expectedEvents();
    await openEvents(visit);
    const event = expected.upcoming[2]!;
    await page.locator(`[data-event-id="${event.id}"]`).click();
    await page.getByRole('dialog', { name: 'Event Details' }).getByLabel('Event', { exact: true }).waitFor();
    expect(visit.apiCalls().at(-1)).toBe(`GET /api/events/${event.id}`);
  });

  portalTest('clicking a calendar day asks GET /api/events?date={yyyy-MM-dd}', async (visit) => {
    const { page } = visit;
    const expected = await expectedEvents();
    await openEvents(visit);
    const day = expected.window.months[1];
    await page.getByRole('button', { name: dayLabel(day, expected.days.get(day) ?? 0), exact: true }).click();
    await page.getByRole('dialog', { name: `Events on ${formatDay(day)}` }).waitFor();
    await visit.until(() => visit.apiCalls().length === 2, 'the day call');
    expect(visit.apiCalls().at(-1)).toBe(`GET /api/events?date=${day}`);
  });

  portalTest('no login, registration or allocation call exists', async (visit) => {
    const { page } = visit;
    await visit.goto('/login');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('button', { name: 'Cadastrar', exact: true }).click();
    await page.getByRole('form', { name: 'Criar conta' }).getByRole('button', { name: 'Cadastrar' }).click();
    await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Eventos' }).click();
    await page.getByRole('tab', { name: 'Leader View' }).click();
    await page.getByRole('list', { name: 'Escala de membros' }).getByRole('button').first().click();
    const dialog = page.getByRole('dialog', { name: 'Allocate Member to Event' });
    await dialog.getByLabel('Department', { exact: true }).fill('Louvor');
    await dialog.getByLabel('Member', { exact: true }).fill('Ana');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.evaluate(() => fetch('/favicon.svg'));
    expect(visit.apiCalls().every((call) => call.startsWith('GET /api/events'))).toBe(true);
    expect(visit.requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });
});
