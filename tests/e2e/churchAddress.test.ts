import { expect } from 'vitest';
import { DEMO_CHURCHES } from '../../server/demo/demoNetwork.ts';
import { googleCalendarUrl, webcalUrl } from '../../shared/calendarSubscription.ts';
import { mapLink } from '../../shared/mapLink.ts';
import { DEMO_MEMBER_EMAIL, DEMO_PASSWORD } from './support/accounts.ts';
import { axeViolations } from './support/axe.ts';
import { describePortal, type PortalVisit } from './support/portalBrowser.ts';

const PHONE = { width: 360, height: 740 };
const MAP = 'Ver no mapa (abre em nova aba)';
const SEDE = DEMO_CHURCHES.find((church) => church.name === 'Sede')!;

async function signInAsMember(visit: PortalVisit): Promise<void> {
  const response = await visit.page.request.post(`${visit.baseUrl}/api/auth/login`, { data: { email: DEMO_MEMBER_EMAIL, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
}

/** Whether anything makes the page wider than the screen. */
function overflowsSideways(visit: PortalVisit): Promise<boolean> {
  return visit.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

/**
 * Where a church is and how to follow the agenda (issue 21, item 4), in Chromium at 360 px with the demo's churches
 * (Sede has an address and service times): the signed-in list and Event Details say where, with the map; the
 * events page's "Assinar a agenda" gives the public feed as webcal://, Google and Apple. Nothing wider than the
 * phone, the standalone map link a 44 px target, and axe finds nothing; a visitor's page has none of it.
 */
describePortal('where a church is, on a phone (issue 21, item 4)', (portalTest) => {
  portalTest(
    'a member: the list and Event Details show Sede’s address with its map, and Assinar a agenda its three links',
    async (visit) => {
      const { page } = visit;
      await signInAsMember(visit);
      await visit.goto('/events');
      const list = page.getByRole('list', { name: 'Próximos eventos' });
      await list.waitFor();
      const all = page.getByRole('button', { name: /^Ver todos os eventos/ });
      if (await all.isVisible()) await all.click();

      const sedeMap = list.getByRole('link', { name: MAP }).and(page.locator(`[href="${mapLink(SEDE.address!)}"]`)).first();
      await sedeMap.waitFor();
      expect(await sedeMap.getAttribute('target')).toBe('_blank');
      expect(await sedeMap.getAttribute('rel')).toBe('noopener noreferrer');

      const section = page.getByRole('region', { name: 'Assinar a agenda' });
      await section.waitFor();
      const feed = `${visit.baseUrl}/api/calendar.ics`;
      expect(await section.getByLabel('Endereço da agenda').inputValue()).toBe(feed);
      expect(await section.getByRole('link', { name: 'Abrir no app de calendário' }).getAttribute('href')).toBe(webcalUrl(feed));
      expect(await section.getByRole('link', { name: 'Google Agenda (abre em nova aba)' }).getAttribute('href')).toBe(googleCalendarUrl(feed));
      expect(await section.getByRole('link', { name: 'Apple (iPhone, iPad, Mac)' }).getAttribute('href')).toBe(webcalUrl(feed));
      const answer = await page.request.get(feed);
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-type']).toMatch(/^text\/calendar/);

      expect(await overflowsSideways(visit)).toBe(false);
      expect(await axeViolations(page, '.events-page')).toEqual([]);

      // Event Details of one of Sede's services.
      await sedeMap.locator('xpath=ancestor::li[1]').locator('.event-button').click();
      const dialog = page.getByRole('dialog', { name: 'Event Details' });
      await dialog.getByLabel('Endereço da igreja').waitFor();
      expect(await dialog.getByLabel('Igreja', { exact: true }).inputValue()).toBe('Sede');
      expect(await dialog.getByLabel('Endereço da igreja').inputValue()).toBe(SEDE.address);
      expect(await dialog.getByLabel('Horários de culto').inputValue()).toBe(SEDE.service_times);
      const dialogMap = dialog.getByRole('link', { name: MAP });
      expect(await dialogMap.getAttribute('href')).toBe(mapLink(SEDE.address!));
      const target = await dialogMap.boundingBox();
      expect(target!.height).toBeGreaterThanOrEqual(44);
      expect(await overflowsSideways(visit)).toBe(false);
      expect(await axeViolations(page, 'dialog[open]')).toEqual([]);
    },
    PHONE,
  );

  portalTest(
    'a visitor: no address, no map and no Assinar a agenda',
    async (visit) => {
      const { page } = visit;
      await page.context().clearCookies();
      await visit.goto('/events');
      await page.getByRole('list', { name: 'Próximos eventos' }).waitFor();
      await page.locator('.calendar').first().waitFor();
      expect(await page.getByRole('link', { name: MAP }).count()).toBe(0);
      expect(await page.getByText('Assinar a agenda').count()).toBe(0);
      expect(await page.locator('a[href^="webcal:"]').count()).toBe(0);
      expect(await page.getByText(SEDE.address!).count()).toBe(0);
    },
    PHONE,
  );
});
