import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { Page } from 'playwright-core';
import { startOwnPortal, type OwnPortal } from '../support/ownPortal.ts';
import { describePortal, type PortalVisit } from '../support/portalBrowser.ts';
import { buildClient } from '../support/portalServer.ts';

let portal: OwnPortal;
let nextDir = '';

beforeAll(async () => {
  portal = await startOwnPortal(inject('clientDir'));
  nextDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koinonia-e2e-next-'));
  await buildClient(nextDir, path.resolve(import.meta.dirname, '../support/nextRelease.config.ts'));
}, 300_000);

afterAll(async () => {
  await portal?.close();
  if (nextDir) fs.rmSync(nextDir, { recursive: true, force: true });
});

/** The entry script a build's pages load, e.g. `/assets/index-Bx1.js`. */
function entryScriptOf(clientDir: string): string {
  const src = /<script type="module"[^>]*src="([^"]+)"/.exec(fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8'))?.[1];
  if (!src) throw new Error(`no entry script in ${clientDir}/index.html`);
  return src;
}

/** The paths of the scripts the service worker has precached. */
function precachedScripts(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith('workbox-precache')) continue;
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths.filter((pathname) => pathname.endsWith('.js'));
  });
}

function release(page: Page): Promise<string | null> {
  return page.evaluate(() => (globalThis as { koinoniaRelease?: string }).koinoniaRelease ?? null);
}

async function untilWorkerControls(visit: PortalVisit): Promise<void> {
  await visit.until(() => visit.page.evaluate(() => navigator.serviceWorker.controller !== null), 'the service worker controls the page');
}

describePortal(
  'a new deploy reaches the phones',
  (portalTest) => {
    portalTest('the next visit runs the new release, and the worker replaces the stored shell with it, for offline use', async (visit) => {
      const { page } = visit;
      const oldScript = entryScriptOf(inject('clientDir'));
      const newScript = entryScriptOf(nextDir);
      expect(newScript).not.toBe(oldScript);

      await visit.goto('/events');
      await untilWorkerControls(visit);
      await visit.until(async () => (await precachedScripts(page)).includes(oldScript), 'the first release stored');
      expect(await release(page)).toBeNull();

      await portal.deploy(nextDir);

      // Online, the page comes from the network: the new release runs at the next visit.
      await visit.goto('/events');
      await page.getByRole('tab', { name: 'Next Events' }).waitFor();
      expect(await release(page)).toBe('next');
      // Meanwhile the browser found the new worker: it stores the new shell and drops the old one.
      await visit.until(async () => {
        const scripts = await precachedScripts(page);
        return scripts.includes(newScript) && !scripts.includes(oldScript);
      }, 'the new release stored instead of the old one');

      // Without network, the new release is what the phone has.
      await page.context().setOffline(true);
      await page.reload();
      await page.getByRole('tab', { name: 'Next Events' }).waitFor();
      await visit.until(async () => (await release(page)) === 'next', 'the new release running offline');
      expect(await page.evaluate(() => [...document.scripts].map((script) => new URL(script.src || location.href).pathname))).toContain(newScript);
      expect(visit.pageErrors).toEqual([]);
      await page.context().setOffline(false);
    });
  },
  { serviceWorkers: 'allow', baseUrl: () => portal.baseUrl },
);
