import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { EventType, ManagedEvent } from '../../shared/schemas/eventManagement.ts';
import { DEMO_LEADER_EMAIL, DEMO_PASSWORD, freshEmail, PortalApiClient, signInThroughForm, startAnonymous } from './support/accounts.ts';
import { describePortal, PortalVisit, WAIT_MS } from './support/portalBrowser.ts';
import { formatShortDateTime } from '../../shared/formats.ts';
import { addDays, expectedEvents, formatDay } from './support/portalData.ts';

const MEMBER_PASSWORD = 'senha do joel 12345';

/**
 * The member's own browser, beside the file's (where the leader is signed in): another Chromium, so the two
 * sessions never share a cookie.
 */
let memberBrowser: Browser | undefined;

beforeAll(async () => {
  memberBrowser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
});

afterAll(async () => {
  await memberBrowser?.close();
});

/** A page in the member's browser, recorded like the file's own. */
async function memberVisit(baseUrl: string, width = 1440): Promise<{ visit: PortalVisit; close: () => Promise<void> }> {
  const context = await memberBrowser!.newContext({ timezoneId: 'Asia/Tokyo', viewport: { width, height: 900 } });
  context.setDefaultTimeout(WAIT_MS);
  const page = await context.newPage();
  return { visit: new PortalVisit(page, baseUrl), close: () => context.close() };
}

/** An event of the portal for this test only: tomorrow (network day) at `time`. */
async function eventTomorrow(leaderApi: PortalApiClient, time: string): Promise<{ event: ManagedEvent; day: string; timeZone: string; typeName: string }> {
  const { timeZone, window } = await expectedEvents();
  const [eventType] = await leaderApi.expect<EventType[]>(200, 'GET', '/api/event-types');
  expect(eventType, 'o seed tem tipos de evento').toBeDefined();
  const day = addDays(window.today, 1);
  const event = await leaderApi.expect<ManagedEvent>(201, 'POST', '/api/events', { datetime: `${day}T${time}`, event_type_id: eventType!.id });
  return { event, day, timeZone, typeName: eventType!.name };
}

function leaderItem(page: Page, eventId: number): Locator {
  return page
    .getByRole('list', { name: 'Escala de membros' })
    .getByRole('listitem')
    .filter({ has: page.locator(`[data-event-id="${eventId}"]`) });
}

/** The text of the leader's row for a member: name, department, answer and the reason of a decline. */
async function leaderRow(item: Locator, name: string): Promise<string> {
  const who = item.locator('.event-allocations__who').filter({ hasText: name });
  return ((await who.innerText()) ?? '').replace(/\s+/g, ' ').trim();
}

/** Presses Tab until `target` has the focus (a date field's day, month and year are stops of their own). */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let presses = 0; presses < 12; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab não chegou ao campo');
}

/**
 * Types a day into a native date field with the keyboard, as its digits go in the browser's own order: month
 * first (en-US, this Chromium's), else day first (pt-BR).
 */
async function typeDate(page: Page, field: Locator, day: string): Promise<void> {
  const [year, month, dayOfMonth] = day.split('-');
  for (const digits of [`${month}${dayOfMonth}${year}`, `${dayOfMonth}${month}${year}`]) {
    await field.focus();
    await page.keyboard.type(digits);
    if ((await field.inputValue()) === day) return;
    await field.blur();
  }
  throw new Error(`o campo de data não aceitou ${day}`);
}

/** The leader comes back to their tab: the browser tells the page it is focused (what a tab switch does). */
async function leaderLooksAgain(page: Page): Promise<void> {
  await page.bringToFront();
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
}

