import fs from 'node:fs';
import { expect } from 'vitest';
import type { AccountExport } from '../../shared/schemas/accountData.ts';
import { describePortal } from './support/portalBrowser.ts';
import { accountLink, DEMO_LEADER_EMAIL, DEMO_PASSWORD, expectAccountLink, freshEmail, PortalApiClient, signInThroughForm, startAnonymous } from './support/accounts.ts';

const PASSWORD = 'senha da raquel 2030';

describePortal('A member takes their data and leaves (issue 25, docs/product.md §11)', (portalTest) => {
  portalTest('downloads their data from the account page, then deletes the account with their password and cannot sign in again', async (visit) => {
    const { page } = visit;
    // Arranged through the API: a member, a service far ahead (out of every page's window), her place in it.
    const email = freshEmail('raquel');
    await PortalApiClient.register('Raquel Saída', email, PASSWORD);
    const leader = await PortalApiClient.signIn(DEMO_LEADER_EMAIL, DEMO_PASSWORD);
    const datetime = new Date(Date.now() + (500 + Math.floor(Math.random() * 200)) * 24 * 60 * 60 * 1000).toISOString();
    const event = await leader.expect<{ id: number }>(201, 'POST', '/api/events', { datetime, event_type_id: null });
    const allocation = await leader.expect<{ id: number }>(201, 'POST', `/api/events/${event.id}/allocations`, { department: 'Louvor', member: email });

    try {
      await startAnonymous(visit, '/login');
      await signInThroughForm(visit, email, PASSWORD);
      await accountLink(page).click();
      const data = page.getByRole('region', { name: 'Seus dados' });
      await data.waitFor();

      // "Baixar meus dados": the browser downloads the file the API names, holding her e-mail and her place.
      const [download] = await Promise.all([page.waitForEvent('download'), data.getByRole('link', { name: 'Baixar meus dados' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^koinonia-meus-dados-\d{4}-\d{2}-\d{2}\.json$/);
      const file = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as AccountExport;
      expect(file.account.email).toBe(email);
      expect(file.allocations.map((place) => [place.id, place.event.id, place.department.name, place.status])).toEqual([[allocation.id, event.id, 'Louvor', 'pending']]);

      // "Excluir minha conta": the dialog says what happens and asks the password again.
      await data.getByRole('button', { name: 'Excluir minha conta' }).click();
      const dialog = page.getByRole('dialog', { name: 'Excluir minha conta' });
      await dialog.getByText('A exclusão não pode ser desfeita.').waitFor();
      await dialog.getByRole('button', { name: 'Excluir minha conta' }).click();
      await dialog.getByText('Informe sua senha.').waitFor();
      await dialog.getByLabel('Sua senha').fill('não é a senha dela');
      await dialog.getByRole('button', { name: 'Excluir minha conta' }).click();
      await dialog.getByText('A senha está incorreta.').waitFor();
      await dialog.getByLabel('Sua senha').fill(PASSWORD);
      await dialog.getByRole('button', { name: 'Excluir minha conta' }).click();

      // Signed out, back at the start, told in pt-BR.
      await page.waitForURL(`${visit.baseUrl}/`);
      await page.getByText('Sua conta foi excluída e seus dados pessoais foram apagados. Você saiu do portal.').waitFor();
      await expectAccountLink(visit, 'Entrar');

      // The old credentials no longer sign in (the form says so; the API answers 401, never 500).
      await visit.goto('/login');
      const login = page.getByRole('form', { name: 'Login' });
      await login.getByLabel('Email de login').fill(email);
      await login.getByLabel('Senha de login').fill(PASSWORD);
      await login.getByRole('button', { name: 'Login', exact: true }).click();
      await login.getByText('Email ou senha inválidos.').waitFor();
      expect((await new PortalApiClient().call('POST', '/api/auth/login', { email, password: PASSWORD })).status).toBe(401);
      // Her place reopened: the event has nobody.
      expect(await leader.expect<unknown[]>(200, 'GET', `/api/events/${event.id}/allocations`)).toEqual([]);
      expect(visit.pageErrors).toEqual([]);
    } finally {
      await leader.call('DELETE', `/api/events/${event.id}?confirm=true`);
    }
  });
});
