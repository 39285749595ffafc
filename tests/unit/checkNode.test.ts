import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** scripts/checkNode.mjs as a machine with that Node version runs it (the version is what the script reads). */
function checkOn(version: string) {
  const code = `Object.defineProperty(process.versions, 'node', { value: '${version}' }); Object.defineProperty(process, 'version', { value: 'v${version}' }); await import('./scripts/checkNode.mjs');`;
  return spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: ROOT, encoding: 'utf8' });
}

describe('npm install, npm start and npm test check the Node version first (issue 21, item 10)', () => {
  it('on Node 20: one pt-BR line saying what to install, exit 1 (not a segmentation fault later)', () => {
    const run = checkOn('20.20.2');
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual([
      'Koinonia precisa do Node.js 24 LTS (no mínimo 22.15); esta máquina tem o v20.20.2. Instale o Node 24 (https://nodejs.org/pt/download, ou `nvm install 24`) e rode o comando de novo.',
    ]);
  });

  it.each(['22.14.0', '21.7.3'])('refuses %s too', (version) => {
    expect(checkOn(version).status).toBe(1);
  });

  it.each(['22.15.0', '24.11.1', '25.0.0'])('lets %s through, silently', (version) => {
    const run = checkOn(version);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
  });

  it('is the first step of each of those commands', async () => {
    const { scripts } = (await import('../../package.json', { with: { type: 'json' } })).default as { scripts: Record<string, string> };
    expect(scripts.preinstall).toBe('node scripts/checkNode.mjs');
    for (const name of ['start', 'start:api', 'start:web', 'test']) expect(scripts[name]).toMatch(/^node scripts\/checkNode\.mjs && /);
  });
});
