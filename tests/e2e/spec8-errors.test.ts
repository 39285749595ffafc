import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { describePortal } from './support/portalBrowser.ts';
import { dayLabel, expectedEvents, formatDay } from './support/portalData.ts';

const FAILURE = { status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"Erro interno."}}' };

async function failEventCalls(page: Page, pattern: RegExp, status = 500) {
  await page.route(pattern, (route) => route.fulfill({ ...FAILURE, status }));
}

describePortal('§8 error catalogue', (portalTest) => {
  portalTest('a failed events call logs "HTTP error! status: 500" and the screen shows no message', async (visit) => {
    const { page } = visit;
    await failEventCalls(page, /\/api\/events\?from=/);
    await visit.goto('/events');
    await visit.until(() => visit.appErrors().includes('HTTP error! status: 500'), 'the console line');
    expect(visit.appErrors()).toEqual(['HTTP error! status: 500']);
    const main = page.getByRole('main');
    expect(await main.getByRole('list').count()).toBe(0);
    expect(await main.getByRole('alert').count()).toBe(0);
    const text = await main.innerText();
    expect(text).not.toMatch(/erro|error|Carregando|Nenhum evento/i);
    expect(await page.locator('[data-has-events="true"]').count()).toBe(0);
  });

  portalTest('any non-success status is logged as "HTTP error! status: {status}" (Leader View, 503)', async (visit) => {
    const { page } = visit;
    await visit.goto('/events');
    await page.getByRole('list', { name: 'Próximos eventos' }).waitFor();
    await failEventCalls(page, /\/api\/events\?from=/, 503);
    await page.getByRole('tab', { name: 'Leader View' }).click();
    await visit.until(() => visit.appErrors().includes('HTTP error! status: 503'), 'the console line');
    expect(await page.getByRole('main').getByRole('alert').count()).toBe(0);
  });

  portalTest('a failed day call logs "HTTP error! status: 500" and shows no message', async (visit) => {
    const { page } = visit;
    const expected = await expectedEvents();
    await failEventCalls(page, /\/api\/events\?date=/);
    await visit.goto('/events');
    await page.getByRole('list', { name: 'Próximos eventos' }).waitFor();
    const day = expected.window.today;
    await page.getByRole('button', { name: dayLabel(day, expected.days.get(day) ?? 0), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Events on ${formatDay(day)}` });
    await visit.until(() => visit.appErrors().includes('HTTP error! status: 500'), 'the console line');
    await visit.until(async () => (await dialog.getByText('Carregando…').count()) === 0, 'loading finished');
    expect(await dialog.getByRole('list').count()).toBe(0);
    expect(await dialog.locator('.modal__body').innerText()).toBe('');
  });

  portalTest('the details modal shows "Error loading event details" when the event could not be loaded (and logs the status)', async (visit) => {
    const { page } = visit;
    await failEventCalls(page, /\/api\/events\/\d+$/, 404);
    await visit.goto('/events');
    await page.getByRole('list', { name: 'Próximos eventos' }).getByRole('button').first().click();
    const dialog = page.getByRole('dialog', { name: 'Event Details' });
    await dialog.getByText('Error loading event details', { exact: true }).waitFor();
    await visit.until(() => visit.appErrors().includes('HTTP error! status: 404'), 'the console line');
  });

  portalTest('the router\'s fallback error page reads "Unexpected Application Error!"', async (visit) => {
    const { page } = visit;
    // A page that throws while rendering: the public config names a timezone that does not exist.
    await page.route(/\/events$/, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace('"timeZone":"America/Sao_Paulo"', '"timeZone":"Nowhere/Atlantis"');
      await route.fulfill({ response, body: html });
    });
    await visit.goto('/events');
    const heading = page.getByRole('heading', { name: 'Unexpected Application Error!' });
    await heading.waitFor();
    expect(await heading.textContent()).toBe('Unexpected Application Error!');
    // It replaces the whole app, shell included.
    expect(await page.getByRole('banner').count()).toBe(0);
  });

  portalTest('if the root element is missing, the console logs "Root element not found"', async (visit) => {
    const { page } = visit;
    await page.route(/\/$/, async (route) => {
      const response = await route.fetch();
      // The page comes pre-rendered: the root element goes with everything in it.
      const html = (await response.text()).replace(/<div id="root">[\s\S]*<\/div>(?=\s*<\/body>)/, '');
      await route.fulfill({ response, body: html });
    });
    await visit.goto('/');
    await visit.until(() => visit.appErrors().includes('Root element not found'), 'the console line');
    expect(visit.appErrors()).toEqual(['Root element not found']);
    expect(await page.locator('body').innerText()).toBe('');
  });

  portalTest('a normal visit logs no error at all', async (visit) => {
    const { page } = visit;
    await visit.goto('/events');
    await page.getByRole('list', { name: 'Próximos eventos' }).getByRole('button').first().click();
    await page.getByRole('dialog', { name: 'Event Details' }).getByLabel('Event', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await visit.goto('/login');
    await page.getByRole('button', { name: 'Cadastrar', exact: true }).click();
    await visit.goto('/');
    await page.getByRole('heading', { name: 'Welcome to Koinonia' }).waitFor();
    expect(visit.consoleOf('error')).toEqual([]);
    expect(visit.consoleOf('warning')).toEqual([]);
    expect(visit.pageErrors).toEqual([]);
  });
});
