import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { portalUrl } from './filePortal.ts';

const FAILURES_DIR = path.resolve(import.meta.dirname, '../failures');

/** How long a condition may take to become true on a busy CI machine. */
export const WAIT_MS = 15_000;

export interface ConsoleLine {
  type: string;
  text: string;
}

export interface RecordedRequest {
  method: string;
  url: string;
  /** Path and query, e.g. `/api/events?date=2026-11-22`. */
  path: string;
  headers: Record<string, string>;
}

/** The session question every visit asks once at start (docs/product.md §1, departure 3). */
export const SESSION_CALL = 'GET /api/auth/me';

/** One page of the portal with everything it logged and asked recorded from the start. */
export class PortalVisit {
  readonly console: ConsoleLine[] = [];
  readonly requests: RecordedRequest[] = [];
  readonly pageErrors: string[] = [];

  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {
    page.on('console', (message) => {
      // Playwright's own line where a file blocks service workers (describePortal), not the portal's.
      if (message.text() === 'Service Worker registration blocked by Playwright') return;
      this.console.push({ type: message.type(), text: message.text() });
    });
    page.on('pageerror', (error) => this.pageErrors.push(String(error)));
    page.on('request', (request) => {
      const url = new URL(request.url());
      this.requests.push({ method: request.method(), url: request.url(), path: url.pathname + url.search, headers: request.headers() });
    });
  }

  /** Opens `pathname` and waits until the app has taken the page (appStarted). */
  async goto(pathname: string): Promise<void> {
    await this.page.goto(this.baseUrl + pathname);
    await this.appStarted();
  }

  /**
   * Waits until React has taken the page (after `load`): at once for an empty shell, and for a pre-rendered page once its own
   * code has arrived (client/main.tsx). A click on a pre-rendered page before that does nothing, as a person's
   * tap does on a phone still starting; a busy test machine made that moment long enough for a test to click in it.
   */
  async appStarted(): Promise<void> {
    await this.page.waitForFunction(() => {
      const root = document.getElementById('root');
      // React marks the container it renders into when createRoot or hydrateRoot is called. A page without one
      // (spec §8's missing root) never starts.
      return root === null || Object.keys(root).some((key) => key.startsWith('__reactContainer$'));
    });
  }

  /** The `/api` requests so far, as `GET /api/events?...`. */
  apiCalls(): string[] {
    return this.requests.filter((request) => request.path.startsWith('/api/')).map((request) => `${request.method} ${request.path}`);
  }

  /**
   * The `/api` requests so far without the start's `GET /api/auth/me`, which every visit asks once
   * (docs/product.md §1, departure 3): the calls the specification's rules about "exactly these calls" are about.
   */
  specApiCalls(): string[] {
    return this.apiCalls().filter((call) => call !== SESSION_CALL);
  }

  consoleOf(type: string): string[] {
    return this.console.filter((line) => line.type === type).map((line) => line.text);
  }

  /** Console errors written by the portal itself (not the browser's own "Failed to load resource" lines). */
  appErrors(): string[] {
    return this.consoleOf('error').filter((text) => !text.startsWith('Failed to load resource'));
  }

  /**
   * Clicks `target` until `effect` shows: a click that lands while React swaps the content under it (a tab's
   * panel drawn in a deferred render, docs/performance.md) does nothing, and a person clicks again.
   */
  async clickUntil(target: Locator, effect: Locator, what: string): Promise<void> {
    await this.until(async () => {
      if (await effect.isVisible()) return true;
      await target.click({ timeout: 2_000 }).catch(() => {});
      return effect.waitFor({ timeout: 2_000 }).then(
        () => true,
        () => false,
      );
    }, what);
  }

  /** Waits until `condition` returns true (polling, no fixed sleep). */
  async until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
    await expect.poll(condition, { timeout: WAIT_MS, message: what }).toBe(true);
  }
}

export interface VisitOptions {
  width?: number;
  height?: number;
}

type PortalTestFn = (visit: PortalVisit) => Promise<void>;
export type PortalTest = (name: string, fn: PortalTestFn, options?: VisitOptions) => void;

/** How a describe block's browser is set up. */
export interface PortalOptions {
  /**
   * Service workers are blocked unless a file is about them: once one controls the pages, it answers their
   * requests itself, and `page.route()` no longer sees them.
   */
  serviceWorkers?: 'allow' | 'block';
  /** The portal the pages visit when it is not the file's (filePortal.ts), e.g. one the file starts itself. */
  baseUrl?: () => string;
}

function fileNameOf(name: string): string {
  return name.normalize('NFD').replace(/[^\w-]+/g, '-').replace(/^-|-$/g, '').slice(0, 120);
}

/**
 * A describe block with one Chromium (persistent profile in a fresh temp dir, Asia/Tokyo) for its tests; each
 * test gets a fresh page at 1440×900 unless told otherwise, and a screenshot under tests/e2e/failures/ when it
 * fails.
 */
export function describePortal(title: string, body: (portalTest: PortalTest) => void, options: PortalOptions = {}): void {
  describe(title, () => {
    let context: BrowserContext | undefined;
    let profileDir = '';
    const baseUrl = options.baseUrl ?? (() => portalUrl());

    beforeAll(async () => {
      profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koinonia-e2e-profile-'));
      context = await chromium.launchPersistentContext(profileDir, {
        executablePath: '/usr/bin/chromium',
        headless: true,
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
        timezoneId: 'Asia/Tokyo',
        viewport: { width: 1440, height: 900 },
        serviceWorkers: options.serviceWorkers ?? 'block',
      });
      context.setDefaultTimeout(WAIT_MS);
    });

    afterAll(async () => {
      await context?.close();
      fs.rmSync(profileDir, { recursive: true, force: true });
    });

    const portalTest: PortalTest = (name, fn, options = {}) => {
      test(name, async () => {
        const page = await context!.newPage();
        await page.setViewportSize({ width: options.width ?? 1440, height: options.height ?? 900 });
        const visit = new PortalVisit(page, baseUrl());
        try {
          await fn(visit);
        } catch (error) {
          fs.mkdirSync(FAILURES_DIR, { recursive: true });
          await page
            .screenshot({ path: path.join(FAILURES_DIR, `${fileNameOf(`${title}-${name}`)}.png`), fullPage: true })
            .catch(() => {});
          throw error;
        } finally {
          await page.close();
        }
      });
    };
    body(portalTest);
  });
}
