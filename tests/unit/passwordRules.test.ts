import fs from 'node:fs';
import { hash as argon2Hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { httpErrorOf } from '../../server/api/errorMapping.ts';
import { HttpError } from '../../server/http/httpError.ts';
import { dummyPasswordHash, passwordHasher } from '../../server/accounts/passwordHasher.ts';
import { checkPasswordRules, isCommonPassword } from '../../server/accounts/passwordRules.ts';

const LIST = fs.readFileSync(new URL('../../server/accounts/commonPasswords.txt', import.meta.url), 'utf8');
const LINES = LIST.split('\n').filter((line) => line.length > 0);

function ruleError(password: string): { status: number; code: string; message: string } | undefined {
  try {
    checkPasswordRules(password);
    return undefined;
  } catch (error) {
    // The rules throw the accounts' own errors; the API's one mapping gives them their HTTP answer.
    const answer = httpErrorOf(error);
    expect(answer).toBeInstanceOf(HttpError);
    const { status, code, message } = answer as HttpError;
    return { status, code, message };
  }
}

describe('the shipped common-password list', () => {
  it('has at least 10,000 distinct lower-case entries of 8 to 128 characters', () => {
    expect(LINES.length).toBeGreaterThanOrEqual(10_000);
    expect(new Set(LINES).size).toBe(LINES.length);
    for (const line of LINES) {
      expect(line).toBe(line.trim());
      expect(line).toBe(line.toLowerCase());
      expect([...line].length).toBeGreaterThanOrEqual(8);
      expect([...line].length).toBeLessThanOrEqual(128);
    }
  });

  it('refuses a sample of its lines, in any case, as 422 common_password', () => {
    const step = Math.floor(LINES.length / 25);
    const sample = Array.from({ length: 25 }, (_, i) => LINES[i * step]!).concat(LINES.at(-1)!);
    for (const password of sample) {
      expect(isCommonPassword(password)).toBe(true);
      expect(ruleError(password)).toEqual({
        status: 422,
        code: 'common_password',
        message: 'Essa senha é muito comum e fácil de adivinhar. Escolha outra.',
      });
      expect(ruleError(password.toUpperCase())?.code).toBe('common_password');
    }
    for (const classic of ['12345678', 'password', 'iloveyou', 'senha123']) expect(isCommonPassword(classic)).toBe(true);
  });

  it('accepts passwords that are not on it', () => {
    for (const password of ['pao-de-queijo-com-cafe-42', 'correct horse battery staple', 'qzxw8vkp']) {
      expect(isCommonPassword(password)).toBe(false);
      expect(ruleError(password)).toBeUndefined();
    }
  });
});

describe('password length (8 to 128 characters, no composition rules)', () => {
  const weak = { status: 422, code: 'weak_password', message: 'A senha deve ter entre 8 e 128 caracteres.' };

  it('refuses fewer than 8 and more than 128 characters', () => {
    for (const password of ['', 'a', 'qzxw8vk', 'x'.repeat(129), 'x'.repeat(10_000)]) expect(ruleError(password)).toEqual(weak);
  });

  it('accepts exactly 8 and 128, with no need for digits, capitals or symbols', () => {
    expect(ruleError('qzxwvkpj')).toBeUndefined();
    expect(ruleError('q'.repeat(127) + 'z')).toBeUndefined();
  });

  it('counts characters, not UTF-16 units', () => {
    expect(ruleError('🙏'.repeat(7))).toEqual(weak); // 14 units, 7 characters
    expect(ruleError('🙏'.repeat(8))).toBeUndefined();
    expect(ruleError('🙏'.repeat(128))).toBeUndefined(); // 256 units
    expect(ruleError('🙏'.repeat(129))).toEqual(weak);
  });
});

describe('passwordHasher', () => {
  it('hashes with argon2id m=19456,t=2,p=1 and a fresh salt each time', async () => {
    const [a, b] = await Promise.all([passwordHasher.hash('pao-de-queijo-42'), passwordHasher.hash('pao-de-queijo-42')]);
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(a).not.toBe(b);
    expect(await passwordHasher.verify(a, 'pao-de-queijo-42')).toBe(true);
    expect(await passwordHasher.verify(a, 'pao-de-queijo-43')).toBe(false);
    expect(passwordHasher.needsRehash(a)).toBe(false);
  });

  it('answers false (never throws) for a malformed hash', async () => {
    for (const stored of ['', 'plain-text', '$argon2id$v=19$m=19456,t=2,p=1$broken']) {
      expect(await passwordHasher.verify(stored, 'whatever')).toBe(false);
    }
  });

  it('asks for a rehash when the parameters differ', async () => {
    const older = await argon2Hash('pao-de-queijo-42', { algorithm: 2, memoryCost: 19456, timeCost: 1, parallelism: 1 });
    expect(passwordHasher.needsRehash(older)).toBe(true);
    expect(await passwordHasher.verify(older, 'pao-de-queijo-42')).toBe(true);
    const argon2i = await argon2Hash('pao-de-queijo-42', { algorithm: 1, memoryCost: 19456, timeCost: 2, parallelism: 1 });
    expect(passwordHasher.needsRehash(argon2i)).toBe(true);
  });

  it('keeps one dummy hash (current parameters) for unknown emails', async () => {
    const dummy = await dummyPasswordHash();
    expect(dummy).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await dummyPasswordHash()).toBe(dummy);
  });
});
