import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { MyEvent } from '../../shared/schemas/escalas.ts';
import type { PublishDraftResponse } from '../../shared/schemas/drafts.ts';
import { DEMO_TEAM_LEADER_EMAIL } from '../../server/demo/demoNetwork.ts';
import { DEMO_MEMBER_EMAIL, DEMO_PASSWORD } from './support/accounts.ts';
import { startOwnPortal, type OwnPortal } from './support/ownPortal.ts';
import { describePortal, type PortalVisit } from './support/portalBrowser.ts';

/** A portal of this file's own: publishing a draft fills the demo's gaps, which no other file should meet. */
let portal: OwnPortal;

beforeAll(async () => {
  portal = await startOwnPortal(inject('clientDir'));
}, 120_000);

afterAll(async () => {
  await portal?.close();
});

/** Marcos, the demo's member with a password: a vocalist of Sede's Louvor. */
const MARCOS = 'Marcos Membro';
const PHONE = { width: 360, height: 740 };
const TOUCH_TARGET = 44;

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

/** Lacunas for Sede only, then "Preencher automaticamente": the draft's region once it is shown. */
async function draftForSede(visit: PortalVisit): Promise<Locator> {
  const { page } = visit;
  await visit.goto('/escalas/lacunas');
  await page.getByRole('grid', { name: 'Lacunas por evento e função' }).waitFor();
  await page.getByLabel('Igreja', { exact: true }).selectOption({ label: 'Sede' });
  await page.waitForURL(/[?&]igreja=\d+/);
  await page.getByRole('button', { name: 'Preencher automaticamente' }).click();
  const panel = page.getByRole('region', { name: 'Rascunho da escala' });
  await panel.waitFor();
  return panel;
}

/** GET with a demo account's session, outside the browser. */
async function getAs(baseUrl: string, email: string, path: string): Promise<unknown> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(login.status, await login.text()).toBe(200);
  const cookie = login.headers.getSetCookie().find((line) => /koinonia_session=/.test(line))?.split(';')[0];
  const answer = await fetch(baseUrl + path, { headers: { Cookie: cookie ?? '' } });
  expect(answer.status).toBe(200);
  return answer.json();
}

/** The controls on screen (those of the open dialog, when one is) smaller than a 44 px touch target. */
function smallControls(page: Page): Promise<string[]> {
  return page.evaluate((target) => {
    const dialog = document.querySelector('dialog[open]');
    return [...document.querySelectorAll<HTMLElement>('button, a[href], select, input:not([type="hidden"])')]
      .filter((element) => element.getClientRects().length > 0 && !element.closest('.visually-hidden'))
      .filter((element) => !element.matches('.shell__skip-link'))
      .filter((element) => (dialog ? dialog.contains(element) : true))
      .filter((element) => {
        const rect = element.getBoundingClientRect();
        return rect.width < target - 0.5 || rect.height < target - 0.5;
      })
      .map((element) => `${element.tagName.toLowerCase()} ${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 50)}`);
  }, TOUCH_TARGET);
}

