import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { User } from '../../../shared/schemas/auth.ts';
import { freshEmail, signInThroughForm, startAnonymous } from '../support/accounts.ts';
import { axeViolations } from '../support/axe.ts';
import { startOwnPortal, type OwnPortal } from '../support/ownPortal.ts';
import { describePortal, PortalVisit, WAIT_MS } from '../support/portalBrowser.ts';

/** Its own portal (a seeded database of its own): the people it adds touch no other file's data. */
let own: OwnPortal | undefined;
beforeAll(async () => {
  own = await startOwnPortal(inject('clientDir'));
});
afterAll(async () => {
  await own?.close();
});

/** This file's portal's API, with a session of its own (arranging what the screens under test need). */
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

const PHONE = { width: 360, height: 740 };
const PASSWORD = 'senha de quem quer servir 12345';

/** The page does not scroll sideways on the phone. */
async function expectFitsPhone(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  expect(await page.evaluate(() => document.body.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

describePortal(
  'join requests at 360 px (issue 23, docs/product.md §13)',
  (portalTest) => {
    portalTest('a new person registers and says where they serve; the team’s leader approves from /equipes; the person sees "Aprovado"', async (visit) => {
      const { page } = visit;
      // Lia leads Sede's Louvor (an admin made her leader).
      const lia = await Api.register(visit.baseUrl, 'Lia Líder', freshEmail('lia'), PASSWORD);
      const ada = await Api.register(visit.baseUrl, 'Ada Admin', freshEmail('ada'), PASSWORD);
      await own!.setRole(ada.user.email, 'admin');
      const churches = await ada.client.expect<Array<{ id: number; name: string; city: string | null }>>(200, 'GET', '/api/churches');
      const departments = await ada.client.expect<Array<{ id: number; name: string }>>(200, 'GET', '/api/departments');
      const sede = churches.find((church) => church.name === 'Sede')!;
      const louvor = departments.find((department) => department.name === 'Louvor')!;
      await ada.client.expect(200, 'PUT', `/api/teams/${sede.id}/${louvor.id}/members/${lia.user.id}`, { positions: [], leader: true });

      // Bia registers on her phone: "Onde você serve?" comes first, above the events page.
      await page.setViewportSize(PHONE);
      await startAnonymous(visit, '/login');
      await page.getByRole('button', { name: 'Cadastrar', exact: true }).click();
      const form = page.getByRole('form', { name: 'Criar conta' });
      const bia = freshEmail('bia');
      await form.getByLabel('Nome').fill('Bia Nova');
      await form.getByLabel('Email de cadastro').fill(bia);
      await form.getByLabel('Senha de cadastro').fill(PASSWORD);
      await form.getByRole('button', { name: 'Cadastrar' }).click();
      await page.waitForURL(`${visit.baseUrl}/events`);
      const welcome = page.getByRole('region', { name: 'Onde você serve?' });
      await welcome.waitFor();
      await welcome.getByLabel('Igreja', { exact: true }).selectOption({ label: sede.city ? `${sede.name} (${sede.city})` : sede.name });
      await welcome.getByLabel('Departamento', { exact: true }).selectOption({ label: 'Louvor' });
      await welcome.getByRole('checkbox', { name: 'Vocal' }).check();
      await welcome.getByLabel('Recado para os líderes (opcional)').fill('Canto no coral da minha antiga igreja.');
      await expectFitsPhone(page);
      expect(await axeViolations(page, '.join-requests--welcome')).toEqual([]);
      await welcome.getByRole('button', { name: 'Enviar pedido' }).click();
      await welcome.getByText(/^Pedido enviado para Louvor · Sede\./).waitFor();
      await welcome.getByRole('button', { name: 'Continuar' }).click();
      await welcome.waitFor({ state: 'detached' });

      // Lia, on her phone: /equipes lists the request; she approves it with Vocal, by keyboard.
      // Her own browser (cookies of her own), as Bia's stays signed in.
      const leaderContext = await page.context().browser()!.newContext({ viewport: PHONE });
      leaderContext.setDefaultTimeout(WAIT_MS);
      try {
        const leaderPage = await leaderContext.newPage();
        const leaderVisit = new PortalVisit(leaderPage, visit.baseUrl);
        await signInThroughForm(leaderVisit, lia.user.email, PASSWORD);
        await leaderVisit.goto('/equipes');
        const requests = leaderPage.getByRole('region', { name: 'Pedidos para servir' });
        const item = requests.getByRole('listitem').filter({ hasText: 'Bia Nova' });
        await item.getByText('Recado: Canto no coral da minha antiga igreja.').waitFor();
        await expectFitsPhone(leaderPage);
        expect(await axeViolations(leaderPage, '.join-requests')).toEqual([]);
        await item.getByRole('button', { name: 'Aprovar Bia Nova: Louvor · Sede' }).focus();
        await leaderPage.keyboard.press('Enter');
        const dialog = leaderPage.getByRole('dialog', { name: 'Aprovar Bia Nova' });
        await expect.poll(() => dialog.getByRole('checkbox', { name: 'Vocal' }).isChecked()).toBe(true);
        await expectFitsPhone(leaderPage);
        expect(await axeViolations(leaderPage, 'dialog.modal')).toEqual([]);
        await dialog.getByRole('button', { name: 'Aprovar' }).focus();
        await leaderPage.keyboard.press('Enter');
        await requests.getByText('Bia Nova agora faz parte de Louvor · Sede.').waitFor();
      } finally {
        await leaderContext.close();
      }

      // Bia's teams page says so.
      await visit.goto('/equipes');
      const mine = page.getByRole('region', { name: 'Quero servir' }).getByRole('list', { name: 'Meus pedidos' });
      await mine.getByRole('listitem').filter({ hasText: 'Louvor · Sede' }).getByText('Aprovado', { exact: true }).waitFor();
      await expectFitsPhone(page);
      expect(await axeViolations(page, '.join-requests')).toEqual([]);
    });
  },
  { baseUrl: () => own!.baseUrl },
);
