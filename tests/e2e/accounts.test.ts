import { expect } from 'vitest';
import { describePortal } from './support/portalBrowser.ts';
import { expectedEvents } from './support/portalData.ts';
import {
  accountLink,
  DEMO_MEMBER_EMAIL,
  DEMO_PASSWORD,
  expectAccountLink,
  freshEmail,
  PortalApiClient,
  signInThroughForm,
  signOutThroughHub,
  startAnonymous,
} from './support/accounts.ts';

const PASSWORD = 'uma senha de teste';

describePortal('Accounts (issue 4)', (portalTest) => {
  portalTest('register → lands on /events signed in → reload keeps the session → sign out → the anonymous pages are the spec’s again', async (visit) => {
    const { page } = visit;
    const email = freshEmail('ester');
    await startAnonymous(visit, '/login');

    // Register through the panel.
    await page.getByRole('button', { name: 'Cadastrar', exact: true }).click();
    const form = page.getByRole('form', { name: 'Criar conta' });
    await form.getByLabel('Nome').fill('Ester Cadastro');
    await form.getByLabel('Email de cadastro').fill(email);
    await form.getByLabel('Senha de cadastro').fill(PASSWORD);
    await form.getByRole('button', { name: 'Cadastrar' }).click();
    await page.waitForURL(`${visit.baseUrl}/events`);
    await expectAccountLink(visit, 'Ester');
    expect(visit.requests.filter((request) => request.path === '/api/auth/register' && request.method === 'POST')).toHaveLength(1);

    // A reload keeps the session, even with the site's storage cleared: the cookie alone is the session, and
    // the top bar reads it again from /api/auth/me (docs/product.md §1, departure 3).
    await page.evaluate(() => window.localStorage.clear());
    await page.reload();
    await expectAccountLink(visit, 'Ester');
    expect(visit.apiCalls()).toContain('GET /api/auth/me');

    // The account hub on /login.
    await accountLink(page).click();
    const hub = page.getByRole('region', { name: 'Minha conta' });
    await hub.waitFor();
    expect(await hub.locator('dd').allTextContents()).toEqual(['Ester Cadastro', email, 'Membro']);

    // The personal calendar feed: made, shown, and served as iCalendar.
    await page.getByRole('button', { name: 'Gerar link do calendário' }).click();
    const feedUrl = await page.getByLabel('Link do calendário').inputValue();
    expect(feedUrl).toMatch(/\/api\/me\/calendar\.ics\?token=[\w-]+$/);
    const feed = await fetch(feedUrl);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(await feed.text()).toMatch(/^BEGIN:VCALENDAR/);

    // Sign out: back to /, a visitor again.
    await signOutThroughHub(visit);
    // The home page's code is loaded when it is opened: the account page stays until it has arrived.
    await page.getByRole('heading', { level: 1, name: 'Welcome to Koinonia' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual(['Welcome to Koinonia']);

    // The anonymous pages ask only the start's GET /api/auth/me (docs/product.md §1, departure 3) about a session,
    // and show the specification's texts.
    const before = visit.requests.length;
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome to Koinonia' }).waitFor();
    expect(await page.locator('main p').textContent()).toBe('This is a placeholder content for the container.');
    await expectAccountLink(visit, 'Entrar');
    await accountLink(page).click();
    const login = page.getByRole('form', { name: 'Login' });
    await login.waitFor();
    expect(await login.getByRole('heading').textContent()).toBe('Login');
    expect(await login.getByText('ou use email e senha').count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Bem vindo de volta!' }).isVisible()).toBe(true);
    expect(await page.getByText('Faça o login para continuar').isVisible()).toBe(true);
    expect(await page.getByText('Não tem cadastro?').isVisible()).toBe(true);

    const expected = await expectedEvents();
    await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Eventos' }).click();
    const nextEvents = page.getByRole('list', { name: 'Próximos eventos' });
    await nextEvents.waitFor();
    expect(await page.getByRole('tab').allTextContents()).toEqual(['Next Events', 'My Events', 'Leader View']);
    await page.getByRole('tab', { name: 'My Events' }).click();
    // My Events is again the same full list.
    await visit.until(async () => (await nextEvents.getByRole('button').count()) === expected.upcoming.length, 'a lista completa em My Events');
    await page.getByRole('tab', { name: 'Leader View' }).click();
    await page.getByRole('list', { name: 'Escala de membros' }).waitFor();
    expect(await page.getByRole('note').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Novo evento' }).count()).toBe(0);
    const after = visit.requests.slice(before).filter((request) => request.path.startsWith('/api/')).map((request) => `${request.method} ${request.path}`);
    expect(after.filter((call) => call.includes('/api/auth/'))).toEqual(['GET /api/auth/me']);
    expect(after.filter((call) => !call.includes('/api/auth/')).every((call) => call.startsWith('GET /api/events'))).toBe(true);
    expect(visit.appErrors()).toEqual([]);
  });

  portalTest('a wrong password shows "Email ou senha inválidos." inside the panel', async (visit) => {
    const { page } = visit;
    const email = freshEmail('senha.errada');
    await PortalApiClient.register('Sara Senha', email, PASSWORD);
    await startAnonymous(visit, '/login');
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email de login').fill(email);
    await form.getByLabel('Senha de login').fill('outra senha qualquer');
    await form.getByRole('button', { name: 'Login', exact: true }).click();
    const alert = form.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Email ou senha inválidos.');
    expect(page.url()).toBe(`${visit.baseUrl}/login`);
    expect(await form.getByRole('button', { name: 'Login', exact: true }).isEnabled()).toBe(true);
    await expectAccountLink(visit, 'Entrar');
    expect(visit.appErrors()).toEqual([]);
  });

  portalTest('after 10 failed logins for one email, the next shows the throttling message', async (visit) => {
    const { page } = visit;
    // An email of its own (no account needed): 10 failures through the API, the 11th through the form.
    const email = freshEmail('limite');
    const client = new PortalApiClient();
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const answer = await client.call('POST', '/api/auth/login', { email, password: 'tentativa errada' });
      expect(answer.status, `tentativa ${attempt}`).toBe(401);
    }
    await startAnonymous(visit, '/login');
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email de login').fill(email);
    await form.getByLabel('Senha de login').fill('tentativa errada');
    await form.getByRole('button', { name: 'Login', exact: true }).click();
    const alert = form.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/^Muitas tentativas de login\. Tente novamente em \d+ minuto\(s\)\.$/);
    expect(page.url()).toBe(`${visit.baseUrl}/login`);
  });

  portalTest('the demo member signs in through the form and sees their first name; /login is then their account', async (visit) => {
    await startAnonymous(visit);
    await signInThroughForm(visit, DEMO_MEMBER_EMAIL, DEMO_PASSWORD);
    await expectAccountLink(visit, 'Marcos');
    await signOutThroughHub(visit);
  });
});
