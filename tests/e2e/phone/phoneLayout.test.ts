import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { signInAsLeader } from '../support/leaderSession.ts';
import { describePortal, type PortalVisit } from '../support/portalBrowser.ts';

/** The phone a member met the portal on (issue 16). */
const PHONE = { width: 360, height: 740 };
/** The smallest touch target (WCAG 2.5.5, Android's and Apple's guidelines). */
const TOUCH_TARGET = 44;

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`sem caixa: ${String(locator)}`);
  return found;
}

/** The sizes of every element `selector` matches that is on screen (display not none). */
function sizesOf(page: Page, selector: string): Promise<Array<{ text: string; width: number; height: number }>> {
  return page.evaluate(
    (css) =>
      [...document.querySelectorAll<HTMLElement>(css)]
        .filter((element) => element.getClientRects().length > 0)
        .map((element) => {
          const rect = element.getBoundingClientRect();
          return { text: (element.getAttribute('aria-label') ?? element.textContent ?? '').trim(), width: rect.width, height: rect.height };
        }),
    selector,
  );
}

async function expectTargets(page: Page, selector: string, what: string): Promise<void> {
  const sizes = await sizesOf(page, selector);
  expect(sizes.length, `${what}: some on screen`).toBeGreaterThan(0);
  const small = sizes.filter((size) => size.height < TOUCH_TARGET - 0.5 || size.width < TOUCH_TARGET - 0.5);
  expect(small, `${what} under ${TOUCH_TARGET} px`).toEqual([]);
}

/** Whether a form control shows all of its value (nothing cut off to the right or below). */
function showsWholeValue(control: Locator): Promise<boolean> {
  return control.evaluate((element) => {
    const field = element as HTMLInputElement | HTMLTextAreaElement;
    return field.scrollWidth <= field.clientWidth + 1 && field.scrollHeight <= field.clientHeight + 1;
  });
}

async function openEventsAnonymous(visit: PortalVisit): Promise<void> {
  await visit.page.context().clearCookies();
  await visit.goto('/events');
  await visit.page.getByRole('list', { name: 'Próximos eventos' }).waitFor();
  await visit.page.locator('.calendar').first().waitFor();
}

async function openLeaderView(visit: PortalVisit): Promise<void> {
  await signInAsLeader(visit);
  await visit.goto('/events');
  await visit.page.getByRole('tab', { name: 'Leader View' }).click();
  await visit.page.getByRole('button', { name: 'Novo evento' }).waitFor();
  await visit.page.getByRole('list', { name: 'Escala de membros' }).waitFor();
}

describePortal('on a 360 × 740 phone (issue 16)', (portalTest) => {
  portalTest(
    'the top bar and the menu take two short rows, with every link of the menu in one sideways row and Eventos in view on /events',
    async (visit) => {
      const { page } = visit;
      await openEventsAnonymous(visit);
      const header = await box(page.getByRole('banner'));
      expect(header.height).toBeLessThanOrEqual(96);
      const nav = page.getByRole('navigation', { name: 'Navegação principal' });
      expect(await nav.getByRole('link').allTextContents()).toEqual(['Início', 'Ministério', 'Igrejas', 'Escolas', 'Rede', 'Departamentos', 'Eventos']);
      const tops = await Promise.all((await nav.getByRole('link').all()).map(async (link) => (await box(link)).y));
      expect(new Set(tops).size, 'one row').toBe(1);
      const eventos = await box(nav.getByRole('link', { name: 'Eventos' }));
      expect(eventos.x).toBeGreaterThanOrEqual(0);
      expect(eventos.x + eventos.width).toBeLessThanOrEqual(PHONE.width);
      // The page itself does not scroll sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    },
    PHONE,
  );

  portalTest(
    'buttons, tabs, list items, calendar days, menu and footer links are touch targets of at least 44 px',
    async (visit) => {
      const { page } = visit;
      await openEventsAnonymous(visit);
      await expectTargets(page, '.main-nav__link', 'the menu’s links');
      await expectTargets(page, '.top-bar__account', 'the top bar’s Entrar');
      await expectTargets(page, '[role="tab"]', 'the tabs');
      await expectTargets(page, '.event-button', 'the list’s events');
      await expectTargets(page, '.calendar__day', 'the calendar days');
      await expectTargets(page, '.site-footer__social-link', 'the footer’s links');
      await page.getByRole('list', { name: 'Próximos eventos' }).getByRole('button').first().click();
      const dialog = page.getByRole('dialog', { name: 'Event Details' });
      await dialog.getByLabel('Event', { exact: true }).waitFor();
      await expectTargets(page, 'dialog .button', 'the dialog’s buttons');
    },
    PHONE,
  );

  portalTest(
    'the Date of Event Details shows the whole date and time, not "…às 09"',
    async (visit) => {
      const { page } = visit;
      await openEventsAnonymous(visit);
      await page.getByRole('list', { name: 'Próximos eventos' }).getByRole('button').first().click();
      const dialog = page.getByRole('dialog', { name: 'Event Details' });
      const date = dialog.getByLabel('Date', { exact: true });
      await dialog.getByLabel('Event', { exact: true }).waitFor();
      expect(await date.inputValue()).toMatch(/^\d{1,2} de \p{L}+ de \d{4} às \d{2}:\d{2}:\d{2}$/u);
      expect(await showsWholeValue(date)).toBe(true);
      const dialogBox = await box(dialog);
      const dateBox = await box(date);
      expect(dateBox.x + dateBox.width).toBeLessThanOrEqual(dialogBox.x + dialogBox.width);
    },
    PHONE,
  );

  portalTest(
    'a leader’s allocation dialog shows the whole Date; Editar and Cancelar are 44 px targets',
    async (visit) => {
      const { page } = visit;
      await openLeaderView(visit);
      await expectTargets(page, '.event-management__action', 'Editar and Cancelar');
      const list = page.getByRole('list', { name: 'Escala de membros' });
      await list.locator('.event-button').first().click();
      const dialog = page.getByRole('dialog', { name: 'Allocate Member to Event' });
      const date = dialog.getByLabel('Date', { exact: true });
      await date.waitFor();
      expect(await showsWholeValue(date)).toBe(true);
    },
    PHONE,
  );
});

describePortal('the event form (issue 16)', (portalTest) => {
  portalTest('Data and Hora side by side start at the same height', async (visit) => {
    const { page } = visit;
    await openLeaderView(visit);
    await page.getByRole('button', { name: 'Novo evento' }).click();
    const form = page.getByRole('dialog', { name: 'Novo evento' });
    const date = await box(form.getByLabel('Data', { exact: true }));
    const time = await box(form.getByLabel('Hora', { exact: true }));
    expect(time.x, 'side by side').toBeGreaterThan(date.x + date.width - 1);
    expect(Math.abs(date.y - time.y)).toBeLessThanOrEqual(1);
    expect(Math.abs(date.height - time.height)).toBeLessThanOrEqual(1);
  });
});
