import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresWhere, probeFolder, startupFailureMessage, type FolderProblem } from '../../server/platform/startupFailure.ts';

const DATA_DIR = '/srv/koinonia/data';
const FILE = `${DATA_DIR}/koinonia.db`;
const sqlite = { database: 'sqlite' as const, dataDir: DATA_DIR, file: FILE };
const postgres = (url = 'postgres://app:s3gr3d0@db.igreja.internal:6543/koinonia') => ({ database: 'postgres' as const, url });

/** An error as better-sqlite3 or Node raise them: a message and a code. */
const failure = (code: string, message = code) => Object.assign(new Error(message), { code });
const probing = (problem: FolderProblem) => () => problem;

describe('start-up failures as one line (issue 12, item 8)', () => {
  it('a full disk, as SQLite (SQLITE_FULL) or the file system (ENOSPC, EDQUOT) reports it, names the data folder', () => {
    for (const code of ['SQLITE_FULL', 'ENOSPC', 'EDQUOT']) {
      const line = startupFailureMessage(failure(code, 'database or disk is full'), sqlite, probing(undefined));
      expect(line, code).toBe(`Disco cheio: não há espaço para gravar o banco de dados em ${DATA_DIR}.`);
    }
  });

  it('a corrupt or foreign file names the file', () => {
    for (const code of ['SQLITE_NOTADB', 'SQLITE_CORRUPT', 'SQLITE_CORRUPT_INDEX']) {
      const line = startupFailureMessage(failure(code, 'file is not a database'), sqlite);
      expect(line, code).toContain(FILE);
      expect(line).toMatch(/não é um banco SQLite válido ou está corrompido/);
    }
  });

  it('a folder that cannot be written says why (read-only file system, permission, a file in the way)', () => {
    const cant = failure('SQLITE_CANTOPEN', 'unable to open database file');
    expect(startupFailureMessage(cant, sqlite, probing('read_only'))).toMatch(new RegExp(`${DATA_DIR} está num sistema de arquivos somente leitura`));
    expect(startupFailureMessage(cant, sqlite, probing('no_permission'))).toMatch(new RegExp(`Sem permissão para gravar na pasta de dados ${DATA_DIR}`));
    expect(startupFailureMessage(failure('ENOTDIR'), sqlite, probing('not_a_folder'))).toMatch(new RegExp(`${DATA_DIR} não é uma pasta`));
    for (const code of ['EROFS', 'EACCES', 'EPERM', 'ENOENT', 'SQLITE_READONLY', 'SQLITE_IOERR_WRITE']) {
      expect(startupFailureMessage(failure(code), sqlite, probing('read_only')), code).toContain(DATA_DIR);
    }
  });

  it('an unreachable PostgreSQL names host and port, never the password', () => {
    const cases: Array<[Error, RegExp]> = [
      [failure('ECONNREFUSED', 'connect ECONNREFUSED 10.0.0.5:6543'), /conexão recusada/],
      [failure('ENOTFOUND', 'getaddrinfo ENOTFOUND db.igreja.internal'), /host db\.igreja\.internal não foi encontrado/],
      [failure('ETIMEDOUT'), /não respondeu/],
      [new Error('timeout exceeded when trying to connect'), /não respondeu em 5 s/],
      [failure('28P01', 'password authentication failed for user "app"'), /usuário ou senha recusados/],
      [failure('3D000', 'database "koinonia" does not exist'), /o banco de dados "koinonia" não existe/],
      // Node's connect to a name with several addresses, all refused.
      [Object.assign(new AggregateError([failure('ECONNREFUSED'), failure('ECONNREFUSED')]), { code: undefined }), /conexão recusada/],
    ];
    for (const [error, shows] of cases) {
      const line = startupFailureMessage(error, postgres())!;
      expect(line, error.message).toMatch(/^Não foi possível conectar ao PostgreSQL em db\.igreja\.internal:6543: /);
      expect(line).toMatch(shows);
      expect(line).not.toContain('s3gr3d0');
      expect(line).not.toContain('\n');
    }
    expect(postgresWhere('postgresql://localhost/koinonia').where).toBe('localhost:5432');
    expect(postgresWhere('postgres:///koinonia?host=/var/run/postgresql').where).toBe('/var/run/postgresql:5432');
  });

  it('anything else is not dressed up: a bug keeps its stack trace', () => {
    expect(startupFailureMessage(new TypeError('x is not a function'), sqlite, probing(undefined))).toBeUndefined();
    expect(startupFailureMessage(failure('SQLITE_ERROR', 'no such table: events'), sqlite, probing(undefined))).toBeUndefined();
    expect(startupFailureMessage(failure('42P01', 'relation "events" does not exist'), postgres())).toBeUndefined();
  });
});

describe('probeFolder', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'koinonia-probe-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('finds a file in the way, and says nothing of a writable folder or one yet to be created in it', () => {
    fs.writeFileSync(path.join(root, 'file'), 'x');
    expect(probeFolder(path.join(root, 'file'))).toBe('not_a_folder');
    expect(probeFolder(path.join(root, 'file', 'data'))).toBe('not_a_folder');
    expect(probeFolder(root)).toBeUndefined();
    expect(probeFolder(path.join(root, 'not', 'yet'))).toBeUndefined();
  });

  it.skipIf(process.getuid?.() === 0)('finds a folder without write permission (not as root, whom permissions do not stop)', () => {
    const locked = path.join(root, 'locked');
    fs.mkdirSync(locked, { mode: 0o555 });
    expect(probeFolder(locked)).toBe('no_permission');
    expect(probeFolder(path.join(locked, 'data'))).toBe('no_permission');
  });
});
