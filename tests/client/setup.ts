import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { installDialogPolyfill } from './support/dialogPolyfill.ts';
import { failOnUnexpectedConsoleErrors, startRecordingConsoleErrors } from './support/consoleErrors.ts';

// jsdom has no fetch of its own: Node's Request does not resolve `/api/...` against the page as a browser does.
const NodeRequest = globalThis.Request;
globalThis.Request = class PageRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
  }
};

installDialogPolyfill();

// Role queries over two full calendars are slow on a busy 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  startRecordingConsoleErrors();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  failOnUnexpectedConsoleErrors();
});
