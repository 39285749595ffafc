import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { addDays, dayKeyOf } from '../../../shared/dayKey.ts';
import type { User } from '../../../shared/schemas/auth.ts';
import type { EventType, ManagedEvent } from '../../../shared/schemas/eventManagement.ts';
import { COVER_LINK_PARAM } from '../../../shared/coverLink.ts';
import { freshEmail, signInThroughForm, startAnonymous } from '../support/accounts.ts';
import { startOwnPortal, type OwnPortal } from '../support/ownPortal.ts';
import { describePortal, PortalVisit, WAIT_MS } from '../support/portalBrowser.ts';
import { E2E_TIME_ZONE } from '../support/portalServer.ts';

/** The API of this file's own portal, with a session of its own (arranging what the screens under test need). */
class Api {
  private cookie = '';
  constructor(private readonly baseUrl: string) {}
  async expect<T>(status: number, method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(this.baseUrl + path, {
      method,
      headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(this.cookie ? { Cookie: this.cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = response.headers.getSetCookie().find((line) => /koinonia_session=/.test(line));
    if (setCookie) this.cookie = setCookie.split(';')[0]!;
    const text = await response.text();
    expect(response.status, `${method} ${path}: ${text}`).toBe(status);
    return (text === '' ? null : JSON.parse(text)) as T;
  }
  static async register(baseUrl: string, name: string, email: string, password: string): Promise<{ client: Api; user: User }> {
    const client = new Api(baseUrl);
    const { user } = await client.expect<{ user: User }>(201, 'POST', '/api/auth/register', { name, email, password });
    return { client, user };
  }
}

/** Its own portal (a seeded database of its own): the people and the event it adds touch no other file's data. */
let own: OwnPortal | undefined;
beforeAll(async () => {
  own = await startOwnPortal(inject('clientDir'));
});
afterAll(async () => {
  await own?.close();
});

const PHONE = { width: 360, height: 740 };
const PASSWORD = 'senha de quem serve 12345';

/** A second browser (its own cookies) for the member who takes the place. */
let otherBrowser: Browser | undefined;
beforeAll(async () => {
  otherBrowser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'] });
});
afterAll(async () => {
  await otherBrowser?.close();
});

describePortal(
  'cover requests at 360 px (issue 24, docs/product.md §10)',
  (portalTest) => {
  portalTest('a member asks for cover, another accepts from the e-mail’s link, the leader sees the new name', async (visit) => {
    // Rita and Edu sing in Sede's Louvor; Rita serves tomorrow.
    const rita = await Api.register(visit.baseUrl, 'Rita Requer', freshEmail('rita'), PASSWORD);
    const edu = await Api.register(visit.baseUrl, 'Edu Assume', freshEmail('edu'), PASSWORD);
    const ada = await Api.register(visit.baseUrl, 'Ada Admin', freshEmail('ada'), PASSWORD);
    await own!.setRole(ada.user.email, 'admin');
    const leaderApi = ada.client;
    const sede = (await leaderApi.expect<Array<{ id: number; name: string }>>(200, 'GET', '/api/churches')).find((church) => church.name === 'Sede')!;
    const louvor = (await leaderApi.expect<Array<{ id: number; name: string }>>(200, 'GET', '/api/departments')).find((department) => department.name === 'Louvor')!;
    const vocal = (await leaderApi.expect<Array<{ id: number; name: string }>>(200, 'GET', `/api/departments/${louvor.id}/positions`)).find((position) => position.name === 'Vocal')!;
    for (const person of [rita.user, edu.user] as User[]) {
      await leaderApi.expect(200, 'PUT', `/api/teams/${sede.id}/${louvor.id}/members/${person.id}`, { positions: [vocal.id] });
    }
    const [eventType] = await leaderApi.expect<EventType[]>(200, 'GET', '/api/event-types');
    const tomorrow = addDays(dayKeyOf(new Date(), E2E_TIME_ZONE), 1);
    const event = await leaderApi.expect<ManagedEvent>(201, 'POST', '/api/events', { datetime: `${tomorrow}T06:00`, event_type_id: eventType!.id, church_id: sede.id });
    await leaderApi.expect(201, 'POST', `/api/events/${event.id}/allocations`, { department: louvor.id, member: rita.user.email, position: vocal.id });

    // Rita, on her phone: My Events, "Pedir cobertura" with a note.
    const { page } = visit;
    await page.setViewportSize(PHONE);
    await startAnonymous(visit);
    await signInThroughForm(visit, rita.user.email, PASSWORD);
    await page.getByRole('tab', { name: 'My Events' }).click();
    const mine = page.getByRole('list', { name: 'Minhas escalas' }).getByRole('listitem').filter({ has: page.locator(`[data-event-id="${event.id}"]`) });
    await mine.getByRole('button', { name: /^Pedir cobertura:/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Pedir cobertura' });
    await dialog.getByLabel('Recado para os líderes (opcional)').fill('Plantão no hospital');
    await dialog.getByRole('button', { name: 'Pedir cobertura' }).click();
    await mine.getByText(/^Você pediu cobertura/).waitFor();

    // Edu, on his phone, follows the link of his e-mail (/events?cobertura=<id>) and takes the place.
    const [request] = await edu.client.expect<Array<{ id: number }>>(200, 'GET', '/api/me/cover-requests');
    expect(request, 'Edu pode assumir o pedido').toBeDefined();
    const context = await otherBrowser!.newContext({ timezoneId: 'Asia/Tokyo', viewport: PHONE });
    context.setDefaultTimeout(WAIT_MS);
    try {
      const eduVisit = new PortalVisit(await context.newPage(), visit.baseUrl);
      await startAnonymous(eduVisit);
      await signInThroughForm(eduVisit, edu.user.email, PASSWORD);
      await eduVisit.goto(`/events?${COVER_LINK_PARAM}=${request!.id}`);
      await eduVisit.page.getByRole('tab', { name: 'My Events' }).click();
      const section = eduVisit.page.getByRole('region', { name: 'Pedidos de cobertura' });
      await section.getByRole('button', { name: /^Assumir o lugar de Rita Requer/ }).click();
      await section.getByText(/^Pronto! Você assumiu o lugar de Rita Requer/).waitFor();
    } finally {
      await context.close();
    }

    // The leader sees the new name in Leader View.
    await page.setViewportSize({ width: 1440, height: 900 });
    const leaderPage = await visit.page.context().newPage();
    try {
      const leaderVisit = new PortalVisit(leaderPage, visit.baseUrl);
      await leaderVisit.page.context().clearCookies();
      await startAnonymous(leaderVisit);
      await signInThroughForm(leaderVisit, ada.user.email, PASSWORD);
      await leaderPage.setViewportSize(PHONE);
      await leaderPage.getByRole('tab', { name: 'Leader View' }).click();
      const item = leaderPage.getByRole('list', { name: 'Escala de membros' }).getByRole('listitem').filter({ has: leaderPage.locator(`[data-event-id="${event.id}"]`) });
      const taker = item.locator('.event-allocations__who').filter({ hasText: 'Edu Assume' });
      await expect.poll(async () => (await taker.innerText().catch(() => '')).replace(/\s+/g, ' ')).toContain('Assumiu por cobertura');
    } finally {
      await leaderPage.close();
    }
  });
},
  { baseUrl: () => own!.baseUrl },
);
