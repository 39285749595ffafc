/** Vitest setup file of the e2e project: each test file runs against a portal of its own (support/filePortal.ts). */
import { afterAll } from 'vitest';
import { closeFilePortal, startFilePortal } from './support/filePortal.ts';

await startFilePortal();
afterAll(closeFilePortal);
