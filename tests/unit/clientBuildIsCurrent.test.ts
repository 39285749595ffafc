import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clientBuildIsCurrent } from '../../server/platform/buildClient.ts';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

/** A checkout: sources written at `sourcesAt`, and a client build made at `builtAt` (seconds since epoch). */
function checkout(sourcesAt: number, builtAt?: number): { root: string; clientDir: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'koinonia-build-'));
  roots.push(root);
  const write = (file: string, at: number) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), 'x');
    fs.utimesSync(path.join(root, file), at, at);
  };
  for (const file of ['client/main.tsx', 'client/features/events/EventsPage.tsx', 'shared/dayKey.ts', 'vite.config.ts']) write(file, sourcesAt);
  const clientDir = path.join(root, 'dist/client');
  if (builtAt !== undefined) for (const file of BUILD_FILES) write(`dist/client/${file}`, builtAt);
  return { root, clientDir };
}

/** What `vite build` writes: the shell, the pre-rendered pages (after it) and the service worker. */
const BUILD_FILES = ['index.html', 'prerendered/index.html', 'prerendered/login.html', 'prerendered/events.html', 'sw.js'];

describe('clientBuildIsCurrent (npm start rebuilds the client only when needed)', () => {
  it('is false with no build at all', () => {
    expect(clientBuildIsCurrent(checkout(1_000).clientDir)).toBe(false);
  });

  it('is true when the build is newer than every source', () => {
    expect(clientBuildIsCurrent(checkout(1_000, 2_000).clientDir)).toBe(true);
  });

  it('is false once any source, however deep, changed after the build (a git pull)', () => {
    const { root, clientDir } = checkout(1_000, 2_000);
    const page = path.join(root, 'client/features/events/EventsPage.tsx');
    fs.utimesSync(page, 3_000, 3_000);
    expect(clientBuildIsCurrent(clientDir)).toBe(false);
    const shared = checkout(1_000, 2_000);
    fs.utimesSync(path.join(shared.root, 'shared/dayKey.ts'), 3_000, 3_000);
    expect(clientBuildIsCurrent(shared.clientDir)).toBe(false);
  });

  it('is false when the build stopped before its last outputs (the pre-rendered pages, the service worker)', () => {
    for (const missing of BUILD_FILES.slice(1)) {
      const { clientDir } = checkout(1_000, 2_000);
      fs.rmSync(path.join(clientDir, missing));
      expect(clientBuildIsCurrent(clientDir), missing).toBe(false);
    }
  });

  it('is false when the pre-rendering step changed after the build', () => {
    const { root, clientDir } = checkout(1_000, 2_000);
    fs.mkdirSync(path.join(root, 'scripts'));
    fs.writeFileSync(path.join(root, 'scripts/prerender.ts'), 'x');
    fs.utimesSync(path.join(root, 'scripts/prerender.ts'), 3_000, 3_000);
    expect(clientBuildIsCurrent(clientDir)).toBe(false);
  });

  it('is true for a deployment that ships only the build, without sources', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'koinonia-build-'));
    roots.push(root);
    fs.mkdirSync(path.join(root, 'dist/client'), { recursive: true });
    fs.writeFileSync(path.join(root, 'dist/client/index.html'), 'x');
    expect(clientBuildIsCurrent(path.join(root, 'dist/client'))).toBe(true);
  });
});
