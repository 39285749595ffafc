import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { Locator } from 'playwright-core';
import { DEMO_TEAM_LEADER_EMAIL } from '../../server/demo/demoNetwork.ts';
import { DEMO_MEMBER_EMAIL, DEMO_PASSWORD } from './support/accounts.ts';
import { axeViolations } from './support/axe.ts';
import { startOwnPortal, type OwnPortal } from './support/ownPortal.ts';
import { describePortal, type PortalVisit } from './support/portalBrowser.ts';

/** A portal of this file's own: its allocations change the demo's gaps, which no other file should meet. */
let portal: OwnPortal;

beforeAll(async () => {
  portal = await startOwnPortal(inject('clientDir'));
}, 120_000);

afterAll(async () => {
  await portal?.close();
});

async function signInAsTeamLeader(visit: PortalVisit): Promise<void> {
  const { page } = visit;
  await page.context().clearCookies();
  await visit.goto('/login');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email de login').fill(DEMO_TEAM_LEADER_EMAIL);
  await form.getByLabel('Senha de login').fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(`${visit.baseUrl}/events`);
}

/** A demo account's session on this file's portal, outside the browser: a POST with its cookie. */
async function signInThroughApi(baseUrl: string, email: string): Promise<(path: string, body: unknown) => Promise<Response>> {
  const post = (path: string, body: unknown, cookie = '') =>
    fetch(baseUrl + path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) }, body: JSON.stringify(body) });
  const login = await post('/api/auth/login', { email, password: DEMO_PASSWORD });
  expect(login.status, await login.text()).toBe(200);
  const cookie = login.headers.getSetCookie().find((line) => /koinonia_session=/.test(line))?.split(';')[0];
  expect(cookie, 'o cookie da sessão').toBeTruthy();
  return (path, body) => post(path, body, cookie);
}

/** The cell of one event and column, found again after every refresh by its keys. */
function cellOf(visit: PortalVisit, eventId: string, column: string): Locator {
  return visit.page.locator(`tr[data-event-id="${eventId}"] td[data-column="${column}"]`);
}

