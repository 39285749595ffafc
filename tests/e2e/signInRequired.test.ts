import { expect } from 'vitest';
import { DEMO_TEAM_LEADER_EMAIL } from '../../server/demo/demoNetwork.ts';
import { DEMO_PASSWORD, expectAccountLink, startAnonymous } from './support/accounts.ts';
import { describePortal } from './support/portalBrowser.ts';

describePortal('A signed-in page opened signed out (issue 21, docs/product.md §1 departure 5)', (portalTest) => {
  portalTest('a visitor opens /escalas/lacunas, is asked to sign in ("Entre para continuar"), signs in as the team leader and lands on Lacunas', async (visit) => {
    const { page } = visit;
    const opened = page.waitForResponse((response) => new URL(response.url()).pathname === '/escalas/lacunas');
    await startAnonymous(visit, '/escalas/lacunas?igreja=1');
    expect((await opened).status(), 'one of our routes: 200').toBe(200);

    // The shell, and the way to the login page that comes back here.
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Entre para continuar' }).waitFor();
    await page.getByRole('navigation', { name: 'Navegação principal' }).waitFor();
    await page.getByRole('contentinfo').waitFor();
    expect(await page.title()).toBe('Entre para continuar · Koinonia');
    await main.getByRole('link', { name: 'Entrar na conta' }).click();
    await page.waitForURL(`${visit.baseUrl}/login?next=/escalas/lacunas%3Figreja%3D1`);

    // The specification's login page, as ever.
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email de login').fill(DEMO_TEAM_LEADER_EMAIL);
    await form.getByLabel('Senha de login').fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'Login', exact: true }).click();

    await page.waitForURL(`${visit.baseUrl}/escalas/lacunas?igreja=1`);
    await page.getByRole('heading', { level: 1, name: 'Escalas — lacunas' }).waitFor();
    await page.getByRole('grid', { name: 'Lacunas por evento e função' }).waitFor();
    await expectAccountLink(visit, 'Débora');
    expect(await main.getByRole('heading', { name: 'Entre para continuar' }).count()).toBe(0);
    // The login page gave its place in the history to the page asked for.
    await page.goBack();
    await page.waitForURL(`${visit.baseUrl}/escalas/lacunas?igreja=1`);
    expect(visit.appErrors()).toEqual([]);
  });

  portalTest('a path that is no route of ours is answered 404 and still renders nothing', async (visit) => {
    const { page } = visit;
    const response = await page.goto(`${visit.baseUrl}/escalas/nada`);
    expect(response?.status()).toBe(404);
    await page.waitForFunction(() => '__reactRouterVersion' in window);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.locator('#root').innerHTML()).toBe('');
  });
});