describePortal('Escalas answered (issue 13)', (portalTest) => {
  portalTest('a leader allocates; the member declines with a reason; the leader sees it without reloading; the member confirms after all', async (visit) => {
    const { page } = visit;
    const email = freshEmail('joel');
    await PortalApiClient.register('Joel Respondente', email, MEMBER_PASSWORD);
    const leaderApi = await PortalApiClient.signIn(DEMO_LEADER_EMAIL, DEMO_PASSWORD);
    const { event, timeZone, typeName } = await eventTomorrow(leaderApi, '20:00');
    const member = await memberVisit(visit.baseUrl);

    try {
      // The leader allocates Joel through the screens.
      await startAnonymous(visit);
      await signInThroughForm(visit, DEMO_LEADER_EMAIL, DEMO_PASSWORD);
      await page.getByRole('tab', { name: 'Leader View' }).click();
      const dialog = page.getByRole('dialog', { name: 'Allocate Member to Event' });
      await visit.clickUntil(page.getByRole('list', { name: 'Escala de membros' }).locator(`[data-event-id="${event.id}"]`), dialog, 'o diálogo de alocação abre');
      await dialog.getByLabel('Department', { exact: true }).fill('Louvor');
      await dialog.getByLabel('Member', { exact: true }).fill(email);
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await dialog.waitFor({ state: 'detached' });
      const item = leaderItem(page, event.id);
      await item.getByText('Joel Respondente').waitFor();
      expect(await leaderRow(item, 'Joel Respondente')).toBe('Joel Respondente Louvor pendente');
      expect(await item.locator('.event-allocations__summary').innerText()).toBe('1 pendente');
      // From here on the leader's page is never reloaded: this mark would be gone.
      await page.evaluate(() => Object.assign(window, { semRecarregar: true }));

      // Joel, in his own browser: My Events, Não posso with a reason.
      const joel = member.visit;
      await startAnonymous(joel);
      await signInThroughForm(joel, email, MEMBER_PASSWORD);
      await joel.page.getByRole('tab', { name: 'My Events' }).click();
      const mine = joel.page.getByRole('list', { name: 'Minhas escalas' }).getByRole('listitem').filter({ has: joel.page.locator(`[data-event-id="${event.id}"]`) });
      const status = mine.locator('.my-service__status');
      await expect.poll(() => status.innerText(), { timeout: WAIT_MS }).toBe('Aguardando sua resposta');
      const answer = mine.getByRole('group', { name: `Resposta: ${typeName}, ${formatShortDateTime(event.datetime, timeZone)} (Louvor)` });
      await answer.getByRole('button', { name: 'Não posso' }).click();
      await answer.getByLabel('Motivo (opcional)').fill('Viagem de trabalho');
      // The answer shows at once; the leader looks once the API has it.
      let saved = joel.page.waitForResponse((response) => response.url().endsWith('/response') && response.request().method() === 'POST');
      await answer.getByRole('button', { name: 'Enviar recusa' }).click();
      await expect.poll(() => status.innerText(), { timeout: WAIT_MS }).toBe('Você recusou');
      expect((await saved).status()).toBe(200);
      expect(await answer.getByRole('button', { name: 'Não posso' }).getAttribute('aria-pressed')).toBe('true');

      // The answer survives a reload of Joel's page.
      await joel.page.reload();
      await joel.page.getByRole('tab', { name: 'My Events' }).click();
      await expect.poll(() => status.innerText(), { timeout: WAIT_MS }).toBe('Você recusou');

      // The leader sees the decline and its reason on the page left open.
      await leaderLooksAgain(page);
      await expect.poll(() => leaderRow(item, 'Joel Respondente'), { timeout: WAIT_MS }).toBe('Joel Respondente Louvor recusado Motivo: Viagem de trabalho');
      expect(await item.locator('.event-allocations__summary').innerText()).toBe('1 recusou');

      // Joel changes his mind: Confirmar undoes the decline.
      saved = joel.page.waitForResponse((response) => response.url().endsWith('/response') && response.request().method() === 'POST');
      await answer.getByRole('button', { name: 'Confirmar' }).click();
      await expect.poll(() => status.innerText(), { timeout: WAIT_MS }).toBe('Você confirmou');
      expect((await saved).status()).toBe(200);
      await leaderLooksAgain(page);
      await expect.poll(() => leaderRow(item, 'Joel Respondente'), { timeout: WAIT_MS }).toBe('Joel Respondente Louvor confirmado');
      expect(await item.locator('.event-allocations__summary').innerText()).toBe('1 confirmado');
      expect(await page.evaluate(() => (window as unknown as { semRecarregar?: boolean }).semRecarregar)).toBe(true);

      expect(visit.appErrors()).toEqual([]);
      expect(joel.appErrors()).toEqual([]);
      expect(joel.apiCalls().filter((call) => /^POST \/api\/allocations\/\d+\/response$/.test(call))).toHaveLength(2);
    } finally {
      await member.close();
      await leaderApi.call('DELETE', `/api/events/${event.id}?confirm=true`);
    }
  });

  portalTest('at 360 px a member blocks a day with the keyboard; the leader’s picker marks them unavailable before Submit, and the 409 offers “Alocar mesmo assim”', async (visit) => {
    const { page } = visit;
    const email = freshEmail('bia');
    await PortalApiClient.register('Bia Indisponível', email, MEMBER_PASSWORD);
    const leaderApi = await PortalApiClient.signIn(DEMO_LEADER_EMAIL, DEMO_PASSWORD);
    const { event, day } = await eventTomorrow(leaderApi, '10:00');
    const member = await memberVisit(visit.baseUrl, 360);

    try {
      // Bia, on a phone-sized screen, with the keyboard only.
      const bia = member.visit;
      await startAnonymous(bia);
      await signInThroughForm(bia, email, MEMBER_PASSWORD);
      await bia.goto('/disponibilidade');
      const form = bia.page.getByRole('form', { name: 'Marcar dias em que não posso servir' });
      const last = form.getByLabel('Último dia');
      await typeDate(bia.page, form.getByLabel('Primeiro dia'), day);
      await tabTo(bia.page, last);
      await typeDate(bia.page, last, day);
      await tabTo(bia.page, form.getByLabel('Observação (opcional)'));
      await bia.page.keyboard.type('Consulta médica');
      await tabTo(bia.page, form.getByRole('button', { name: 'Adicionar período' }));
      await bia.page.keyboard.press('Enter');
      const range = bia.page.getByRole('listitem', { name: formatDay(day) });
      await range.waitFor();
      expect(await range.getByText('Consulta médica').count()).toBe(1);
      // Nothing wider than the screen.
      expect(await bia.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      expect(bia.appErrors()).toEqual([]);

      // The leader: the picker marks Bia before Submit; Submit meets the 409 and its override.
      await startAnonymous(visit);
      await signInThroughForm(visit, DEMO_LEADER_EMAIL, DEMO_PASSWORD);
      await page.getByRole('tab', { name: 'Leader View' }).click();
      const dialog = page.getByRole('dialog', { name: 'Allocate Member to Event' });
      await visit.clickUntil(page.getByRole('list', { name: 'Escala de membros' }).locator(`[data-event-id="${event.id}"]`), dialog, 'o diálogo de alocação abre');
      await dialog.getByLabel('Department', { exact: true }).fill('Recepção');
      await dialog.getByLabel('Member', { exact: true }).fill(email);
      const notice = dialog.locator('.allocation-form__candidate');
      await expect.poll(() => notice.innerText(), { timeout: WAIT_MS }).toBe(`Indisponível: Bia Indisponível marcou que não pode servir em ${formatDay(day)}.`);
      await dialog.getByRole('button', { name: 'Submit' }).click();
      const alert = dialog.getByRole('alert');
      await alert.waitFor();
      const alertText = await alert.innerText();
      expect(alertText).toContain('Membro indisponível');
      expect(alertText).toContain(`Indisponível em ${formatDay(day)}`);
      expect(alertText).not.toContain('Consulta');
      await dialog.getByRole('button', { name: 'Alocar mesmo assim' }).click();
      await dialog.waitFor({ state: 'detached' });
      await leaderItem(page, event.id).getByText('Bia Indisponível').waitFor();
      expect(visit.appErrors()).toEqual([]);
    } finally {
      await member.close();
      await leaderApi.call('DELETE', `/api/events/${event.id}?confirm=true`);
    }
  });
});
