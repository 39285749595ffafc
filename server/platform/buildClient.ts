import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { PRERENDERED_DIR, PRERENDERED_PAGES } from '../../shared/prerenderedPages.ts';

/** What the client build is made from, relative to the repository root (scripts/prerender.ts is its last step). */
const CLIENT_INPUTS = ['client', 'shared', 'vite.config.ts', 'scripts/prerender.ts', 'package-lock.json'];

/**
 * What a complete build holds besides index.html, relative to the client folder: the pre-rendered pages and the
 * service worker, which `vite build` writes after index.html. A build that stopped before them is not current.
 */
const BUILD_OUTPUTS = [...Object.values(PRERENDERED_PAGES).map((file) => `${PRERENDERED_DIR}/${file}`), 'sw.js'];

function newestChange(file: string): number {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(file)) newest = Math.max(newest, newestChange(path.join(file, entry)));
  return newest;
}

/**
 * Whether `clientDir` holds a complete build at least as new as every source it is made from. A checkout updated
 * by `git pull` must not go on serving yesterday's client; a deployment that ships only `dist/` has no sources
 * and its build is always current.
 */
export function clientBuildIsCurrent(clientDir: string): boolean {
  const built = fs.statSync(path.join(clientDir, 'index.html'), { throwIfNoEntry: false });
  if (!built) return false;
  const root = path.resolve(clientDir, '../..');
  if (!fs.existsSync(path.join(root, 'client'))) return true;
  let builtAt = built.mtimeMs;
  for (const output of BUILD_OUTPUTS) {
    const stat = fs.statSync(path.join(clientDir, output), { throwIfNoEntry: false });
    if (!stat) return false;
    builtAt = Math.min(builtAt, stat.mtimeMs);
  }
  return CLIENT_INPUTS.every((input) => newestChange(path.join(root, input)) <= builtAt);
}

/** Builds the client with Vite in a child process (NODE_ENV=production) when no current build exists. */
export async function ensureClientBuild(clientDir: string, log: (message: string) => void): Promise<void> {
  if (clientBuildIsCurrent(clientDir)) return;
  const missing = !fs.existsSync(path.join(clientDir, 'index.html'));
  log(missing ? 'Nenhum build do cliente encontrado; executando vite build…' : 'O build do cliente está desatualizado; executando vite build…');
  const root = path.resolve(clientDir, '../..');
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build terminou com código ${code}`))));
  });
}
