import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { routes } from '../../client/app/router.ts';
import { ROUTE_PATHS, SIGNED_IN_ROUTES } from '../../shared/portalRoutes.ts';
import { EVENTS, freezeNow, LEADER } from './support/fixtures.ts';
import { openPortal } from './support/realApi.ts';
import { renderApp } from './support/renderWithProviders.tsx';

const SESSION = '/api/auth/me';

function prompt() {
  return screen.findByRole('heading', { name: 'Entre para continuar', level: 1 });
}

async function signIn(user: ReturnType<typeof renderApp>['user']) {
  const form = screen.getByRole('form', { name: 'Login' });
  await user.type(within(form).getByLabelText('Email de login'), LEADER.email);
  await user.type(within(form).getByLabelText('Senha de login'), LEADER.password);
  await user.click(within(form).getByRole('button', { name: 'Login' }));
}

/** Every path the routes declare, however nested. */
function declaredPaths(list: typeof routes): string[] {
  return list.flatMap((route) => [...(route.path && route.path !== '*' ? [route.path] : []), ...declaredPaths(route.children ?? [])]);
}

describe('a signed-in page opened signed out (issue 21, docs/product.md §1 departure 5)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('the router’s routes are the list the web host answers 200 (shared/portalRoutes.ts)', () => {
    expect(declaredPaths(routes).sort()).toEqual([...ROUTE_PATHS].sort());
  });

  it.each(SIGNED_IN_ROUTES)('%s shows the shell and "Entre para continuar", with the way to /login that comes back here', async (path) => {
    const portal = await openPortal({ events: EVENTS });
    renderApp(`${path}?igreja=1`);
    expect(await prompt()).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Navegação principal' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Entrar na conta' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent(`${path}?igreja=1`).replace(/%2F/g, '/')}`,
    );
    expect(document.title).toBe('Entre para continuar · Koinonia');
    await portal.settled();
    // Nothing of the page behind it is asked for.
    expect(portal.paths()).toEqual([SESSION]);
  });

  it('draws nothing at all until the session is known (no shell that then changes its mind), then the prompt', async () => {
    const portal = await openPortal({ events: EVENTS });
    const release = portal.hold(SESSION);
    const { container } = renderApp('/rede');
    await waitFor(() => expect(portal.paths()).toEqual([SESSION]));
    expect(container).toBeEmptyDOMElement();
    release();
    expect(await prompt()).toBeInTheDocument();
  });

  it('after signing in through its link the leader lands on the page asked for (Lacunas), with its query', async () => {
    const portal = await openPortal({ events: EVENTS });
    const { user, router } = renderApp('/escalas/lacunas?departamento=1');
    await prompt();
    await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Entrar na conta' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=/escalas/lacunas%3Fdepartamento%3D1');
    await signIn(user);
    expect(await screen.findByRole('heading', { name: 'Escalas — lacunas', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/escalas/lacunas');
    expect(router.state.location.search).toBe('?departamento=1');
    expect(screen.queryByRole('heading', { name: 'Entre para continuar' })).toBeNull();
    expect(portal.writes()).toEqual([{ method: 'POST', path: '/api/auth/login', body: { email: LEADER.email, password: LEADER.password } }]);
    await waitFor(() => expect(portal.paths()).toContain('/api/escalas/overview?department_id=1'));
  });

  it.each([
    '//evil.example',
    '//evil.example/rede',
    'https://evil.example/rede',
    '/\\evil.example',
    '/%09/evil.example',
    'javascript:alert(1)',
    '/nada',
    '/login',
    'rede',
  ])('ignores next=%s: after signing in the login page goes to /events, as without it', async (next) => {
    await openPortal({ events: EVENTS });
    const { user, router } = renderApp(`/login?next=${encodeURIComponent(next)}`);
    await signIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('list', { name: 'Próximos eventos' })).toBeInTheDocument();
  });

  it('the visitor’s /login with a next is the specification’s page, exactly as without it', async () => {
    const portal = await openPortal({ events: EVENTS });
    const plain = renderApp('/login');
    await screen.findByRole('form', { name: 'Login' });
    await portal.settled();
    // React's generated ids count on from one render to the next: the same page, ids aside.
    const html = (container: HTMLElement) => container.innerHTML.replace(/_r_[\da-z]+_/g, '_id_');
    const withoutNext = html(plain.container);
    plain.unmount();
    const withNext = renderApp('/login?next=/escalas/lacunas');
    await screen.findByRole('form', { name: 'Login' });
    await portal.settled();
    expect(html(withNext.container)).toBe(withoutNext);
    expect(withoutNext).toContain('Bem vindo de volta!');
  });
});
