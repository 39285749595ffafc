import { describe, expect, it } from 'vitest';
import { accountCreated, loginModeChanged, loginSlice, selectLoginMode, selectWelcome, welcomeDone } from '../../client/features/login/loginSlice.ts';

describe('loginSlice', () => {
  it('starts in login mode', () => {
    expect(loginSlice.reducer(undefined, { type: 'init' })).toEqual({ mode: 'login', welcome: false });
  });

  it('switches login <-> cadastrar', () => {
    const register = loginSlice.reducer(undefined, loginModeChanged('cadastrar'));
    expect(register.mode).toBe('cadastrar');
    expect(loginSlice.reducer(register, loginModeChanged('login')).mode).toBe('login');
  });

  it('selects the mode from the root state', () => {
    expect(selectLoginMode({ login: { mode: 'cadastrar', welcome: false } })).toBe('cadastrar');
  });

  it('opens "Onde você serve?" when an account is created, until it is done (docs/product.md §13)', () => {
    const created = loginSlice.reducer(undefined, accountCreated());
    expect(selectWelcome({ login: created })).toBe(true);
    expect(selectWelcome({ login: loginSlice.reducer(created, welcomeDone()) })).toBe(false);
  });
});
