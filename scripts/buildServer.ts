/**
 * Bundles the server (server/main.ts and everything it loads) into dist/server with esbuild, so `npm start`
 * runs plain JavaScript: no TypeScript loader inside the running portal (about 50 MB less memory). Packages
 * stay in node_modules; each part still loads lazily (a web-only process never loads a database driver).
 *
 * Only files whose bytes changed are written, each through a rename: `start:api` and `start:web` started
 * together both build, and neither may read a half-written file of the other.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_DIST = path.join(ROOT, 'dist/server');
export const SERVER_MAIN = path.join(SERVER_DIST, 'main.js');

/** Files the bundle reads beside itself at run time (see passwordRules.ts). */
const RUNTIME_FILES = ['server/accounts/commonPasswords.txt'];

function writeIfChanged(file: string, contents: Uint8Array): void {
  try {
    if (Buffer.from(contents).equals(fs.readFileSync(file))) return;
  } catch {
    // not there yet
  }
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, contents);
  fs.renameSync(temporary, file);
}

export async function buildServer(): Promise<void> {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: ['server/main.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    splitting: true,
    outdir: SERVER_DIST,
    write: false,
    logLevel: 'warning',
  });
  fs.mkdirSync(SERVER_DIST, { recursive: true });
  for (const output of result.outputFiles) writeIfChanged(output.path, output.contents);
  for (const file of RUNTIME_FILES) writeIfChanged(path.join(SERVER_DIST, path.basename(file)), fs.readFileSync(path.join(ROOT, file)));
  removeStaleChunks(new Set(result.outputFiles.map((output) => path.basename(output.path))));
}

/**
 * Chunks of earlier builds (their names carry a content hash) are removed once they are an hour old: a
 * process started from an older build has long finished loading its chunks by then.
 */
function removeStaleChunks(current: Set<string>): void {
  const hourAgo = Date.now() - 60 * 60 * 1000;
  for (const name of fs.readdirSync(SERVER_DIST)) {
    if (!name.endsWith('.js') || current.has(name)) continue;
    const file = path.join(SERVER_DIST, name);
    if (fs.statSync(file).mtimeMs < hourAgo) fs.rmSync(file, { force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  buildServer().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
