/**
 * Vitest setup file (every project): hashes made in the test process use argon2id's test cost, so a sign-in or
 * a new account costs microseconds instead of the production baseline's tens of milliseconds
 * (server/accounts/passwordHasher.ts; refused outside NODE_ENV=test).
 *
 * The files below are about the production parameters themselves (the stored hash's prefix, the dummy hash of an
 * unknown email, the rehash of older parameters at the next sign-in): they run with them, as in production.
 * The setting is made for every file, either way, so it holds whatever ran before in the same worker.
 */
import { expect } from 'vitest';
import { setPasswordHashCostForTests } from '../../server/accounts/passwordHasher.ts';

const PRODUCTION_COST_FILES = ['tests/unit/passwordRules.test.ts', 'tests/api/auth.test.ts'];

const testPath = (expect.getState().testPath ?? '').replaceAll('\\', '/');
setPasswordHashCostForTests(PRODUCTION_COST_FILES.some((file) => testPath.endsWith(`/${file}`)) ? 'production' : 'test');
