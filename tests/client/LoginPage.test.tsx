import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './support/renderWithProviders.tsx';
import { ANA, EVENTS } from './support/fixtures.ts';
import { openPortal } from './support/realApi.ts';

function panel() {
  return screen.getByRole('region', { name: 'Acesso à conta' });
}

// The start's GET /api/auth/me (docs/product.md §1, departure 3) answers { user: null }: a visitor (without
// openPortal, the real API over an empty network).
describe('login page (/login)', () => {
  it('starts in login mode with the title, four social buttons, hint, fields, link and submit', () => {
    const { store } = renderApp('/login');
    expect(store.getState().login.mode).toBe('login');
    expect(panel()).toHaveAttribute('data-mode', 'login');
    const form = screen.getByRole('form', { name: 'Login' });
    expect(within(form).getByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(within(within(form).getByRole('group', { name: 'Redes sociais' })).getAllByRole('button')).toHaveLength(4);
    expect(within(form).getByText('ou use email e senha')).toBeInTheDocument();
    expect(within(form).getByLabelText('Email de login')).toHaveAttribute('type', 'email');
    expect(within(form).getByLabelText('Senha de login')).toHaveAttribute('type', 'password');
    expect(within(form).getByRole('link', { name: 'Esqueceu sua senha?' })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Login' })).toHaveAttribute('type', 'submit');
  });

  it('shows the login side panel: Bem vindo de volta!, Faça o login para continuar, Não tem cadastro?, Cadastrar', () => {
    renderApp('/login');
    expect(screen.getByRole('heading', { name: 'Bem vindo de volta!' })).toBeInTheDocument();
    expect(screen.getByText('Faça o login para continuar')).toBeInTheDocument();
    expect(screen.getByText('Não tem cadastro?')).toBeInTheDocument();
    // The register mode's texts are in the page but hidden and inert.
    expect(screen.queryByRole('heading', { name: 'Seja bem vindo!' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Criar conta' })).toBeNull();
    expect(screen.getByText('Seja bem vindo!').closest('[inert]')).not.toBeNull();
  });

  it('switches to register mode with Cadastrar, and back with Fazer Login', async () => {
    const { user, store } = renderApp('/login');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(store.getState().login.mode).toBe('cadastrar');
    expect(panel()).toHaveAttribute('data-mode', 'cadastrar');

    const form = screen.getByRole('form', { name: 'Criar conta' });
    expect(within(form).getByRole('heading', { name: 'Criar conta' })).toHaveFocus();
    expect(within(form).getByText('ou use seu email e senha')).toBeInTheDocument();
    expect(within(form).getByLabelText('Nome')).toHaveAttribute('type', 'text');
    expect(within(form).getByLabelText('Email de cadastro')).toHaveAttribute('type', 'email');
    expect(within(form).getByLabelText('Senha de cadastro')).toHaveAttribute('type', 'password');
    expect(within(form).getByRole('button', { name: 'Cadastrar' })).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('heading', { name: 'Seja bem vindo!' })).toBeInTheDocument();
    expect(screen.getByText('Faça o registro para continuar')).toBeInTheDocument();
    expect(screen.getByText('Já tem cadastro?')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Login' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Fazer Login' }));
    expect(store.getState().login.mode).toBe('login');
    expect(screen.getByRole('heading', { name: 'Login' })).toHaveFocus();
    expect(screen.getByRole('form', { name: 'Login' })).toBeInTheDocument();
  });

  it('a submit with an empty field neither reloads the page nor calls the API, and the browser validates nothing', async () => {
    const api = await openPortal();
    const { user, router } = renderApp('/login');
    const submits: boolean[] = [];
    const recordSubmit = (event: Event) => submits.push(event.defaultPrevented);
    document.addEventListener('submit', recordSubmit);
    const login = screen.getByRole('form', { name: 'Login' });
    expect(login).toHaveAttribute('novalidate');
    for (const input of within(login).getAllByRole('textbox')) {
      expect(input).not.toBeRequired();
      expect(input).not.toHaveAttribute('minlength');
      expect(input).not.toHaveAttribute('maxlength');
    }
    await user.type(screen.getByLabelText('Email de login'), 'não é email');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    await user.type(screen.getByLabelText('Nome'), 'Ana');
    await user.click(within(screen.getByRole('form', { name: 'Criar conta' })).getByRole('button', { name: 'Cadastrar' }));

    document.removeEventListener('submit', recordSubmit);
    // Both submits happened, and both were kept from reloading the page.
    expect(submits).toEqual([true, true]);
    expect(router.state.location.pathname).toBe('/login');
    // Only the start's GET /api/auth/me (docs/product.md §1, departure 3): no sign-in or registration call.
    expect(api.specPaths()).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('submitting both filled forms posts to /api/auth/login and /api/auth/register without reloading the page (docs/product.md §1, departure 2)', async () => {
    const portal = await openPortal({ events: EVENTS });
    const { user, router } = renderApp('/login');
    const submits: boolean[] = [];
    const recordSubmit = (event: Event) => submits.push(event.defaultPrevented);
    document.addEventListener('submit', recordSubmit);
    const login = screen.getByRole('form', { name: 'Login' });
    await user.type(within(login).getByLabelText('Email de login'), ANA.email);
    await user.type(within(login).getByLabelText('Senha de login'), 'senha-errada');
    await user.click(within(login).getByRole('button', { name: 'Login' }));
    expect(await within(login).findByRole('alert')).toHaveTextContent('Email ou senha inválidos.');

    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    const register = screen.getByRole('form', { name: 'Criar conta' });
    await user.type(within(register).getByLabelText('Nome'), 'Ana');
    await user.type(within(register).getByLabelText('Email de cadastro'), ANA.email);
    await user.type(within(register).getByLabelText('Senha de cadastro'), 'uma senha longa');
    await user.click(within(register).getByRole('button', { name: 'Cadastrar' }));
    expect(await within(register).findByRole('alert')).toHaveTextContent('Este email já está cadastrado.');

    document.removeEventListener('submit', recordSubmit);
    expect(submits).toEqual([true, true]);
    expect(router.state.location.pathname).toBe('/login');
    expect(portal.writes().map((write) => `${write.method} ${write.path}`)).toEqual(['POST /api/auth/login', 'POST /api/auth/register']);
    // The spec's texts stay.
    expect(within(register).getByRole('heading', { name: 'Criar conta' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Seja bem vindo!' })).toBeInTheDocument();
  });

  it('"Esqueceu sua senha?" goes nowhere', async () => {
    const { user, router } = renderApp('/login');
    await user.click(screen.getByRole('link', { name: 'Esqueceu sua senha?' }));
    expect(router.state.location).toMatchObject({ pathname: '/login', hash: '' });
    expect(window.location.hash).toBe('');
  });

  it('gives every input a visible label', () => {
    renderApp('/login');
    for (const input of document.querySelectorAll('input')) {
      const label = document.querySelector(`label[for="${input.id}"]`);
      expect(label?.textContent?.trim()).toBeTruthy();
    }
  });
});
