import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DEMO_TEAM_LEADER_EMAIL } from '../../../server/demo/demoNetwork.ts';
import { DEMO_LEADER_EMAIL, DEMO_MEMBER_EMAIL, DEMO_PASSWORD } from '../support/accounts.ts';
import { startOwnPortal, type OwnPortal } from '../support/ownPortal.ts';
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

/**
 * Every control a finger may aim at that is on screen: buttons, links, tabs, form fields, and the labels of
 * check boxes (the label is the target). Left out: what is out of sight until focused (the skip links, measured
 * focused), whatever an open dialog makes inert, and a link inside a sentence (WCAG 2.5.5's inline exception).
 */
const CONTROLS = [
  'button',
  'a[href]',
  '[role="tab"]',
  'input:not([type="checkbox"]):not([type="radio"]):not([type="hidden"])',
  'select',
  'textarea',
  'label:has(> input[type="checkbox"])',
].join(', ');

function smallControls(page: Page): Promise<Array<{ text: string; width: number; height: number }>> {
  return page.evaluate(
    ({ css, target }) => {
      const dialog = document.querySelector('dialog[open]');
      const inSentence = (element: Element) =>
        element.tagName === 'A' &&
        element.parentElement?.tagName === 'P' &&
        [...element.parentElement.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
      return [...document.querySelectorAll<HTMLElement>(css)]
        .filter((element) => element.getClientRects().length > 0 && !element.closest('[inert], .visually-hidden'))
        .filter((element) => !element.matches('.shell__skip-link, .events-board__skip') || element === document.activeElement)
        .filter((element) => !dialog || dialog.contains(element))
        .filter((element) => !inSentence(element))
        .map((element) => {
          const rect = element.getBoundingClientRect();
          const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 60);
          return { text: `${element.tagName.toLowerCase()} ${text}`, width: Math.round(rect.width * 10) / 10, height: Math.round(rect.height * 10) / 10 };
        })
        .filter((size) => size.height < target - 0.5 || size.width < target - 0.5);
    },
    { css: CONTROLS, target: TOUCH_TARGET },
  );
}

async function expectNoSmallControls(page: Page, where: string): Promise<void> {
  expect(await smallControls(page), `${where}: controls under ${TOUCH_TARGET} px`).toEqual([]);
}

async function signInAs(visit: PortalVisit, email: string): Promise<void> {
  const response = await visit.page.request.post(`${visit.baseUrl}/api/auth/login`, { data: { email, password: DEMO_PASSWORD } });
  expect(response.status(), await response.text()).toBe(200);
}

