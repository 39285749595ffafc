/** Vitest setup file of the e2e project: each test file runs against a portal of its own (support/filePortal.ts). */
import { afterAll, beforeAll } from 'vitest';
import { closeFilePortal, startFilePortal } from './support/filePortal.ts';

// Hooks, not top-level code: a file whose tests are all skipped runs no hooks, and starts no portal either.
beforeAll(startFilePortal);
afterAll(closeFilePortal);
