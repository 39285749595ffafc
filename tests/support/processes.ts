import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Where freePort draws from: below Linux's default ephemeral range (32768–60999), from which every port-0 server and
 * every outgoing connection (a PostgreSQL pool, an HTTP client) takes its port — a port freed there was taken by
 * another test's connection before the process the caller started could listen on it (EADDRINUSE, seen once the
 * files ran side by side). Each worker (VITEST_POOL_ID) has a block of its own, so two files never pick the same.
 */
const FIRST_PORT = 20_000;
const BLOCK = 1_000;
const BLOCKS = 12;
let nextInBlock = 0;

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = http.createServer();
    server.once('error', () => resolve(false));
    // Every address, as the portal's processes listen: a port taken on any of them is not free.
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

/** A port no other test of this run will be given, free when this returns (see FIRST_PORT). */
export async function freePort(): Promise<number> {
  const block = Number(process.env.VITEST_POOL_ID ?? 0) % BLOCKS;
  for (let tried = 0; tried < BLOCK; tried++) {
    const port = FIRST_PORT + block * BLOCK + (nextInBlock++ % BLOCK);
    if (await canListen(port)) return port;
  }
  throw new Error(`freePort: nenhuma porta livre entre ${FIRST_PORT + block * BLOCK} e ${FIRST_PORT + (block + 1) * BLOCK - 1}`);
}

export function tempDir(prefix = 'koinonia-proc-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export type LogLine = Record<string, unknown> & { msg?: string };

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A running `node dist/server/main.js` (what `npm start` runs), with its stdout kept as parsed JSON lines. */
export interface MainProcess {
  child: ChildProcess;
  /** Every stdout line, parsed; a line that is not JSON is kept as `{ notJson: line }`. */
  lines: LogLine[];
  stderr(): string;
  exited: Promise<Exit>;
  /** Resolves with the first line (already seen or to come) that matches; rejects if the process ends first. */
  waitForLine(match: (line: LogLine) => boolean, what: string, timeoutMs?: number): Promise<LogLine>;
  /** Signals the process and resolves when it has ended. */
  stop(signal?: NodeJS.Signals): Promise<Exit>;
}

/**
 * The environment the process sees: only what it is given, plus what Node needs to run, and argon2id's test
 * cost for the passwords it hashes (honoured only with NODE_ENV=test; server/accounts/passwordHasher.ts).
 */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const { PATH, HOME, TMPDIR, LANG } = process.env;
  return { PATH, HOME, TMPDIR, LANG, NODE_ENV: 'test', KOINONIA_TEST_PASSWORD_HASH_COST: 'test', ...env };
}

/** Every process started here that has not ended yet — including those still starting up. */
const live = new Set<MainProcess>();

/** Ends every process still running (a test's cleanup; also after a failure or a timeout). */
export async function stopAll(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  await Promise.all([...live].map((main) => main.stop(signal)));
}

export function startMain(args: string[], env: Record<string, string>): MainProcess {
  // Built by the node project's global setup (tests/support/buildServerSetup.ts).
  const child = spawn(process.execPath, ['dist/server/main.js', ...args], {
    cwd: ROOT,
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: LogLine[] = [];
  const waiters = new Set<() => void>();
  let stderr = '';
  let pending = '';
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => {
    pending += chunk;
    let newline: number;
    while ((newline = pending.indexOf('\n')) >= 0) {
      const text = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      if (!text.trim()) continue;
      try {
        lines.push(JSON.parse(text) as LogLine);
      } catch {
        lines.push({ notJson: text });
      }
    }
    for (const wake of waiters) wake();
  });
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => (stderr += chunk));
  // 'close', not 'exit': by then everything the process wrote to stdout and stderr has been read.
  const exited = new Promise<Exit>((resolve) => child.once('close', (code, signal) => resolve({ code, signal })));
  let ended = false;
  void exited.then(() => {
    ended = true;
    for (const wake of waiters) wake();
  });

  const waitForLine: MainProcess['waitForLine'] = (match, what, timeoutMs = 20_000) =>
    new Promise((resolve, reject) => {
      let seen = 0;
      const check = () => {
        for (; seen < lines.length; seen++) {
          if (match(lines[seen]!)) {
            finish();
            resolve(lines[seen]!);
            return;
          }
        }
        if (ended) {
          finish();
          reject(new Error(`process ended before "${what}"; stderr: ${stderr}; stdout: ${JSON.stringify(lines)}`));
        }
      };
      const timer = setTimeout(() => {
        finish();
        reject(new Error(`no "${what}" within ${timeoutMs} ms; stderr: ${stderr}; stdout: ${JSON.stringify(lines)}`));
      }, timeoutMs);
      const finish = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });

  const main: MainProcess = {
    child,
    lines,
    stderr: () => stderr,
    exited,
    waitForLine,
    async stop(signal = 'SIGTERM') {
      if (!ended) child.kill(signal);
      return exited;
    },
  };
  live.add(main);
  void exited.then(() => live.delete(main));
  return main;
}

/** Starts the server bundle and waits until the part(s) it runs are listening. */
export async function startListening(args: string[], env: Record<string, string>, ready: string[]): Promise<MainProcess> {
  const main = startMain(args, env);
  try {
    for (const message of ready) await main.waitForLine((line) => String(line.msg ?? '').startsWith(message), message, 60_000);
  } catch (error) {
    await main.stop('SIGKILL');
    throw error;
  }
  return main;
}

export const API_READY = 'events API listening';
export const WEB_READY = 'portal em http://localhost:';
