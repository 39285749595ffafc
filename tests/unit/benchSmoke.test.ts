import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SECTIONS = ['data', 'api', 'proxy', 'growth', 'client', 'memory', 'reminders', 'overview', 'draft', 'import', 'lighthouse'];

interface BenchResults {
  smoke: boolean;
  sections: Array<{ id: string; requests: number; failures: string[]; figures: Array<{ name: string }> }>;
  problems: string[];
}

// `npm run bench` at tiny size, so the benchmark cannot rot: every section runs and makes requests, and any
// non-2xx answer fails. Targets are never asserted here; they live in the benchmark's own table.
describe('BENCH_SMOKE=1 npm run bench', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koinonia-bench-smoke-'));
  let child: ChildProcess | undefined;

  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('runs every section, all answers 2xx, and exits 0', async () => {
    const resultsFile = path.join(dir, 'results.json');
    let output = '';
    const code = await new Promise<number | null>((resolve, reject) => {
      child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/run.ts'], {
        cwd: ROOT,
        env: { ...process.env, BENCH_SMOKE: '1', BENCH_RESULTS: resultsFile },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('error', reject);
      child.on('exit', (exitCode) => resolve(exitCode));
    });
    expect(code, output).toBe(0);

    const results = JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as BenchResults;
    expect(results.smoke).toBe(true);
    expect(results.problems).toEqual([]);
    for (const id of SECTIONS) {
      const section = results.sections.find((s) => s.id === id);
      expect(section, `section ${id}`).toBeDefined();
      expect(section!.requests, `requests of section ${id}`).toBeGreaterThan(0);
      expect(section!.failures, `failures of section ${id}`).toEqual([]);
      expect(section!.figures.length, `figures of section ${id}`).toBeGreaterThan(0);
    }
    // The table itself was printed.
    expect(output).toContain('Figure');
  }, 180_000);
});
