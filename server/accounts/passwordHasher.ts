import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id baseline: 19 MiB, two passes, one lane. */
// `algorithm: 2` is Algorithm.Argon2id (an ambient const enum, which isolated modules cannot read).
export const ARGON2_PARAMS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
const CURRENT_PREFIX = `$argon2id$v=19$m=${ARGON2_PARAMS.memoryCost},t=${ARGON2_PARAMS.timeCost},p=${ARGON2_PARAMS.parallelism}$`;

/** An object (not loose functions) so tests can observe that a verify really runs. */
export const passwordHasher = {
  hash(password: string): Promise<string> {
    return hash(password, ARGON2_PARAMS);
  },
  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  },
  needsRehash(passwordHash: string): boolean {
    return !passwordHash.startsWith(CURRENT_PREFIX);
  },
};

let dummyHash: Promise<string> | undefined;
/** Verified against when the email is unknown, so a wrong email costs as long as a wrong password. */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= passwordHasher.hash('koinonia-dummy-password-for-timing');
  return dummyHash;
}
