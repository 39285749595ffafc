import fs from 'node:fs';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../shared/schemas/auth.ts';
import { CommonPassword, WeakPassword } from './errors.ts';

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set(
    fs
      .readFileSync(new URL('./commonPasswords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** The only password rules: a length, and not one of the passwords everyone tries first. */
export function checkPasswordRules(password: string): void {
  const length = [...password].length;
  if (length < PASSWORD_MIN || length > PASSWORD_MAX) {
    throw new WeakPassword();
  }
  if (isCommonPassword(password)) {
    throw new CommonPassword();
  }
}
