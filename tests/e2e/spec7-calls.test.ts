import { expect } from 'vitest';
import { describePortal, SESSION_CALL, type PortalVisit } from './support/portalBrowser.ts';
import { dayLabel, expectedEvents, formatDay } from './support/portalData.ts';

async function openEvents(visit: PortalVisit) {
  await visit.goto('/events');
  await visit.page.getByRole('list', { name: 'Próximos eventos' }).waitFor();
}

describePortal('§7 the calls it makes', (portalTest) => {
  portalTest('loading the events page asks GET /api/events (for the current and next month, in network days)', async (visit) => {
    const expected = await expectedEvents();
    await openEvents(visit);
    // Beside the start's GET /api/auth/me (docs/product.md §1, departure 3), asserted on its own in spec7-calls.
    expect(visit.specApiCalls()).toEqual([`GET /api/events?from=${expected.window.range.from}&to=${expected.window.range.to}`]);
  });

  portalTest('on start an anonymous visitor\'s page asks GET /api/auth/me exactly once and gets 200 { user: null } (docs/product.md §1, departure 3)', async (visit) => {
    const { page } = visit;
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/me');
    await openEvents(visit);
    const response = await answer;
    expect(response.request().method()).toBe('GET');
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ user: null });
    // A known request after the start: a second session call would have been sent before it.
    await page.evaluate(() => fetch('/favicon.svg'));
    await visit.until(() => visit.requests.some((request) => request.path === '/favicon.svg'), 'the marker request');
    expect(visit.apiCalls().filter((call) => call.endsWith(' /api/auth/me'))).toEqual([SESSION_CALL]);
    expect(visit.appErrors()).toEqual([]);
  });

  portalTest('calls go to the page\'s own origin under /api, with no auth header', async (visit) => {
    await openEvents(visit);
    await visit.page.getByRole('list', { name: 'Próximos eventos' }).getByRole('button').first().click();
    await visit.page.getByRole('dialog', { name: 'Event Details' }).getByLabel('Event', { exact: true }).waitFor();
    const api = visit.requests.filter((request) => request.path.startsWith('/api/'));
    // Beside the start's GET /api/auth/me (docs/product.md §1, departure 3), asserted on its own in spec7-calls.
    expect(api.filter((request) => `${request.method} ${request.path}` !== SESSION_CALL)).toHaveLength(2);
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
    // Beside the start's GET /api/auth/me (docs/product.md §1, departure 3), asserted on its own in spec7-calls.
    await visit.until(() => visit.specApiCalls().length === 2, 'a second window call');
    expect(visit.specApiCalls()).toEqual([windowCall, windowCall]);
    await page.getByRole('tab', { name: 'My Events' }).click();
    await page.getByRole('tab', { name: 'Leader View' }).click();
    await visit.until(() => visit.specApiCalls().length === 3, 'a third window call');
    expect(visit.specApiCalls()).toEqual([windowCall, windowCall, windowCall]);
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
    // Beside the start's GET /api/auth/me (docs/product.md §1, departure 3).
    await visit.until(() => visit.specApiCalls().length === 2, 'the day call');
    expect(visit.specApiCalls().at(-1)).toBe(`GET /api/events?date=${day}`);
  });

  portalTest('for a visitor the only auth calls are the start\'s GET /api/auth/me and the forms\' POSTs; no allocation call exists (docs/product.md §1, departures 2 and 3)', async (visit) => {
    const { page } = visit;
    await visit.goto('/login');
    // Empty forms send nothing (the first empty field gets the focus).
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('button', { name: 'Cadastrar', exact: true }).click();
    const register = page.getByRole('form', { name: 'Criar conta' });
    await register.getByRole('button', { name: 'Cadastrar' }).click();
    expect(visit.apiCalls().filter((call) => call.startsWith('POST '))).toEqual([]);
    // Filled ones post to /api/auth/* (departure 2); these are refused, so the visitor stays one.
    await register.getByLabel('Nome').fill('Ana');
    await register.getByLabel('Email de cadastro').fill('lider@demo.koinonia');
    await register.getByLabel('Senha de cadastro').fill('uma senha longa');
    await register.getByRole('button', { name: 'Cadastrar' }).click();
    await register.getByRole('alert').waitFor();
    await page.getByRole('button', { name: 'Fazer Login', exact: true }).click();
    const login = page.getByRole('form', { name: 'Login' });
    await login.getByLabel('Email de login').fill('ninguem@example.org');
    await login.getByLabel('Senha de login').fill('senha-errada');
    await login.getByRole('button', { name: 'Login', exact: true }).click();
    await login.getByRole('alert').waitFor();
    await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Eventos' }).click();
    await page.getByRole('tab', { name: 'Leader View' }).click();
    await page.getByRole('list', { name: 'Escala de membros' }).getByRole('button').first().click();
    const dialog = page.getByRole('dialog', { name: 'Allocate Member to Event' });
    await dialog.getByLabel('Department', { exact: true }).fill('Louvor');
    await dialog.getByLabel('Member', { exact: true }).fill('Ana');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.evaluate(() => fetch('/favicon.svg'));
    await visit.until(() => visit.requests.some((request) => request.path === '/favicon.svg'), 'the marker request');
    const calls = visit.apiCalls();
    expect(calls.filter((call) => call.includes('/api/auth/'))).toEqual([SESSION_CALL, 'POST /api/auth/register', 'POST /api/auth/login']);
    expect(calls.filter((call) => !call.includes('/api/auth/')).every((call) => call.startsWith('GET /api/events'))).toBe(true);
    expect(calls.filter((call) => /allocation/.test(call))).toEqual([]);
  });
});
