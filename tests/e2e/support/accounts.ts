import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { User } from '../../../shared/schemas/auth.ts';
import type { PortalVisit } from './portalBrowser.ts';
import { E2E_DEMO_PASSWORD } from './demoPassword.ts';
import { portalUrl } from './filePortal.ts';

/** The demo accounts of the e2e portal's seed, with the password it was given (portalServer.ts). */
export const DEMO_PASSWORD = E2E_DEMO_PASSWORD;
export const DEMO_LEADER_EMAIL = 'lider@demo.koinonia';
export const DEMO_MEMBER_EMAIL = 'membro@demo.koinonia';

/** An email no other test uses: each run and each call gets its own, so throttling counters never meet. */
export function freshEmail(label: string): string {
  return `${label}.${Date.now().toString(36)}.${randomBytes(3).toString('hex')}@e2e.koinonia`;
}

export interface ApiAnswer {
  status: number;
  body: unknown;
}

/**
 * The portal's API called from the test process (through the web host, like the browser), with its own
 * session cookie: for arranging what a test needs without the screens under test.
 */
export class PortalApiClient {
  private cookie = '';

  async call(method: string, path: string, body?: unknown): Promise<ApiAnswer> {
    const response = await fetch(portalUrl() + path, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(this.cookie ? { Cookie: this.cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = response.headers.getSetCookie().find((line) => /koinonia_session=/.test(line));
    if (setCookie) this.cookie = setCookie.split(';')[0]!;
    const text = await response.text();
    return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
  }

  /** The call, failing loudly unless it answered `status`. */
  async expect<T>(status: number, method: string, path: string, body?: unknown): Promise<T> {
    const answer = await this.call(method, path, body);
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(status);
    return answer.body as T;
  }

  static async signIn(email: string, password: string): Promise<PortalApiClient> {
    const client = new PortalApiClient();
    await client.expect(200, 'POST', '/api/auth/login', { email, password });
    return client;
  }

  static async register(name: string, email: string, password: string): Promise<{ client: PortalApiClient; user: User }> {
    const client = new PortalApiClient();
    const { user } = await client.expect<{ user: User }>(201, 'POST', '/api/auth/register', { name, email, password });
    return { client, user };
  }
}

/** The top bar's way to /login: `Entrar` for a visitor, the first name once signed in. */
export function accountLink(page: Page): Locator {
  return page.getByRole('banner').locator('a[href="/login"]');
}

/** Waits until the top bar's account link reads `text`. */
export async function expectAccountLink(visit: PortalVisit, text: string): Promise<void> {
  const link = accountLink(visit.page);
  await visit.until(async () => ((await link.textContent()) ?? '').trim() === text, `o link da conta com "${text}"`);
}

/** A fresh start: no session cookie (the browser profile is shared by a file's tests). */
export async function startAnonymous(visit: PortalVisit, path = '/'): Promise<void> {
  await visit.page.context().clearCookies();
  await visit.goto(path);
}

/** Signs in through the login form and waits for /events. */
export async function signInThroughForm(visit: PortalVisit, email: string, password: string): Promise<void> {
  const { page } = visit;
  await visit.goto('/login');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email de login').fill(email);
  await form.getByLabel('Senha de login').fill(password);
  await form.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(`${visit.baseUrl}/events`);
}

/** Signs out through the account hub (`Sair`) and waits for the home page. */
export async function signOutThroughHub(visit: PortalVisit): Promise<void> {
  const { page } = visit;
  await accountLink(page).click();
  await page.getByRole('button', { name: 'Sair' }).click();
  await page.waitForURL(`${visit.baseUrl}/`);
  await expectAccountLink(visit, 'Entrar');
}
