import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { installDialogPolyfill } from './support/dialogPolyfill.ts';
import { failOnUnexpectedConsoleErrors, startRecordingConsoleErrors } from './support/consoleErrors.ts';
import { beginPortalTest, endPortalTest, installPortalFetch } from './support/apiHarness.ts';

// This file runs before each test file, in a window the worker's earlier files used too (isolate: false,
// docs/testing.md): what the page kept in the browser's storage (the last account, a sign-out still to send)
// belongs to the file that left it.
localStorage.clear();
sessionStorage.clear();

// jsdom has no fetch of its own: Node's Request does not resolve `/api/...` against the page as a browser does.
// Wrapped once per window, not once more for each file.
const PAGE_REQUEST = Symbol.for('koinonia.pageRequest');
const requestHolder = globalThis as unknown as Record<symbol, typeof Request | undefined>;
if (!requestHolder[PAGE_REQUEST]) {
  const NodeRequest = globalThis.Request;
  globalThis.Request = class PageRequest extends NodeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
    }
  };
  requestHolder[PAGE_REQUEST] = globalThis.Request;
}

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