function signInAsMember(visit: PortalVisit): Promise<void> {
  return signInAs(visit, DEMO_MEMBER_EMAIL);
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
    'Lacunas of a network leader: the page never scrolls sideways, and a cell’s dialog opens with its title and submit in view (issue 21, item 3)',
    async (visit) => {
      const { page } = visit;
      await signInAsLeader(visit);
      await visit.goto('/escalas/lacunas');
      const region = page.getByRole('region', { name: 'Lacunas por evento e função' });
      await region.locator('table').waitFor();
      // Every team's columns: the matrix is far wider than the phone, inside its own scroll box.
      expect(await region.evaluate((element) => element.scrollWidth)).toBeGreaterThan(PHONE.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      expect(await page.evaluate(() => document.body.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

      await region.locator('td[data-status] button').first().click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      const title = await box(dialog.getByRole('heading').first());
      const submit = await box(dialog.locator('button[type="submit"]').first());
      for (const part of [title, submit]) {
        expect(part.x).toBeGreaterThanOrEqual(0);
        expect(part.x + part.width).toBeLessThanOrEqual(PHONE.width);
      }
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

describePortal('signed in on a 360 × 740 phone, every control is a 44 px touch target (issue 16)', (portalTest) => {
  portalTest(
    'a team leader: Lacunas with its filters, cells and Necessidades buttons, and the needs editor',
    async (visit) => {
      const { page } = visit;
      await page.context().clearCookies();
      await signInAs(visit, DEMO_TEAM_LEADER_EMAIL);
      await visit.goto('/escalas/lacunas');
      await page.getByRole('button', { name: /^Necessidades: / }).first().waitFor();
      await expectNoSmallControls(page, 'Lacunas');

      await page.getByRole('button', { name: /^Necessidades: / }).first().click();
      await page.getByRole('dialog').getByRole('button', { name: 'Salvar' }).waitFor();
      await expectNoSmallControls(page, 'the needs editor');
    },
    PHONE,
  );

  portalTest(
    'a leader: the events page and both skip links, Leader View with its Remover and WhatsApp buttons, Novo evento and the allocation dialog',
    async (visit) => {
      const { page } = visit;
      await signInAsLeader(visit);
      await visit.goto('/events');
      await page.getByRole('list', { name: 'Próximos eventos' }).waitFor();
      await page.locator('.calendar').first().waitFor();
      const header = await box(page.getByRole('banner'));
      expect(header.height, 'the top bar and the menu, signed in').toBeLessThanOrEqual(96);
      await expectNoSmallControls(page, 'Next Events');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Pular para o conteúdo');
      await expectNoSmallControls(page, 'the skip link, focused');
      await page.locator('.events-board__skip').focus();
      await expectNoSmallControls(page, 'Ir para o calendário, focused');

      await page.getByRole('tab', { name: 'Leader View' }).click();
      const schedule = page.getByRole('list', { name: 'Escala de membros' });
      await schedule.waitFor();
      // On a phone each escala is folded under its count line.
      await schedule.getByRole('button', { name: /^Ver escala \(\d+\)$/ }).first().click();
      await schedule.getByRole('button', { name: /^Remover / }).first().waitFor();
      await schedule.getByRole('link', { name: 'Compartilhar no WhatsApp' }).first().waitFor();
      await expectNoSmallControls(page, 'Leader View');

      await page.getByRole('button', { name: 'Novo evento' }).click();
      await page.getByRole('dialog', { name: 'Novo evento' }).getByLabel('Hora', { exact: true }).waitFor();
      await expectNoSmallControls(page, 'Novo evento');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      await schedule.locator('.event-button').first().click();
      await page.getByRole('dialog', { name: 'Allocate Member to Event' }).getByLabel('Member', { exact: true }).waitFor();
      await expectNoSmallControls(page, 'the allocation dialog');
    },
    PHONE,
  );

  portalTest(
    'a member: My Events with Confirmar and Não posso, the home page’s summaries, availability and the account page',
    async (visit) => {
      const { page } = visit;
      await signInAsMember(visit);
      await visit.goto('/events');
      await page.getByRole('tab', { name: 'My Events' }).click();
      await page.getByRole('list', { name: 'Minhas escalas' }).getByRole('button', { name: 'Confirmar' }).first().waitFor();
      await expectNoSmallControls(page, 'My Events');

      await visit.goto('/');
      await page.locator('.services-summary__links').first().waitFor();
      await expectNoSmallControls(page, 'the home page');

      await visit.goto('/disponibilidade');
      await page.getByRole('heading', { level: 1, name: 'Minha disponibilidade' }).waitFor();
      await expectNoSmallControls(page, 'Minha disponibilidade');

      await visit.goto('/login');
      await page.getByLabel('Receber os avisos por e-mail').waitFor();
      await expectNoSmallControls(page, 'the account page');
    },
    PHONE,
  );

  portalTest(
    'a visitor’s /login: the social buttons, the fields, Esqueceu sua senha? and both submits',
    async (visit) => {
      const { page } = visit;
      await page.context().clearCookies();
      await visit.goto('/login');
      await page.getByRole('form', { name: 'Login' }).waitFor();
      await expectNoSmallControls(page, '/login');
      await page.getByRole('button', { name: 'Cadastrar' }).click();
      await page.getByRole('form', { name: 'Criar conta' }).getByLabel('Nome').waitFor();
      await expectNoSmallControls(page, '/login, Cadastrar');
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

/** A portal of this block's own: its demo leader is made an admin, which no other file should meet. */
let adminPortal: OwnPortal;

describePortal(
  'an admin on a 360 × 740 phone (issues 15 and 16)',
  (portalTest) => {
    beforeAll(async () => {
      adminPortal = await startOwnPortal(inject('clientDir'));
      await adminPortal.setRole(DEMO_LEADER_EMAIL, 'admin');
    }, 120_000);

    afterAll(async () => {
      await adminPortal?.close();
    });

    portalTest(
      'Gestão da rede: its section links, lists and forms are touch targets of at least 44 px',
      async (visit) => {
        const { page } = visit;
        await signInAs(visit, DEMO_LEADER_EMAIL);
        await visit.goto('/rede');
        await page.getByRole('heading', { level: 1, name: 'Gestão da rede' }).waitFor();
        await page.getByRole('navigation', { name: 'Seções da gestão da rede' }).getByRole('link', { name: 'Equipes' }).waitFor();
        await page.getByText('Zona Norte').first().waitFor();
        await expectNoSmallControls(page, 'Gestão da rede');
      },
      PHONE,
    );
  },
  { baseUrl: () => adminPortal.baseUrl },
);
