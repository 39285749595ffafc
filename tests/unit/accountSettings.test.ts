import { describe, expect, it } from 'vitest';
import { TooManyLoginAttempts } from '../../server/accounts/errors.ts';
import { ACCOUNT_FREE_FAILURES, ACCOUNT_TURN_DELAY_MS } from '../../server/accounts/loginThrottle.ts';
import { randomDemoPassword } from '../../server/demo/seedDemo.ts';
import { checkPasswordRules } from '../../server/accounts/passwordRules.ts';
import { ConfigError, loadConfig } from '../../server/platform/config.ts';

describe('REGISTRATIONS_PER_HOUR and DEMO_DATA', () => {
  it('default to 50 registrations per address and hour, and demo data on a new embedded database', () => {
    expect(loadConfig({})).toMatchObject({ registrationsPerHour: 50, demoData: true });
    expect(loadConfig({ REGISTRATIONS_PER_HOUR: ' 200 ', DEMO_DATA: 'false' })).toMatchObject({ registrationsPerHour: 200, demoData: false });
  });

  it.each([
    [{ REGISTRATIONS_PER_HOUR: '0' }, 'Configuração inválida: REGISTRATIONS_PER_HOUR="0" — deve ser um número de cadastros entre 1 e 100000'],
    [{ REGISTRATIONS_PER_HOUR: 'muitos' }, 'Configuração inválida: REGISTRATIONS_PER_HOUR="muitos" — deve ser um número de cadastros entre 1 e 100000'],
    [{ DEMO_DATA: 'sim' }, 'Configuração inválida: DEMO_DATA="sim" — use true ou false'],
  ])('refuses %o with one pt-BR line', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('the account delay of the login throttle', () => {
  it('is free for 10 failures, then a turn 5 s away, said in seconds (a pair’s refusal in minutes)', () => {
    expect({ free: ACCOUNT_FREE_FAILURES, turn: ACCOUNT_TURN_DELAY_MS / 1000 }).toEqual({ free: 10, turn: 5 });
    expect(new TooManyLoginAttempts(5).message).toBe('Muitas tentativas de login. Tente novamente em 5 segundo(s).');
    expect(new TooManyLoginAttempts(59).message).toBe('Muitas tentativas de login. Tente novamente em 59 segundo(s).');
    expect(new TooManyLoginAttempts(60).message).toBe('Muitas tentativas de login. Tente novamente em 1 minuto(s).');
    expect(new TooManyLoginAttempts(14 * 60 + 1).message).toBe('Muitas tentativas de login. Tente novamente em 15 minuto(s).');
  });
});

describe('randomDemoPassword', () => {
  it('is four groups of four easy-to-copy characters, different each time, and passes the password rules', () => {
    const passwords = Array.from({ length: 50 }, randomDemoPassword);
    for (const password of passwords) {
      expect(password).toMatch(/^[a-hjkmnp-z2-9]{4}(-[a-hjkmnp-z2-9]{4}){3}$/);
      expect(() => checkPasswordRules(password)).not.toThrow();
    }
    expect(new Set(passwords).size).toBe(50);
  });
});
