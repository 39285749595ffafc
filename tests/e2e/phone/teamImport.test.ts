import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { User } from '../../../shared/schemas/auth.ts';
import { freshEmail, signInThroughForm } from '../support/accounts.ts';
import { startOwnPortal, type OwnPortal } from '../support/ownPortal.ts';
import { describePortal } from '../support/portalBrowser.ts';

/** Its own portal (a seeded database of its own): the people it imports touch no other file's data. */
let own: OwnPortal | undefined;
beforeAll(async () => {
  own = await startOwnPortal(inject('clientDir'));
});
afterAll(async () => {
  await own?.close();
});

/** This file's portal's API, with a session of its own (arranging what the screen under test needs). */
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
const PASSWORD = 'senha de quem importa planilhas 12345';

async function expectFitsPhone(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  expect(await page.evaluate(() => document.body.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

describePortal(
  'spreadsheet import at 360 px (issue 23, docs/product.md §13)',
  (portalTest) => {
    portalTest('a team leader previews a Windows-1252 spreadsheet and imports it, by keyboard, on a phone', async (visit) => {
      const { page } = visit;
      const lia = await Api.register(visit.baseUrl, 'Lia Líder', freshEmail('lia'), PASSWORD);
      const ada = await Api.register(visit.baseUrl, 'Ada Admin', freshEmail('ada'), PASSWORD);
      await own!.setRole(ada.user.email, 'admin');
      const churches = await ada.client.expect<Array<{ id: number; name: string }>>(200, 'GET', '/api/churches');
      const departments = await ada.client.expect<Array<{ id: number; name: string }>>(200, 'GET', '/api/departments');
      const sede = churches.find((church) => church.name === 'Sede')!;
      const louvor = departments.find((department) => department.name === 'Louvor')!;
      await ada.client.expect(200, 'PUT', `/api/teams/${sede.id}/${louvor.id}/members/${lia.user.id}`, { positions: [], leader: true });

      const newcomer = freshEmail('joao');
      const longEmail = `${'uma-pessoa-com-um-endereco-bem-comprido'.repeat(2)}@exemplo.org`;
      const csv = [
        'Nome;E-mail;Igreja;Departamento;Telefone;Funções',
        `João Conceição;${newcomer};SEDE;Louvor;(11) 98765-4321;`,
        `Comprido;${longEmail};Sede;Louvor;;Guitarra Elétrica Solo`,
      ].join('\r\n');

      await page.setViewportSize(PHONE);
      await signInThroughForm(visit, lia.user.email, PASSWORD);
      await visit.goto('/equipes');
      const section = page.getByRole('region', { name: 'Importar planilha' });
      await section.getByLabel('Planilha (.csv)').setInputFiles({ name: 'voluntarios.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'latin1') });
      await section.getByRole('button', { name: 'Ver prévia' }).focus();
      await page.keyboard.press('Enter');
      const preview = section.getByRole('heading', { name: 'Prévia de voluntarios.csv' });
      await preview.waitFor();
      await expect.poll(() => preview.evaluate((heading) => heading === document.activeElement)).toBe(true);
      const rows = section.getByRole('region', { name: 'Linhas da planilha' });
      await rows.getByRole('row').filter({ hasText: newcomer }).getByText('Convidar', { exact: true }).waitFor();
      await section.getByRole('list', { name: 'Linhas com erro' }).getByText(/^Linha 3 \(.+\): Função «Guitarra Elétrica Solo» não existe em Louvor/).waitFor();
      await expectFitsPhone(page);

      // Nothing is written before "Importar".
      const invitations = () => ada.client.expect<Array<{ email: string; status: string }>>(200, 'GET', `/api/teams/${sede.id}/${louvor.id}/invitations`);
      expect((await invitations()).map((invitation) => invitation.email)).not.toContain(newcomer);

      await page.keyboard.press('Tab');
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Importar');
      await page.keyboard.press('Enter');
      const done = section.getByRole('heading', { name: 'Importação concluída' });
      await done.waitFor();
      await section.getByText('1 pessoa convidada · 0 pessoas adicionadas à equipe · 0 linhas sem nada a fazer · 1 linha ignorada por erro').waitFor();
      await expectFitsPhone(page);
      expect((await invitations()).filter((invitation) => invitation.email === newcomer)).toEqual([expect.objectContaining({ status: 'pending' })]);
    });
  },
  { baseUrl: () => own!.baseUrl },
);