describePortal(
  'Escala automática on Lacunas (issue 22)',
  (portalTest) => {
    portalTest(
      'at 360 px the draft fits: the matrix scrolls inside itself, every control and the place dialog are touch-sized, and Descartar leaves nobody invited',
      async (visit) => {
        const { page } = visit;
        await signInAsTeamLeader(visit);
        const panel = await draftForSede(visit);
        await page.getByRole('button', { name: /^Proposta: / }).first().waitFor();
        const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
        expect(widths.page, 'the page never scrolls sideways').toBeLessThanOrEqual(widths.viewport);
        const region = page.getByRole('region', { name: 'Lacunas por evento e função' });
        const inside = await region.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
        expect(inside.client).toBeLessThanOrEqual(widths.viewport);
        expect(inside.scroll, 'the matrix is wider than the phone: it scrolls inside its region').toBeGreaterThan(inside.client);
        expect(await smallControls(page), 'Lacunas with a draft').toEqual([]);

        await page.getByRole('button', { name: /^Proposta: / }).first().click();
        const dialog = page.getByRole('dialog', { name: /^Proposta: / });
        await dialog.getByRole('button', { name: 'Trocar' }).waitFor();
        const box = await dialog.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= PHONE.width, 'the dialog fits the screen').toBe(true);
        expect(await smallControls(page), 'the place dialog').toEqual([]);
        await dialog.getByRole('button', { name: 'Fechar' }).click();
        await dialog.waitFor({ state: 'detached' });

        await panel.getByRole('button', { name: 'Descartar' }).click();
        await page.getByRole('button', { name: 'Preencher automaticamente' }).waitFor();
        expect(visit.appErrors()).toEqual([]);
      },
      PHONE,
    );

    portalTest(
      'a team leader drafts a month for one church, changes one person, reads why a place is empty, publishes, and the member sees the invitation',
      async (visit) => {
        const { page } = visit;
        await signInAsTeamLeader(visit);
        const panel = await draftForSede(visit);
        // The focus is on the summary: "N de M lugares · P pessoas · no máximo L serviços por pessoa".
        const summary = await page.evaluate(() => document.activeElement?.textContent ?? '');
        expect(summary).toMatch(/^\d+ de \d+ lugares · \d+ pessoas? · no máximo \d+ serviços? por pessoa$/);
        expect(await panel.getByText('Ninguém é convidado antes de você publicar.').isVisible()).toBe(true);

        // One of the draft's vocalists becomes Marcos, at an event where the rules let him serve.
        const proposals = page.getByRole('button', { name: /^Proposta: .* — Louvor — Vocal, / });
        expect(await proposals.count(), 'a demo draft proposes vocalists').toBeGreaterThan(0);
        let changed: { eventId: string; label: string } | undefined;
        for (let index = (await proposals.count()) - 1; index >= 0 && !changed; index -= 1) {
          const proposal = proposals.nth(index);
          const label = (await proposal.getAttribute('aria-label')) ?? '';
          if (label.startsWith(`Proposta: ${MARCOS} `)) continue;
          await proposal.click();
          const dialog = page.getByRole('dialog', { name: /^Proposta: / });
          await dialog.getByRole('region', { name: /^Por que / }).waitFor();
          const person = dialog.getByLabel('Trocar por', { exact: true });
          await visit.until(async () => (await person.locator('option').count()) > 1, 'a equipe na lista');
          const options = await person.locator('option').allTextContents();
          const free = options.find((text) => text.startsWith(`${MARCOS} — `) && !/indisponível|outro serviço|neste evento/.test(text));
          if (free) {
            await person.selectOption({ label: free });
            await dialog.getByRole('button', { name: 'Trocar' }).click();
            await dialog.waitFor({ state: 'detached' });
            const eventId = (await proposal.locator('xpath=ancestor::tr').getAttribute('data-event-id')) ?? '';
            changed = { eventId, label: label.replace(/^Proposta: .*? — /, '') };
          } else {
            await dialog.getByRole('button', { name: 'Fechar' }).click();
            await dialog.waitFor({ state: 'detached' });
          }
        }
        expect(changed, 'a Vocal place Marcos may fill').toBeDefined();
        const marcos = page.getByRole('button', { name: `Proposta: ${MARCOS} — ${changed!.label}` });
        await marcos.waitFor();
        // The focus is back on the place, which now names him; its reasons say the leader chose him.
        expect(await marcos.evaluate((element) => element === document.activeElement)).toBe(true);
        await page.keyboard.press('Enter');
        const chosen = page.getByRole('dialog', { name: `Proposta: ${MARCOS}` });
        expect(await chosen.getByRole('region', { name: `Por que ${MARCOS}` }).textContent()).toContain('Escolhido(a) por você.');
        await page.keyboard.press('Escape');
        await chosen.waitFor({ state: 'detached' });

        // Why a place stayed empty: the API's sentences, one per eligible person or that nobody holds the position.
        const empty = page.getByRole('button', { name: /^Por que vazio\? / });
        expect(await empty.count(), 'the demo draft leaves a place empty (Carla declined the first Culto)').toBeGreaterThan(0);
        await empty.first().click();
        const why = page.getByRole('dialog', { name: 'Por que vazio?' });
        const reasons = why.getByRole('region', { name: 'Por que ninguém' }).getByRole('listitem');
        await reasons.first().waitFor();
        expect((await reasons.first().textContent())?.trim()).toMatch(/\.$/);
        await why.getByRole('button', { name: 'Fechar' }).click();
        await why.waitFor({ state: 'detached' });

        // Publicar says how many invitations it sends; then what was created.
        const publish = panel.getByRole('button', { name: /^Publicar \(\d+ convites?\)$/ });
        const invitations = Number(/\((\d+) convite/.exec((await publish.textContent()) ?? '')![1]);
        const answered = page.waitForResponse((response) => response.request().method() === 'POST' && /\/api\/escalas\/drafts\/\d+\/publish$/.test(response.url()));
        await publish.click();
        const result = (await (await answered).json()) as PublishDraftResponse;
        expect(result.created.length + result.skipped.length).toBe(invitations);
        const outcome = page.getByRole('region', { name: 'Escala publicada' });
        await outcome.waitFor();
        expect(await outcome.textContent()).toContain(result.created.length === 1 ? '1 convite enviado' : `${result.created.length} convites enviados`);
        await visit.until(async () => (await page.getByRole('button', { name: /^Proposta: / }).count()) === 0, 'a matriz sem propostas');

        // Marcos has the invitation, pending his answer.
        const events = (await getAs(visit.baseUrl, DEMO_MEMBER_EMAIL, '/api/me/events')) as MyEvent[];
        const invited = events.find((event) => String(event.id) === changed!.eventId && event.department.name === 'Louvor');
        expect(invited, 'Marcos is invited to the event he was proposed for').toBeDefined();
        expect(invited!.status).toBe('pending');
        expect(result.created).toContain(invited!.allocation_id);
        expect(visit.appErrors()).toEqual([]);
      },
    );
  },
  { baseUrl: () => portal.baseUrl },
);
