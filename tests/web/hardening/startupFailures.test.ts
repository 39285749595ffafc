import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { sqliteFile } from '../../../server/db/sqliteFile.ts';
import { freePort, startMain, stopAll, tempDir, type MainProcess } from '../../support/processes.ts';

// Each case starts a whole Node process: generous bounds.
const SLOW = { timeout: 120_000 };

const cleanups: Array<() => void> = [];
function dataDir(): string {
  const dir = tempDir('koinonia-startup-');
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}
afterEach(() => stopAll('SIGKILL'));
afterAll(async () => {
  await stopAll('SIGKILL');
  for (const cleanup of cleanups.reverse()) cleanup();
});

const isRoot = process.getuid?.() === 0;

/** A small tmpfs of our own (root in a container that allows mounting), or undefined. */
function tmpfs(options: string): string | undefined {
  if (!isRoot) return undefined;
  const dir = tempDir('koinonia-mount-');
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    fs.rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  cleanups.push(() => {
    execFileSync('umount', [dir], { stdio: 'ignore' });
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}

/** Starts the API on `env` and expects start-up to fail: exit 1, exactly one stderr line, no stack trace. */
async function failedStart(env: Record<string, string>): Promise<string> {
  const main: MainProcess = startMain(['--only=api'], { API_PORT: String(await freePort()), LOG_LEVEL: 'info', ...env });
  const exit = await main.exited;
  const stderr = main.stderr();
  expect(exit, stderr).toEqual({ code: 1, signal: null });
  const lines = stderr.trim().split('\n');
  expect(lines, stderr).toHaveLength(1);
  expect(stderr).not.toMatch(/^\s+at /m);
  expect(main.lines.filter((line) => 'notJson' in line)).toEqual([]);
  return lines[0]!;
}

describe('start-up failures are one pt-BR line naming the path or host, exit 1 (issue 12, item 8)', SLOW, () => {
  it('a corrupt database file', async () => {
    const dir = dataDir();
    fs.writeFileSync(sqliteFile(dir), Buffer.alloc(64 * 1024, 'não sou um banco '));
    const line = await failedStart({ DATA_DIR: dir });
    expect(line).toContain(sqliteFile(dir));
    expect(line).toMatch(/não é um banco SQLite válido ou está corrompido/);
  });

  it('an unreachable DATABASE_URL: host and port named, password not', async () => {
    const port = await freePort(); // nothing listens there
    const line = await failedStart({ DATABASE_URL: `postgres://portal:s3gr3d0@127.0.0.1:${port}/koinonia` });
    expect(line).toBe(`Não foi possível conectar ao PostgreSQL em 127.0.0.1:${port}: conexão recusada (o servidor está no ar? confira DATABASE_URL).`);
  });

  it('a data folder path that is a file', async () => {
    const file = path.join(dataDir(), 'data');
    fs.writeFileSync(file, 'x');
    const line = await failedStart({ DATA_DIR: file });
    expect(line).toBe(`A pasta de dados ${file} não é uma pasta (há um arquivo nesse caminho): corrija DATA_DIR.`);
  });

  // Root writes through any permission bits: as root a read-only mount stands in (when mounting is allowed).
  const readOnlyMount = tmpfs('ro,size=64k');
  it.runIf(!isRoot || readOnlyMount)(`a read-only data folder (${isRoot ? 'a read-only tmpfs' : 'chmod 555'})`, async () => {
    let dir: string;
    if (readOnlyMount) dir = readOnlyMount;
    else {
      dir = dataDir();
      fs.chmodSync(dir, 0o555);
    }
    for (const target of [dir, path.join(dir, 'koinonia')]) {
      const line = await failedStart({ DATA_DIR: target });
      expect(line).toContain(target);
      expect(line).toMatch(readOnlyMount ? /sistema de arquivos somente leitura/ : /Sem permissão para gravar na pasta de dados/);
    }
  });

  // A full disk needs a small file system of its own; elsewhere tests/unit/startupFailure.test.ts covers ENOSPC.
  const smallDisk = tmpfs('size=256k');
  it.runIf(smallDisk)('a full disk (a filled 256 kB tmpfs; root only)', async () => {
    try {
      fs.writeFileSync(path.join(smallDisk!, 'filler'), Buffer.alloc(1024 * 1024));
    } catch (error) {
      expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
    }
    const line = await failedStart({ DATA_DIR: smallDisk! });
    expect(line).toBe(`Disco cheio: não há espaço para gravar o banco de dados em ${smallDisk}.`);
  });
});
