import fs from 'node:fs';
import path from 'node:path';

/** A start-up stopped by something the operator can fix: its message is the one line printed, exit 1. */
export class StartupFailure extends Error {}

/** What the failing start-up step was opening: an SQLite file in the data folder, or a PostgreSQL server. */
export type StartupTarget = { database: 'sqlite'; dataDir: string; file: string } | { database: 'postgres'; url: string };

/** What is wrong with a folder the portal must write to, as far as the file system tells. */
export type FolderProblem = 'read_only' | 'no_permission' | 'not_a_folder' | undefined;

/** The deepest part of `target` that exists: the folder itself, or the ancestor it would be created in. */
function nearestExisting(target: string): { at: string; stat: fs.Stats } | undefined {
  for (let at = path.resolve(target); ; at = path.dirname(at)) {
    const stat = fs.statSync(at, { throwIfNoEntry: false });
    if (stat) return { at, stat };
    if (path.dirname(at) === at) return undefined;
  }
}

/** Whether the portal could write in `folder` (or create it): read-only file system, no permission, or a file in the way. */
export function probeFolder(folder: string): FolderProblem {
  const found = nearestExisting(folder);
  if (!found) return undefined;
  if (!found.stat.isDirectory()) return 'not_a_folder';
  try {
    fs.accessSync(found.at, fs.constants.W_OK);
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'EROFS' ? 'read_only' : code === 'EACCES' || code === 'EPERM' ? 'no_permission' : undefined;
  }
}

/** Whether `file` exists and cannot be written by this process. */
function fileReadOnly(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.W_OK);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

function codeOf(error: unknown): string {
  const own = (error as { code?: unknown } | null)?.code;
  if (typeof own === 'string') return own;
  // Node's connect tries every address of a host name; when all fail it throws an AggregateError of them.
  const first = (error as { errors?: unknown[] } | null)?.errors?.[0];
  const inner = (first as { code?: unknown } | undefined)?.code;
  return typeof inner === 'string' ? inner : '';
}

/** Where a PostgreSQL URL points, without user or password: `host:port`, and the database name. */
export function postgresWhere(url: string): { where: string; host: string; database: string } {
  try {
    const parsed = new URL(url);
    // A Unix socket folder may come as ?host=/var/run/postgresql.
    const host = parsed.searchParams.get('host') ?? decodeURIComponent(parsed.hostname);
    const port = parsed.searchParams.get('port') ?? (parsed.port || '5432');
    const database = decodeURIComponent(parsed.pathname.slice(1)) || parsed.username || 'postgres';
    return { where: `${host || 'localhost'}:${port}`, host: host || 'localhost', database };
  } catch {
    return { where: '(DATABASE_URL ilegível)', host: '', database: '' };
  }
}

const DISK_FULL = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL']);
const CORRUPT = /^SQLITE_(NOTADB|CORRUPT)/;
/** Codes whose cause is the folder or the file not being writable (SQLite itself only says "unable to open"). */
const NOT_WRITABLE = /^(EROFS|EACCES|EPERM|ENOENT|ENOTDIR|EEXIST|SQLITE_CANTOPEN|SQLITE_READONLY|SQLITE_PERM|SQLITE_IOERR)/;

function sqliteMessage(code: string, dataDir: string, file: string, probe: (folder: string) => FolderProblem): string | undefined {
  if (DISK_FULL.has(code)) return `Disco cheio: não há espaço para gravar o banco de dados em ${dataDir}.`;
  if (CORRUPT.test(code)) {
    return `O arquivo ${file} não é um banco SQLite válido ou está corrompido: restaure um backup ou mova-o para fora da pasta de dados.`;
  }
  if (!NOT_WRITABLE.test(code)) return undefined;
  switch (probe(dataDir)) {
    case 'read_only':
      return `A pasta de dados ${dataDir} está num sistema de arquivos somente leitura: o portal precisa gravar nela (DATA_DIR).`;
    case 'no_permission':
      return `Sem permissão para gravar na pasta de dados ${dataDir}: dê ao usuário do portal permissão de escrita nela ou use outra pasta (DATA_DIR).`;
    case 'not_a_folder':
      return `A pasta de dados ${dataDir} não é uma pasta (há um arquivo nesse caminho): corrija DATA_DIR.`;
    default:
      if (fileReadOnly(file)) return `Sem permissão para gravar no arquivo ${file}: dê ao usuário do portal permissão de escrita nele.`;
      if (code.startsWith('SQLITE_IOERR')) return `Erro de leitura ou gravação no arquivo ${file} (${code}): confira o disco.`;
      return undefined;
  }
}

function postgresMessage(error: unknown, code: string, url: string): string | undefined {
  const { where, host, database } = postgresWhere(url);
  const message = error instanceof Error ? error.message : '';
  const cannot = `Não foi possível conectar ao PostgreSQL em ${where}`;
  switch (code) {
    case 'ECONNREFUSED':
      return `${cannot}: conexão recusada (o servidor está no ar? confira DATABASE_URL).`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `${cannot}: o host ${host} não foi encontrado (confira DATABASE_URL).`;
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${cannot}: o servidor não respondeu (confira DATABASE_URL e a rede).`;
    case 'ECONNRESET':
    case 'EPIPE':
      return `${cannot}: a conexão foi encerrada pelo servidor.`;
    case '28P01':
    case '28000':
      return `${cannot}: usuário ou senha recusados (confira DATABASE_URL).`;
    case '3D000':
      return `${cannot}: o banco de dados "${database}" não existe (crie-o ou corrija DATABASE_URL).`;
    case '57P03':
      return `${cannot}: o servidor ainda está iniciando; tente de novo em instantes.`;
    case '53300':
      return `${cannot}: o servidor não aceita mais conexões (limite atingido).`;
    default:
      if (/timeout exceeded when trying to connect|connection timeout/i.test(message)) {
        return `${cannot}: o servidor não respondeu em 5 s (confira DATABASE_URL e a rede).`;
      }
      if (/Connection terminated/i.test(message) || code.startsWith('08')) return `${cannot}: a conexão foi encerrada pelo servidor.`;
      return undefined;
  }
}

/**
 * The one pt-BR line for a start-up failure the operator can fix — naming the problem and the path or host —
 * or undefined for anything else (a bug, whose stack trace is worth printing).
 */
export function startupFailureMessage(error: unknown, target: StartupTarget, probe: (folder: string) => FolderProblem = probeFolder): string | undefined {
  const code = codeOf(error);
  return target.database === 'sqlite' ? sqliteMessage(code, target.dataDir, target.file, probe) : postgresMessage(error, code, target.url);
}

/** `error` as a StartupFailure when it is one the operator can fix, otherwise unchanged. */
export function asStartupFailure(error: unknown, target: StartupTarget): unknown {
  const message = startupFailureMessage(error, target);
  return message === undefined ? error : new StartupFailure(message, { cause: error });
}
