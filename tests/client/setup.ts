import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { installDialogPolyfill } from './support/dialogPolyfill.ts';
import { failOnUnexpectedConsoleErrors, startRecordingConsoleErrors } from './support/consoleErrors.ts';
import { beginPortalTest, endPortalTest, installPortalFetch } from './support/apiHarness.ts';

// jsdom has no fetch of its own: Node's Request does not resolve `/api/...` against the page as a browser does.
const NodeRequest = globalThis.Request;
globalThis.Request = class PageRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
  }
};

installDialogPolyfill();

// Every request of the page goes to the real API app (on a temporary SQLite file) through the harness; one
// to any other origin fails the test. A test seeds its network with openPortal (support/realApi.ts); one
// that does not talks to an empty one, started on its first request.
installPortalFetch(() => import('./support/realApi.ts').then((realApi) => realApi.startEmptyApi()));

// Role queries over two full calendars are slow on a busy 2-core machine.
vi.setConfig({ testTimeout: 20_000 });
// The answers come from a real API over HTTP and SQLite: on a busy machine the first screen of a file can take
// seconds (testing-library waits one second by default in findBy… and waitFor).
configure({ asyncUtilTimeout: 10_000 });

beforeEach(() => {
  startRecordingConsoleErrors();
  beginPortalTest();
});

afterEach(async () => {
  cleanup();
  let portalFailure: unknown;
  try {
    await endPortalTest();
  } catch (error) {
    portalFailure = error;
  }
  vi.unstubAllGlobals();
  vi.useRealTimers();
  failOnUnexpectedConsoleErrors();
  if (portalFailure) throw portalFailure;
});
