import { configDefaults, defineConfig } from 'vitest/config';
import { existsSync, statfsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';

// One worker more than the machine has cores: most of a test's time is spent waiting (on SQLite's and PostgreSQL's
// answers, on a spawned process, on Chromium), not computing — docs/testing.md measures it.
const WORKERS = availableParallelism() + 1;

// The tests' throwaway files — SQLite databases, Chromium profiles, data folders — live in memory where Linux has
// a /dev/shm with room for them (a container's is often 64 MB): SQLite's and Chromium's fsyncs on a busy disk cost
// up to a second and a half per test.
function memoryTmpdir(): Record<string, string> {
  if (!existsSync('/dev/shm')) return {};
  const { bavail, bsize } = statfsSync('/dev/shm');
  return bavail * bsize >= 2 * 1024 ** 3 ? { TMPDIR: '/dev/shm' } : {};
}
const MEMORY_TMPDIR = memoryTmpdir();

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          // A file's modules stay loaded for the worker's next file of the same project: loading the server anew
          // for each file was most of the suite's time (docs/testing.md, which says what a test must then respect).
          isolate: false,
          include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/web/**/*.test.ts'],
          // The bench smoke (75 s) is a CI step of its own after `npm test` (.ci/run), in the project below.
          exclude: [...configDefaults.exclude, 'tests/unit/benchSmoke.test.ts'],
          // The migrated template databases every fresh test database is copied from (databaseTemplates.ts).
          globalSetup: ['tests/support/buildServerSetup.ts', 'tests/support/databaseTemplates.ts'],
          setupFiles: ['tests/support/passwordHashCost.ts'],
          env: MEMORY_TMPDIR,
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        plugins: [
          react(),
          {
            // The client tests run the real API app in-process (tests/client/support/realApi.ts), so server
            // modules get this project's browser transform, which turns `new URL('./file', import.meta.url)`
            // into a page asset URL. In a server module it must stay the module file's URL.
            name: 'koinonia:server-module-urls',
            enforce: 'pre',
            transform(code, id) {
              if (!id.startsWith(fileURLToPath(new URL('./server/', import.meta.url))) || !code.includes('import.meta.url')) return null;
              return { code: code.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(id).href)), map: null };
            },
          },
        ],
        test: {
          name: 'client',
          environment: 'jsdom',
          isolate: false,
          // A reserved name (RFC 2606): the page's requests reach the real API only through the harness's
          // fetch (tests/client/support/apiHarness.ts), never the network.
          environmentOptions: { jsdom: { url: 'http://portal.test/' } },
          env: MEMORY_TMPDIR,
          include: ['tests/client/**/*.test.{ts,tsx}'],
          globalSetup: ['tests/support/databaseTemplates.ts'],
          setupFiles: ['tests/support/passwordHashCost.ts', 'tests/client/setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          isolate: false,
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/globalSetup.ts'],
          // Each file starts its own seeded portal (support/filePortal.ts), so the files run side by side.
          setupFiles: ['tests/support/passwordHashCost.ts', 'tests/e2e/setup.ts'],
          env: MEMORY_TMPDIR,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      // `BENCH_SMOKE=1 npx vitest run --project bench-smoke`: `npm run bench` at tiny size, so the benchmark cannot
      // rot. Only there when BENCH_SMOKE=1 is set, so `npm test` does not run it; CI runs it after `npm test`.
      ...(process.env.BENCH_SMOKE === '1'
        ? [{ test: { name: 'bench-smoke', environment: 'node' as const, include: ['tests/unit/benchSmoke.test.ts'] } }]
        : []),
    ],
  },
});
