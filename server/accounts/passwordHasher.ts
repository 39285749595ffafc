import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id baseline: 19 MiB, two passes, one lane. */
// `algorithm: 2` is Algorithm.Argon2id (an ambient const enum, which isolated modules cannot read).
export const ARGON2_PARAMS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * The cheapest argon2id there is (8 KiB, one pass): for tests only, where a sign-in should cost microseconds,
 * not the tens of milliseconds the baseline costs on purpose. A hash made with it still verifies anywhere.
 */
export const TEST_ARGON2_PARAMS = { algorithm: 2, memoryCost: 8, timeCost: 1, parallelism: 1 } as const;

type Argon2Params = typeof ARGON2_PARAMS | typeof TEST_ARGON2_PARAMS;
export type PasswordHashCost = 'production' | 'test';

/**
 * The test cost is a deliberate switch of the test set-up, and production can never take it by accident: both
 * ways to it (setPasswordHashCostForTests, and KOINONIA_TEST_PASSWORD_HASH_COST=test for a server process a
 * test starts) are refused unless NODE_ENV is `test`, which vitest sets and nothing of ours ever does (`npm
 * start`, the CLIs and the bundle never read or set it). A stray variable alone changes nothing.
 */
function testCostAllowed(): boolean {
  return process.env.NODE_ENV === 'test';
}

let params: Argon2Params =
  testCostAllowed() && process.env.KOINONIA_TEST_PASSWORD_HASH_COST === 'test' ? TEST_ARGON2_PARAMS : ARGON2_PARAMS;

/** Tests only (throws unless NODE_ENV=test): the cost of the hashes made from now on in this process. */
export function setPasswordHashCostForTests(cost: PasswordHashCost): void {
  if (!testCostAllowed()) throw new Error('setPasswordHashCostForTests: só em testes (NODE_ENV=test)');
  params = cost === 'test' ? TEST_ARGON2_PARAMS : ARGON2_PARAMS;
}

/** What a hash made with `p` starts with: the algorithm, version and parameters. */
function prefixOf(p: Argon2Params): string {
  return `$argon2id$v=19$m=${p.memoryCost},t=${p.timeCost},p=${p.parallelism}$`;
}

/** An object (not loose functions) so tests can observe that a verify really runs. */
export const passwordHasher = {
  hash(password: string): Promise<string> {
    return hash(password, params);
  },
  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  },
  /** True when the hash was made with other parameters than the current ones (so the test cost's hashes are not rehashed at every sign-in of a test). */
  needsRehash(passwordHash: string): boolean {
    return !passwordHash.startsWith(prefixOf(params));
  },
};

const dummyHashes = new Map<Argon2Params, Promise<string>>();
/** Verified against when the email is unknown, so a wrong email costs as long as a wrong password. */
export function dummyPasswordHash(): Promise<string> {
  let dummy = dummyHashes.get(params);
  if (!dummy) {
    dummy = passwordHasher.hash('koinonia-dummy-password-for-timing');
    dummyHashes.set(params, dummy);
  }
  return dummy;
}
