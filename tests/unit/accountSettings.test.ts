import { describe, expect, it } from 'vitest';
import { accountDelayMs } from '../../server/accounts/loginThrottle.ts';
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
  it('is free for 10 failures, then 30 s doubling, never over 5 minutes', () => {
    expect([0, 9, 10, 11, 12, 13, 14, 15, 1000].map((failures) => accountDelayMs(failures) / 1000)).toEqual([0, 0, 30, 60, 120, 240, 300, 300, 300]);
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