describePortal(
  'The gap matrix (issue 15)',
  (portalTest) => {
    portalTest(
      'a team leader fills an empty cell through the allocation dialog: it awaits the member’s answer, and turns complete once the member confirms',
      async (visit) => {
        const { page } = visit;
        await signInAsTeamLeader(visit);
        // The home page lists the teams: once it knows Sede/Louvor is led by them, the menu offers Lacunas.
        const menu = page.getByRole('navigation', { name: 'Navegação principal' });
        await menu.getByRole('link', { name: 'Início' }).click();
        await page.getByRole('region', { name: 'Suas equipes' }).getByRole('link', { name: 'Ver as lacunas das suas equipes' }).waitFor();
        await menu.getByRole('link', { name: 'Lacunas' }).click();
        await page.waitForURL(`${visit.baseUrl}/escalas/lacunas`);
        const table = page.getByRole('grid', { name: 'Lacunas por evento e função' });
        await table.waitFor();

        // The last empty cell that needs one person: far from the first two Sundays, where Marcos already serves.
        const oneNeeded = table.locator('td[data-status="empty"]').filter({ hasText: '0/1' });
        expect(await oneNeeded.count(), 'a demo tem lacunas vazias de uma pessoa').toBeGreaterThan(0);
        const chosen = oneNeeded.last();
        const eventId = await chosen.locator('xpath=ancestor::tr').getAttribute('data-event-id');
        const column = await chosen.getAttribute('data-column');
        expect(eventId && column).toBeTruthy();
        const cell = cellOf(visit, eventId!, column!);
        // The cell's count is its first button; an open cell also offers "SOS" (docs/product.md §10).
        const countButton = cell.locator('button.gap-matrix__button');
        const label = (await countButton.getAttribute('aria-label')) ?? '';
        // '0/1 Vazia — Louvor — Vocal, Culto, …': what the cell shows, then its department and position.
        const [, department, position] = label.split(',')[0]!.split(' — ');

        // Enter on the focused cell opens the allocation for that event, department and position.
        await countButton.focus();
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog', { name: 'Allocate Member to Event' });
        await dialog.waitFor();
        expect(await dialog.getByLabel('Department', { exact: true }).inputValue()).toBe(department);
        if (position !== 'qualquer função') {
          await visit.until(
            async () => (await dialog.getByLabel('Função', { exact: true }).locator('option:checked').textContent()) === position,
            'a função escolhida',
          );
        }
        // Marcos, of the team, whose password the demo gave: he answers below.
        const created = page.waitForResponse(
          (response) =>
            response.request().method() === 'POST' && new URL(response.url()).pathname === `/api/events/${eventId}/allocations` && response.status() === 201,
        );
        await dialog.getByLabel('Member', { exact: true }).fill(DEMO_MEMBER_EMAIL);
        await dialog.getByRole('button', { name: 'Submit' }).click();
        // A member who serves close by or blocked the day: the leader allocates anyway.
        const force = dialog.getByRole('button', { name: 'Alocar mesmo assim' });
        await Promise.race([dialog.waitFor({ state: 'detached' }), force.waitFor()]);
        if (await force.isVisible()) await force.click();
        await dialog.waitFor({ state: 'detached' });
        const allocation = (await (await created).json()) as { id: number; status: string };
        expect(allocation.status).toBe('pending');

        // Invited is not confirmed: the cell awaits his answer, and says how many it awaits.
        await visit.until(async () => (await cell.getAttribute('data-status')) === 'awaiting', 'a célula aguardando');
        expect(await cell.textContent()).toContain('1/1');
        expect(await cell.textContent()).toContain('1 aguardando');
        expect(await cell.textContent()).not.toContain('Completa');
        expect(await countButton.getAttribute('aria-label')).toMatch(/Aguardando 1 resposta\.$/);

        // Marcos confirms, from his own session.
        const member = await signInThroughApi(visit.baseUrl, DEMO_MEMBER_EMAIL);
        const answer = await member(`/api/allocations/${allocation.id}/response`, { answer: 'confirmed' });
        expect(answer.status, await answer.text()).toBe(200);

        await page.reload();
        await visit.until(async () => (await cell.getAttribute('data-status')) === 'complete', 'a célula completa');
        expect(await cell.textContent()).toContain('Completa');
        expect(await cell.textContent()).toContain('1/1');
        expect(visit.appErrors()).toEqual([]);
      },
    );

    portalTest(
      'at 360 px the matrix scrolls sideways inside itself, not the page',
      async (visit) => {
        const { page } = visit;
        await signInAsTeamLeader(visit);
        await visit.goto('/escalas/lacunas');
        const region = page.getByRole('region', { name: 'Lacunas por evento e função' });
        await region.locator('table').waitFor();
        const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
        expect(widths.page).toBeLessThanOrEqual(widths.viewport);
        const inside = await region.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
        expect(inside.client).toBeLessThanOrEqual(widths.viewport);
        // One Tab stop, a WAI-ARIA grid (issue 21, item 8): the first event's Necessidades, then the arrow keys go
        // to its Lembrar quem não respondeu and across to its cells; Tab leaves the matrix.
        const first = region.getByRole('button', { name: /^Necessidades: / }).first();
        expect(await first.getAttribute('tabindex')).toBe('0');
        await first.focus();
        await page.keyboard.press('ArrowDown');
        expect(await page.evaluate(() => document.activeElement?.textContent ?? null)).toBe('Lembrar quem não respondeu');
        await page.keyboard.press('ArrowRight');
        expect(await page.evaluate(() => document.activeElement?.closest('td')?.getAttribute('data-status') ?? null)).not.toBeNull();
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.closest('[role="grid"]') === null)).toBe(true);
        // axe-core finds nothing in the matrix, label-content-name-mismatch included.
        expect(await axeViolations(page, '.gap-matrix__scroller')).toEqual([]);
      },
      { width: 360, height: 740 },
    );
  },
  { baseUrl: () => portal.baseUrl },
);
