import { describe, expect, it } from 'vitest';
import { loginModeChanged, loginSlice, selectLoginMode } from '../../client/features/login/loginSlice.ts';

describe('loginSlice', () => {
  it('starts in login mode', () => {
    expect(loginSlice.reducer(undefined, { type: 'init' })).toEqual({ mode: 'login' });
  });

  it('switches login <-> cadastrar', () => {
    const register = loginSlice.reducer(undefined, loginModeChanged('cadastrar'));
    expect(register.mode).toBe('cadastrar');
    expect(loginSlice.reducer(register, loginModeChanged('login')).mode).toBe('login');
  });

  it('selects the mode from the root state', () => {
    expect(selectLoginMode({ login: { mode: 'cadastrar' } })).toBe('cadastrar');
  });
});
