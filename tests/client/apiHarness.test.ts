import { describe, expect, it } from 'vitest';
import { beginPortalTest, cookieJar, endPortalTest } from './support/apiHarness.ts';
import { MEMBER } from './support/fixtures.ts';
import { openPortal } from './support/realApi.ts';

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

describe('the client tests’ API harness', () => {
  it('fails the test when the page asks another origin', async () => {
    await expect(fetch('http://localhost:3000/api/auth/me')).rejects.toThrow(TypeError);
    await expect(endPortalTest()).rejects.toThrow('O teste pediu fora do portal (http://portal.test):\nGET http://localhost:3000/api/auth/me');
    beginPortalTest();
  });

  it('sends the page’s requests to the real API as a same-origin browser, keeping the HttpOnly session cookie', async () => {
    const portal = await openPortal();
    expect(window.location.origin).toBe('http://portal.test');

    const login = await fetch('/api/auth/login', json({ email: MEMBER.email, password: MEMBER.password }));
    expect(login.status).toBe(200);
    expect(login.headers.get('set-cookie')).toBeNull();
    expect(document.cookie).toBe('');
    const session = (await cookieJar().getCookies('http://portal.test/')).find((cookie) => cookie.key === 'koinonia_session');
    expect(session).toMatchObject({ httpOnly: true, path: '/' });

    expect(await (await fetch('/api/auth/me')).json()).toEqual({ user: { id: MEMBER.id, name: MEMBER.name, email: MEMBER.email, role: 'member' } });
    expect((await fetch('/api/auth/logout', { method: 'POST' })).status).toBe(204);
    expect(await (await fetch('/api/auth/me')).json()).toEqual({ user: null });

    const [loginRequest, me] = portal.requests;
    expect(loginRequest?.headers.get('origin')).toBe('http://portal.test');
    expect(loginRequest?.headers.get('sec-fetch-site')).toBe('same-origin');
    expect(loginRequest?.headers.has('cookie')).toBe(false);
    expect(me?.headers.get('cookie')).toContain(`koinonia_session=${session?.value}`);
    expect(me?.headers.has('origin')).toBe(false);
    expect(portal.writes()).toEqual([
      { method: 'POST', path: '/api/auth/login', body: { email: MEMBER.email, password: MEMBER.password } },
      { method: 'POST', path: '/api/auth/logout' },
    ]);
  });

  it('keeps the API’s CSRF rule: a body that is not JSON is refused', async () => {
    await openPortal({ people: [] });
    const response = await fetch('/api/auth/login', { method: 'POST', body: 'email=x' });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('csrf');
  });

  it('answers from the real API unless the test overrides a path, and holds a request until released', async () => {
    const portal = await openPortal({ people: [] });
    portal.failWith('/api/events/1', 500);
    expect((await fetch('/api/events/1')).status).toBe(500);
    expect((await fetch('/api/events/2')).status).toBe(404);

    const release = portal.hold('/api/event-types');
    let answered = false;
    const types = fetch('/api/event-types').then((response) => {
      answered = true;
      return response.json();
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    release();
    expect(await types).toEqual([]);
  });
});
