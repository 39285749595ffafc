import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { describePortal, type PortalVisit } from './support/portalBrowser.ts';
import { dayKeyOf, dayLabel, expectedEvents, formatDateTime, formatDay, nameOf } from './support/portalData.ts';

async function text(locator: Locator): Promise<string> {
  await locator.waitFor();
  return (await locator.textContent())?.trim() ?? '';
}

/** The login panel's visible (not inert) part. */
function active(page: Page): Locator {
  return page.locator('.auth :not([inert]) > form, .auth__panel:not([inert])');
}

async function openEvents(visit: PortalVisit): Promise<Locator> {
  await visit.goto('/events');
  const list = visit.page.getByRole('list', { name: 'Próximos eventos' });
  await list.waitFor();
  return list;
}

/** Whether `locator`'s element is the topmost thing under its centre (not covered, e.g. by a modal). */
async function receivesClicks(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
}

describePortal('§2 screens and routes', (portalTest) => {
  portalTest('there are three routes and any other path renders nothing', async (visit) => {
    const { page } = visit;
    for (const path of ['/', '/login', '/events']) {
      await visit.goto(path);
      await page.getByRole('banner').waitFor();
    }
    for (const path of ['/nada', '/eventos', '/login/extra', '/events/1']) {
      await visit.goto(path);
      // The app is loaded and running: the router module has registered itself…
      await page.waitForFunction(() => '__reactRouterVersion' in window);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      // …and rendered nothing at all, not even the shell.
      expect(await page.locator('#root').innerHTML()).toBe('');
      expect(await page.locator('body').innerText()).toBe('');
    }
    // Still the live app: a client-side move to a known route renders it, and back to an unknown one empties it.
    await page.evaluate(() => {
      history.pushState(null, '', '/');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { name: 'Welcome to Koinonia' }).waitFor();
    await page.evaluate(() => {
      history.pushState(null, '', '/em-lugar-nenhum');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await visit.until(async () => (await page.locator('#root').innerHTML()) === '', 'unknown path empties #root');
    expect(visit.appErrors()).toEqual([]);
  });

  portalTest('/ shows the placeholder heading "Welcome to Koinonia"', async (visit) => {
    await visit.goto('/');
    expect(await text(visit.page.getByRole('heading', { level: 1 }))).toBe('Welcome to Koinonia');
  });

  portalTest('/ shows the text "This is a placeholder content for the container."', async (visit) => {
    await visit.goto('/');
    expect(await text(visit.page.locator('main p'))).toBe('This is a placeholder content for the container.');
  });

  portalTest('/login is a sliding panel that starts in login mode', async (visit) => {
    const { page } = visit;
    await visit.goto('/login');
    const panel = page.getByRole('region', { name: 'Acesso à conta' });
    await panel.waitFor();
    expect(await panel.getAttribute('data-mode')).toBe('login');
    expect(await page.getByRole('form', { name: 'Login' }).isVisible()).toBe(true);
    expect(await page.getByRole('form', { name: 'Criar conta' }).count()).toBe(0);
  });

  portalTest('the login panel width is 768px', async (visit) => {
    await visit.goto('/login');
    const panel = visit.page.getByRole('region', { name: 'Acesso à conta' });
    await panel.waitFor();
    expect((await panel.boundingBox())?.width).toBe(768);
  });

  portalTest('login mode: title Login', async (visit) => {
    await visit.goto('/login');
    expect(await text(active(visit.page).getByRole('heading', { level: 2 }).first())).toBe('Login');
  });

  portalTest('login mode: four decorative social buttons', async (visit) => {
    const { page } = visit;
    await visit.goto('/login');
    const social = page.getByRole('form', { name: 'Login' }).getByRole('group', { name: 'Redes sociais' }).getByRole('button');
    await social.first().waitFor();
    expect(await social.count()).toBe(4);
    await social.first().click();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  portalTest('login mode: hint "ou use email e senha"', async (visit) => {
    await visit.goto('/login');
    expect(await text(visit.page.getByRole('form', { name: 'Login' }).locator('.auth-form__hint'))).toBe('ou use email e senha');
  });

  portalTest('login mode: fields Email de login (email) and Senha de login (masked)', async (visit) => {
    const { page } = visit;
    await visit.goto('/login');
    const email = page.getByLabel('Email de login', { exact: true });
    const password = page.getByLabel('Senha de login', { exact: true });
    expect(await email.getAttribute('type')).toBe('email');
    expect(await password.getAttribute('type')).toBe('password');
    expect(await page.locator('label', { hasText: 'Email de login' }).isVisible()).toBe(true);
    expect(await page.locator('label', { hasText: 'Senha de login' }).isVisible()).toBe(true);
  });

  portalTest('login mode: link "Esqueceu sua senha?" goes nowhere', async (visit) => {
    const { page } = visit;
    await visit.goto('/login');
    const link = page.getByRole('link', { name: 'Esqueceu sua senha?' });
    await link.click();
    expect(page.url()).toBe(`${visit.baseUrl}/login`);
    expect(visit.requests.filter((request) => request.path === '/login')).toHaveLength(1);
  });

  portalTest('login mode: submit button Login', async (visit) => {
    const button = visit.page.getByRole('form', { name: 'Login' }).getByRole('button', { name: 'Login', exact: true });
    await visit.goto('/login');
    expect(await button.getAttribute('type')).toBe('submit');
    expect(await text(button)).toBe('Login');
  });

  portalTest('login mode side panel: "Bem vindo de volta!", "Faça o login para continuar", "Não tem cadastro?"', async (visit) => {
    await visit.goto('/login');
    const side = visit.page.locator('.auth__panel:not([inert])');
    expect(await text(side.getByRole('heading'))).toBe('Bem vindo de volta!');
    expect(await side.locator('p').allTextContents()).toEqual(['Faça o login para continuar', 'Não tem cadastro?']);
    expect(await side.isVisible()).toBe(true);
  });

  portalTest('the side panel button Cadastrar switches to register mode, sliding', async (visit) => {
    const { page } = visit;
    await visit.goto('/login');
    const panel = page.getByRole('region', { name: 'Acesso à conta' });
    const frame = page.locator('.auth__overlay-frame');
    await frame.waitFor();
    const before = (await frame.boundingBox())!.x;
    expect(await frame.evaluate((element) => getComputedStyle(element).transitionProperty)).toContain('transform');
    await page.locator('.auth__panel:not([inert])').getByRole('button', { name: 'Cadastrar' }).click();
    expect(await panel.getAttribute('data-mode')).toBe('cadastrar');
    // Mid-slide the side panel is somewhere between; at the end it sits on the other half.
    await visit.until(async () => Math.abs((await frame.boundingBox())!.x - (before - 384)) < 1, 'the side panel slid 384px left');
    await page.getByRole('form', { name: 'Criar conta' }).waitFor();
  });

  portalTest('register mode: title "Criar conta"', async (visit) => {
    await visit.goto('/login');
    await visit.page.getByRole('button', { name: 'Cadastrar', exact: true }).click();
    expect(await text(visit.page.getByRole('form', { name: 'Criar conta' }).getByRole('heading'))).toBe('Criar conta');
  });

  portalTest('register mode: hint "ou use seu email e senha"', async (visit) => {
    await visit.goto('/login');
    await visit.page.getByRole('button', { name: 'Cadastrar', exact: true }).click();
    expect(await text(visit.page.getByRole('form', { name: 'Criar conta' }).locator('.auth-form__hint'))).toBe('ou use seu email e senha');
  });

  portalTest('register mode: fields Nome (text), Email de cadastro (email) and Senha de cadastro (masked)', async (visit) => {
    const { page } = visit;
    await visit.goto('/login');
    await page.getByRole('button', { name: 'Cadastrar', exact: true }).click();
    const form = page.getByRole('form', { name: 'Criar conta' });
    expect(await form.getByLabel('Nome', { exact: true }).getAttribute('type')).toBe('text');
    expect(await form.getByLabel('Email de cadastro', { exact: true }).getAttribute('type')).toBe('email');
    expect(await form.getByLabel('Senha de cadastro', { exact: true }).getAttribute('type')).toBe('password');
    for (const label of ['Nome', 'Email de cadastro', 'Senha de cadastro']) {
      expect(await form.locator('label', { hasText: label }).first().isVisible()).toBe(true);
    }
  });

  portalTest('register mode: submit button Cadastrar', async (visit) => {
    await visit.goto('/login');
    await visit.page.getByRole('button', { name: 'Cadastrar', exact: true }).click();
    const button = visit.page.getByRole('form', { name: 'Criar conta' }).getByRole('button');
    expect(await text(button)).toBe('Cadastrar');
    expect(await button.getAttribute('type')).toBe('submit');
  });

  portalTest('register mode side panel: "Seja bem vindo!", "Faça o registro para continuar", "Já tem cadastro?"', async (visit) => {
    await visit.goto('/login');
    await visit.page.getByRole('button', { name: 'Cadastrar', exact: true }).click();
    const side = visit.page.locator('.auth__panel:not([inert])');
    expect(await text(side.getByRole('heading'))).toBe('Seja bem vindo!');
    expect(await side.locator('p').allTextContents()).toEqual(['Faça o registro para continuar', 'Já tem cadastro?']);
  });

  portalTest('the side panel button "Fazer Login" switches back to login mode', async (visit) => {
    const { page } = visit;
    await visit.goto('/login');
    await page.getByRole('button', { name: 'Cadastrar', exact: true }).click();
    await page.getByRole('button', { name: 'Fazer Login' }).click();
    expect(await page.getByRole('region', { name: 'Acesso à conta' }).getAttribute('data-mode')).toBe('login');
    await page.getByRole('form', { name: 'Login' }).waitFor();
    expect(await page.getByRole('button', { name: 'Fazer Login' }).count()).toBe(0);
  });

  portalTest('submitting both forms posts to /api/auth/login and /api/auth/register without reloading the page, with no browser validation (docs/product.md §1, departure 2)', async (visit) => {
    const { page } = visit;
    await visit.goto('/login');
    await page.getByLabel('Email de login').waitFor();
    await page.evaluate(() => {
      const submits: boolean[] = [];
      Object.assign(window, { submits });
      document.addEventListener('submit', (event) => submits.push(event.defaultPrevented));
    });
    // Not an email address and no password: no browser validation message; the empty field gets the focus.
    await page.getByLabel('Email de login').fill('isto não é um email');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    expect(await page.getByLabel('Email de login').inputValue()).toBe('isto não é um email');
    await page.getByRole('button', { name: 'Cadastrar', exact: true }).click();
    const register = page.getByRole('form', { name: 'Criar conta' });
    await register.getByRole('button', { name: 'Cadastrar' }).click();
    // Both submits went through (nothing blocked them) and both were kept from reloading the page.
    expect(await page.evaluate(() => (window as unknown as { submits: boolean[] }).submits)).toEqual([true, true]);
    // A filled register form posts to /api/auth/register; the API's answer shows in pt-BR inside the panel.
    await register.getByLabel('Nome').fill('Marcos');
    await register.getByLabel('Email de cadastro').fill('membro@demo.koinonia');
    await register.getByLabel('Senha de cadastro').fill('uma senha longa');
    await register.getByRole('button', { name: 'Cadastrar' }).click();
    await register.getByRole('alert').waitFor();
    expect(await register.getByRole('alert').textContent()).toBe('Este email já está cadastrado.');
    // And a filled login form posts to /api/auth/login.
    await page.getByRole('button', { name: 'Fazer Login', exact: true }).click();
    const login = page.getByRole('form', { name: 'Login' });
    await login.getByLabel('Senha de login').fill('qualquer senha');
    await login.getByRole('button', { name: 'Login', exact: true }).click();
    await login.getByRole('alert').waitFor();
    expect(await page.evaluate(() => (window as unknown as { submits: boolean[] }).submits)).toEqual([true, true, true, true]);
    await page.evaluate(() => fetch('/favicon.svg'));
    await visit.until(() => visit.requests.some((request) => request.path === '/favicon.svg'), 'the marker request');
    expect(visit.requests.filter((request) => request.path.startsWith('/login'))).toHaveLength(1);
    // The start's GET /api/auth/me (departure 3) and the two submits: nothing else.
    expect(visit.apiCalls()).toEqual(['GET /api/auth/me', 'POST /api/auth/register', 'POST /api/auth/login']);
    expect(await page.locator('[required], [minlength], [maxlength]').count()).toBe(0);
    expect(page.url()).toBe(`${visit.baseUrl}/login`);
    expect(await login.getByRole('heading', { name: 'Login' }).count()).toBe(1);
  });

  portalTest('/events has three tabs: Next Events (default), My Events and Leader View', async (visit) => {
    const { page } = visit;
    await openEvents(visit);
    const tabs = page.getByRole('tablist').getByRole('tab');
    expect(await tabs.allTextContents()).toEqual(['Next Events', 'My Events', 'Leader View']);
    expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('Next Events');
  });

  portalTest('Next Events shows the full list on the left and the current and next month calendars on the right', async (visit) => {
    const { page } = visit;
    const expected = await expectedEvents();
    const list = await openEvents(visit);
    const items = list.getByRole('listitem');
    expect(await items.count()).toBe(expected.upcoming.length);
    const listBox = (await list.boundingBox())!;
    const calendars = page.locator('.calendar');
    for (const index of [0, 1]) {
      expect((await calendars.nth(index).boundingBox())!.x).toBeGreaterThan(listBox.x + listBox.width);
    }
  });

  portalTest('My Events shows the same full list, with no per-user filtering', async (visit) => {
    const { page } = visit;
    const list = await openEvents(visit);
    const nextEvents = await list.getByRole('listitem').allTextContents();
    await page.getByRole('tab', { name: 'My Events' }).click();
    expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('My Events');
    const myList = page.getByRole('tabpanel').getByRole('list', { name: 'Próximos eventos' });
    // The panel's content is drawn in a deferred render after the click (docs/performance.md).
    await visit.until(async () => (await myList.getByRole('listitem').count()) > 0, 'a lista de My Events aparece');
    expect(await myList.getByRole('listitem').allTextContents()).toEqual(nextEvents);
    expect(await page.getByRole('tabpanel').locator('.calendar').count()).toBe(2);
  });

  portalTest('Leader View shows a further event list with two calendars', async (visit) => {
    const { page } = visit;
    const expected = await expectedEvents();
    await openEvents(visit);
    await page.getByRole('tab', { name: 'Leader View' }).click();
    const panel = page.getByRole('tabpanel');
    const list = panel.getByRole('list', { name: 'Escala de membros' });
    await list.waitFor();
    expect(await list.getByRole('listitem').count()).toBe(expected.upcoming.length);
    expect(await panel.locator('.calendar').count()).toBe(2);
  });

  portalTest('clicking an event opens Event Details with the read-only event name and date, and a Close button', async (visit) => {
    const { page } = visit;
    const expected = await expectedEvents();
    const list = await openEvents(visit);
    const event = expected.upcoming[0]!;
    await list.getByRole('button').first().click();
    const dialog = page.getByRole('dialog', { name: 'Event Details' });
    const name = dialog.getByLabel('Event', { exact: true });
    await name.waitFor();
    expect(await name.inputValue()).toBe(nameOf(event));
    expect(await name.getAttribute('readonly')).not.toBeNull();
    const date = dialog.getByLabel('Date', { exact: true });
    expect(await date.inputValue()).toBe(formatDateTime(event.datetime, expected.timeZone));
    expect(await date.getAttribute('readonly')).not.toBeNull();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  portalTest('Event Details shows N/A when the event has no type', async (visit) => {
    const { page } = visit;
    const expected = await expectedEvents();
    const untyped = expected.upcoming.find((event) => event.event_types === null)!;
    const list = await openEvents(visit);
    await list.locator(`[data-event-id="${untyped.id}"]`).click();
    const name = page.getByRole('dialog', { name: 'Event Details' }).getByLabel('Event', { exact: true });
    await name.waitFor();
    expect(await name.inputValue()).toBe('N/A');
  });

  portalTest('Event Details shows "Loading..." while fetching', async (visit) => {
    const { page } = visit;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/events\/\d+$/, async (route) => {
      await released;
      await route.continue();
    });
    const list = await openEvents(visit);
    await list.getByRole('button').first().click();
    const dialog = page.getByRole('dialog', { name: 'Event Details' });
    expect(await text(dialog.getByText('Loading...'))).toBe('Loading...');
    expect(await dialog.getByLabel('Event', { exact: true }).count()).toBe(0);
    release();
    await dialog.getByLabel('Event', { exact: true }).waitFor();
    expect(await dialog.getByText('Loading...').count()).toBe(0);
  });

  portalTest('Event Details shows "Error loading event details" on failure', async (visit) => {
    const { page } = visit;
    await page.route(/\/api\/events\/\d+$/, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"Erro interno."}}' }));
    const list = await openEvents(visit);
    await list.getByRole('button').first().click();
    const dialog = page.getByRole('dialog', { name: 'Event Details' });
    expect(await text(dialog.getByText('Error loading event details'))).toBe('Error loading event details');
  });

  portalTest('clicking a highlighted day opens "Events on {date}" listing that day\'s events', async (visit) => {
    const { page } = visit;
    const expected = await expectedEvents();
    await openEvents(visit);
    const [day, count] = [...expected.days.entries()].find(([key]) => key >= expected.window.today)!;
    await page.getByRole('button', { name: dayLabel(day, count), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Events on ${formatDay(day)}` });
    const items = dialog.getByRole('list').getByRole('listitem');
    await items.first().waitFor();
    const ofDay = expected.events.filter((event) => dayKeyOf(event.datetime, expected.timeZone) === day);
    expect(await items.allTextContents()).toEqual(
      ofDay.map((event) => `${nameOf(event)} ${formatDateTime(event.datetime, expected.timeZone)}`),
    );
  });

  portalTest('clicking an event in "Events on {date}" opens its details', async (visit) => {
    const { page } = visit;
    const expected = await expectedEvents();
    await openEvents(visit);
    const [day, count] = [...expected.days.entries()].at(-1)!;
    await page.getByRole('button', { name: dayLabel(day, count), exact: true }).click();
    const dayDialog = page.getByRole('dialog', { name: `Events on ${formatDay(day)}` });
    await dayDialog.getByRole('listitem').first().getByRole('button').click();
    const event = expected.events.filter((candidate) => dayKeyOf(candidate.datetime, expected.timeZone) === day)[0]!;
    const name = page.getByRole('dialog', { name: 'Event Details' }).getByLabel('Event', { exact: true });
    await name.waitFor();
    expect(await name.inputValue()).toBe(nameOf(event));
  });

  portalTest('in Leader View, clicking an event opens "Allocate Member to Event" instead of the details', async (visit) => {
    const { page } = visit;
    await openEvents(visit);
    await page.getByRole('tab', { name: 'Leader View' }).click();
    const list = page.getByRole('list', { name: 'Escala de membros' });
    await list.getByRole('button').first().click();
    await page.getByRole('dialog', { name: 'Allocate Member to Event' }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Event Details' }).count()).toBe(0);
    expect(visit.apiCalls().filter((call) => /\/api\/events\/\d+$/.test(call))).toEqual([]);
  });

  portalTest('the allocation modal has read-only Event and Date, free-text Department and Member, Cancel and Submit', async (visit) => {
    const { page } = visit;
    const expected = await expectedEvents();
    await openEvents(visit);
    await page.getByRole('tab', { name: 'Leader View' }).click();
    const event = expected.upcoming[1]!;
    const dialog = page.getByRole('dialog', { name: 'Allocate Member to Event' });
    await visit.clickUntil(page.getByRole('list', { name: 'Escala de membros' }).locator(`[data-event-id="${event.id}"]`), dialog, 'o diálogo de alocação abre');
    const field = (label: string) => dialog.getByLabel(label, { exact: true });
    expect(await field('Event').inputValue()).toBe(nameOf(event));
    expect(await field('Event').getAttribute('readonly')).not.toBeNull();
    expect(await field('Date').inputValue()).toBe(formatDateTime(event.datetime, expected.timeZone));
    expect(await field('Date').getAttribute('readonly')).not.toBeNull();
    await field('Department').fill('Louvor');
    await field('Member').fill('Ana Souza');
    expect(await field('Department').inputValue()).toBe('Louvor');
    expect(await field('Member').inputValue()).toBe('Ana Souza');
    expect(await dialog.getByRole('button').allTextContents()).toEqual(['Cancel', 'Submit']);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  portalTest('Submit only writes a log line and closes the allocation modal; no call is made', async (visit) => {
    const { page } = visit;
    const expected = await expectedEvents();
    await openEvents(visit);
    await page.getByRole('tab', { name: 'Leader View' }).click();
    const event = expected.upcoming[0]!;
    const dialog = page.getByRole('dialog', { name: 'Allocate Member to Event' });
    await visit.clickUntil(page.getByRole('list', { name: 'Escala de membros' }).locator(`[data-event-id="${event.id}"]`), dialog, 'o diálogo de alocação abre');
    await dialog.getByLabel('Department', { exact: true }).fill('Recepção');
    await dialog.getByLabel('Member', { exact: true }).fill('João');
    const callsBefore = visit.requests.length;
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.waitFor({ state: 'detached' });
    const line = `Allocate Member to Event: ${JSON.stringify({ eventId: event.id, department: 'Recepção', member: 'João' })}`;
    await visit.until(() => visit.consoleOf('info').includes(line), 'the allocation log line');
    // A known request after the submit: anything the submit had sent would come before it.
    await page.evaluate(() => fetch('/favicon.svg'));
    await visit.until(() => visit.requests.some((request) => request.path === '/favicon.svg'), 'the marker request');
    expect(visit.requests.slice(callsBefore).map((request) => request.path)).toEqual(['/favicon.svg']);
  });

  portalTest('event list items show the type name and the date-time in the long medium format', async (visit) => {
    const expected = await expectedEvents();
    const list = await openEvents(visit);
    const items = list.getByRole('listitem');
    const shown = await items.evaluateAll((elements) =>
      elements.map((element) => [
        element.querySelector('.event-button__name')?.textContent,
        element.querySelector('time')?.textContent,
      ]),
    );
    expect(shown).toEqual(expected.upcoming.map((event) => [nameOf(event), formatDateTime(event.datetime, expected.timeZone)]));
    expect(shown.some(([name]) => name === 'N/A')).toBe(true);
    expect(shown[0]![1]).toMatch(/^\d{1,2} de [a-zç]+ de \d{4} às \d{2}:\d{2}:\d{2}$/);
  });

  portalTest('a calendar day is highlighted when any event\'s datetime falls on it (network timezone, browser in Tokyo)', async (visit) => {
    const { page } = visit;
    const expected = await expectedEvents();
    await openEvents(visit);
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Asia/Tokyo');
    const highlighted = await page.locator('[data-has-events="true"]').evaluateAll((days) =>
      days.map((day) => [day.getAttribute('data-day'), day.getAttribute('aria-label')]),
    );
    expect(highlighted).toEqual([...expected.days.entries()].map(([day, count]) => [day, dayLabel(day, count)]));
    // The late-night vigil (23:30 in the network) is on its own day, not on the next one as Tokyo would have it.
    const vigil = expected.events.find((event) => event.event_types?.name === 'Vigília')!;
    expect(highlighted.map(([day]) => day)).toContain(dayKeyOf(vigil.datetime, expected.timeZone));
    const background = await page.locator('[data-has-events="true"]').first().evaluate((day) => getComputedStyle(day).backgroundColor);
    const plain = await page.locator('[data-has-events="false"]').first().evaluate((day) => getComputedStyle(day).backgroundColor);
    expect(background).not.toBe(plain);
  });

  portalTest('modals are real dialogs: focus moves in and returns, Esc closes them, the page behind is inert', async (visit) => {
    const { page } = visit;
    const list = await openEvents(visit);
    const opener = list.getByRole('button').first();
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Event Details' });
    await dialog.getByLabel('Event', { exact: true }).waitFor();
    expect(await dialog.evaluate((element) => element.matches(':modal'))).toBe(true);
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    expect(await receivesClicks(page.getByRole('tab', { name: 'Leader View' }))).toBe(false);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await receivesClicks(page.getByRole('tab', { name: 'Leader View' }))).toBe(true);
  });

  portalTest('every input has a visible label tied to it', async (visit) => {
    const { page } = visit;
    const unlabelled = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('input')]
          .filter((input) => !input.closest('[inert]'))
          .filter((input) => {
            const label = input.labels?.[0];
            return !label || label.getBoundingClientRect().height === 0 || !label.textContent?.trim();
          })
          .map((input) => input.outerHTML),
      );
    await visit.goto('/login');
    await page.getByLabel('Email de login').waitFor();
    expect(await unlabelled()).toEqual([]);
    await page.getByRole('button', { name: 'Cadastrar', exact: true }).click();
    await page.getByLabel('Nome').waitFor();
    expect(await unlabelled()).toEqual([]);
    await openEvents(visit);
    await page.getByRole('tab', { name: 'Leader View' }).click();
    await page.getByRole('list', { name: 'Escala de membros' }).getByRole('button').first().click();
    await page.getByLabel('Department').waitFor();
    expect(await unlabelled()).toEqual([]);
  });
});
