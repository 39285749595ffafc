import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../shared/schemas/auth.ts';
import * as clientPasswordLength from '../../client/kit/passwordLength.ts';
import { ANA, EVENTS, freezeNow, MEMBER } from './support/fixtures.ts';
import { openPortal } from './support/realApi.ts';
import { renderApp } from './support/renderWithProviders.tsx';

function loginForm() {
  return screen.getByRole('form', { name: 'Login' });
}

/** The top bar's way to /login: `Entrar`, or the first name once signed in. */
function topBarAccountLink() {
  const link = within(screen.getByRole('banner'))
    .getAllByRole('link')
    .find((candidate) => candidate.getAttribute('href') === '/login');
  if (!link) throw new Error('sem link para /login na barra do topo');
  return link;
}

async function fillLogin(user: ReturnType<typeof renderApp>['user'], email: string, password: string) {
  await user.type(screen.getByLabelText('Email de login'), email);
  await user.type(screen.getByLabelText('Senha de login'), password);
}

describe('login and register forms (issue 4)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('a visitor’s start asks GET /api/auth/me exactly once; { user: null } keeps Entrar, with no console error (docs/product.md §1, departure 3)', async () => {
    const portal = await openPortal({ events: EVENTS });
    renderApp('/events');
    await screen.findByRole('list', { name: 'Próximos eventos' });
    expect(topBarAccountLink()).toHaveTextContent('Entrar');
    expect(portal.requests.filter((request) => request.path === '/api/auth/me').map((request) => request.method)).toEqual(['GET']);
    // Besides it, the specification's calls only (a console error would fail the test in setup.ts).
    expect(portal.specPaths()).toEqual(['/api/events?from=2026-11-01&to=2026-12-31']);
  });

  it('signs in: POST /api/auth/login, then /events with the first name in the top bar, the session asked again', async () => {
    const portal = await openPortal({ events: EVENTS });
    const { user, router } = renderApp('/login');
    await fillLogin(user, ' membro@demo.koinonia ', MEMBER.password);
    await user.click(within(loginForm()).getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    await waitFor(() => expect(topBarAccountLink()).toHaveTextContent('Marcos'));
    expect(topBarAccountLink()).toHaveAttribute('href', '/login');
    expect(portal.writes()).toEqual([
      { method: 'POST', path: '/api/auth/login', body: { email: 'membro@demo.koinonia', password: MEMBER.password } },
    ]);
    // The Session tag was invalidated: who I am is asked again (once at start, once after the sign-in).
    await waitFor(() => expect(portal.paths().filter((path) => path === '/api/auth/me')).toHaveLength(2));
  });

  it('shows "Email ou senha inválidos." inside the panel for a wrong password, and stays on /login', async () => {
    const portal = await openPortal({ events: EVENTS });
    const { user, router } = renderApp('/login');
    await fillLogin(user, MEMBER.email, 'senha-errada');
    await user.click(within(loginForm()).getByRole('button', { name: 'Login' }));

    expect(await within(loginForm()).findByRole('alert')).toHaveTextContent('Email ou senha inválidos.');
    expect(router.state.location.pathname).toBe('/login');
    expect(portal.writes()).toHaveLength(1);
    // The form keeps the spec's texts.
    expect(within(loginForm()).getByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });

  it('asks the API whatever the password’s length: a short one gets the API’s own 401 message', async () => {
    const portal = await openPortal({ events: EVENTS });
    const { user } = renderApp('/login');
    await fillLogin(user, MEMBER.email, 'curta');
    await user.click(within(loginForm()).getByRole('button', { name: 'Login' }));
    expect(await within(loginForm()).findByRole('alert')).toHaveTextContent('Email ou senha inválidos.');
    expect(portal.writes()).toEqual([{ method: 'POST', path: '/api/auth/login', body: { email: MEMBER.email, password: 'curta' } }]);
  });

  it('disables Login with a spinner while the call runs', async () => {
    const portal = await openPortal({ events: EVENTS });
    const release = portal.hold('/api/auth/login');
    const { user, router } = renderApp('/login');
    await fillLogin(user, MEMBER.email, MEMBER.password);
    const submit = within(loginForm()).getByRole('button', { name: 'Login' });
    await user.click(submit);

    await waitFor(() => expect(submit).toBeDisabled());
    expect(submit.querySelector('.spinner')).not.toBeNull();
    expect(loginForm()).toHaveAttribute('aria-busy', 'true');
    // A second submit while busy sends nothing more.
    await user.keyboard('{Enter}');
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    expect(portal.writes()).toHaveLength(1);
  });

  it('shows the throttling message the API sends', async () => {
    const portal = await openPortal({ events: EVENTS });
    // Ten wrong passwords for this email in another browser: the API's limit (429 from then on, for 15 minutes).
    const elsewhere = portal.anonymousAgent();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await elsewhere.post('/api/auth/login').send({ email: MEMBER.email, password: 'senha-errada' }).expect(401);
    }
    const { user } = renderApp('/login');
    await fillLogin(user, MEMBER.email, 'senha-errada');
    await user.click(within(loginForm()).getByRole('button', { name: 'Login' }));
    expect(await within(loginForm()).findByRole('alert')).toHaveTextContent(
      'Muitas tentativas de login. Tente novamente em 15 minuto(s).',
    );
  });

  it('registers: POST /api/auth/register with the trimmed name and email, then /events signed in', async () => {
    const portal = await openPortal({ events: EVENTS });
    const { user, router } = renderApp('/login');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    const form = screen.getByRole('form', { name: 'Criar conta' });
    await user.type(within(form).getByLabelText('Nome'), '  Joana Dias ');
    await user.type(within(form).getByLabelText('Email de cadastro'), 'joana@example.org');
    await user.type(within(form).getByLabelText('Senha de cadastro'), 'uma senha longa');
    await user.click(within(form).getByRole('button', { name: 'Cadastrar' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    await waitFor(() => expect(topBarAccountLink()).toHaveTextContent('Joana'));
    expect(portal.writes()).toEqual([
      { method: 'POST', path: '/api/auth/register', body: { name: 'Joana Dias', email: 'joana@example.org', password: 'uma senha longa' } },
    ]);
  });

  it('shows register errors in pt-BR inside the panel: email taken, common password, short password (no call)', async () => {
    const portal = await openPortal({ events: EVENTS });
    const { user } = renderApp('/login');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    const form = screen.getByRole('form', { name: 'Criar conta' });
    const password = within(form).getByLabelText('Senha de cadastro');
    const submit = within(form).getByRole('button', { name: 'Cadastrar' });
    await user.type(within(form).getByLabelText('Nome'), 'Ana');
    await user.type(within(form).getByLabelText('Email de cadastro'), ANA.email);
    await user.type(password, 'uma senha longa');
    await user.click(submit);
    expect(await within(form).findByRole('alert')).toHaveTextContent('Este email já está cadastrado.');

    await user.clear(within(form).getByLabelText('Email de cadastro'));
    await user.type(within(form).getByLabelText('Email de cadastro'), 'nova@example.org');
    await user.clear(password);
    await user.type(password, 'senha12345');
    await user.click(submit);
    await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent('Essa senha é muito comum e fácil de adivinhar. Escolha outra.'));

    await user.clear(password);
    await user.type(password, 'curta');
    await user.click(submit);
    await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent('A senha deve ter entre 8 e 128 caracteres.'));
    expect(portal.writes().map((write) => write.path)).toEqual(['/api/auth/register', '/api/auth/register']);
  });

  it('a submit with an empty field sends nothing, focuses that field and says what is missing under it (issue 16)', async () => {
    const portal = await openPortal({ events: EVENTS });
    const { user } = renderApp('/login');
    await user.type(screen.getByLabelText('Email de login'), MEMBER.email);
    await user.click(within(loginForm()).getByRole('button', { name: 'Login' }));
    const password = screen.getByLabelText('Senha de login');
    expect(password).toHaveFocus();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription('Informe a senha.');
    expect(screen.getByLabelText('Email de login')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByRole('alert')).toBeNull();
    // Not even the sign-in call: only the start's GET /api/auth/me (docs/product.md §1, departure 3).
    expect(portal.specPaths()).toEqual([]);
    // Typing takes the message away.
    await user.type(password, 'x');
    expect(password).toHaveAttribute('aria-invalid', 'false');
    expect(within(loginForm()).queryByText('Informe a senha.')).toBeNull();
  });

  it('an empty submit names each empty field, and an earlier attempt’s error is no longer shown (issue 16)', async () => {
    await openPortal({ events: EVENTS });
    const { user } = renderApp('/login');
    await fillLogin(user, MEMBER.email, 'senha errada');
    await user.click(within(loginForm()).getByRole('button', { name: 'Login' }));
    expect(await within(loginForm()).findByRole('alert')).toHaveTextContent('Email ou senha inválidos.');

    await user.clear(screen.getByLabelText('Email de login'));
    await user.clear(screen.getByLabelText('Senha de login'));
    await user.click(within(loginForm()).getByRole('button', { name: 'Login' }));
    expect(within(loginForm()).queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Email de login')).toHaveFocus();
    expect(screen.getByLabelText('Email de login')).toHaveAccessibleDescription('Informe o e-mail.');
    expect(screen.getByLabelText('Senha de login')).toHaveAccessibleDescription('Informe a senha.');

    // The same wrong pair again: the error is shown again.
    await fillLogin(user, MEMBER.email, 'senha errada');
    await user.click(within(loginForm()).getByRole('button', { name: 'Login' }));
    expect(await within(loginForm()).findByRole('alert')).toHaveTextContent('Email ou senha inválidos.');

    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    const register = screen.getByRole('form', { name: 'Criar conta' });
    await user.click(within(register).getByRole('button', { name: 'Cadastrar' }));
    expect(within(register).getByLabelText('Nome')).toHaveFocus();
    expect(within(register).getByLabelText('Nome')).toHaveAccessibleDescription('Informe seu nome.');
    expect(within(register).getByLabelText('Email de cadastro')).toHaveAccessibleDescription('Informe o e-mail.');
    expect(within(register).getByLabelText('Senha de cadastro')).toHaveAccessibleDescription('Informe a senha.');
  });

  it('an attempt’s error does not wait in the panel left behind: after a switch of mode and back it is gone (issue 16)', async () => {
    await openPortal({ events: EVENTS });
    const { user } = renderApp('/login');
    await fillLogin(user, MEMBER.email, 'senha errada');
    await user.click(within(loginForm()).getByRole('button', { name: 'Login' }));
    expect(await within(loginForm()).findByRole('alert')).toHaveTextContent('Email ou senha inválidos.');

    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    const register = screen.getByRole('form', { name: 'Criar conta' });
    expect(screen.queryByText('Email ou senha inválidos.')).toBeNull();
    // The registration's own refusal goes the same way when the visitor goes back to sign in.
    await user.type(within(register).getByLabelText('Nome'), 'Outra Pessoa');
    await user.type(within(register).getByLabelText('Email de cadastro'), MEMBER.email);
    await user.type(within(register).getByLabelText('Senha de cadastro'), 'uma senha bem longa');
    await user.click(within(register).getByRole('button', { name: 'Cadastrar' }));
    expect(await within(register).findByRole('alert')).toHaveTextContent('Este email já está cadastrado.');

    await user.click(screen.getByRole('button', { name: 'Fazer Login' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Este email já está cadastrado.')).toBeNull();
    // The typed values stay: only what was said about the last attempt went.
    expect(screen.getByLabelText('Email de login')).toHaveValue(MEMBER.email);
    // A new attempt with the same pair is refused and said again.
    await user.click(within(loginForm()).getByRole('button', { name: 'Login' }));
    expect(await within(loginForm()).findByRole('alert')).toHaveTextContent('Email ou senha inválidos.');
  });

  it('a malformed e-mail gets a plain sentence, not the API’s technical message (issue 16)', async () => {
    await openPortal({ events: EVENTS });
    const { user } = renderApp('/login');
    await fillLogin(user, 'ana@', 'uma senha longa');
    await user.click(within(loginForm()).getByRole('button', { name: 'Login' }));
    expect(await within(loginForm()).findByRole('alert')).toHaveTextContent(/^Informe um e-mail válido\.$/);

    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    const register = screen.getByRole('form', { name: 'Criar conta' });
    await user.type(within(register).getByLabelText('Nome'), 'Ana');
    await user.type(within(register).getByLabelText('Email de cadastro'), 'não é email');
    await user.type(within(register).getByLabelText('Senha de cadastro'), 'uma senha longa');
    await user.click(within(register).getByRole('button', { name: 'Cadastrar' }));
    expect(await within(register).findByRole('alert')).toHaveTextContent(/^Informe um e-mail válido\.$/);
  });

  it('keeps the client’s password length equal to the API’s (shared/schemas/auth.ts)', () => {
    expect(clientPasswordLength.PASSWORD_MIN).toBe(PASSWORD_MIN);
    expect(clientPasswordLength.PASSWORD_MAX).toBe(PASSWORD_MAX);
    expect(clientPasswordLength.isPasswordLengthValid('🙏'.repeat(8))).toBe(true);
    expect(clientPasswordLength.isPasswordLengthValid('a'.repeat(7))).toBe(false);
  });
});
