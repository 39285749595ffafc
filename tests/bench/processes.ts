import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './settings.ts';

// ── Cleanup: every child, temp folder and PostgreSQL schema is released whatever happens ──────────────────

type Cleanup = () => void | Promise<void>;
const cleanups: Cleanup[] = [];
const children = new Set<ChildProcess>();

export function onCleanup(cleanup: Cleanup): void {
  cleanups.push(cleanup);
}

export async function runCleanups(): Promise<void> {
  killAllChildren();
  while (cleanups.length > 0) {
    const cleanup = cleanups.pop()!;
    try {
      await cleanup();
    } catch (error) {
      console.error(`bench: cleanup failed: ${String(error)}`);
    }
  }
}

function killAllChildren(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  children.clear();
}

let handlersInstalled = false;
/** Children die with the bench, even on Ctrl-C or an uncaught error. */
export function installExitHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.on('exit', killAllChildren);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      console.error(`bench: ${signal}, stopping`);
      void runCleanups().finally(() => process.exit(130));
    });
  }
}

export function tempDir(prefix: string, keep = false): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `koinonia-bench-${prefix}-`));
  if (!keep) onCleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

// ── Ports and processes ─────────────────────────────────────────────────────────────────────────────────

const handedOut = new Set<number>();

/** A port the kernel just handed out on loopback (the server configs do not accept 0), never the same twice. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await kernelPort();
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

function kernelPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  name: string;
  child: ChildProcess;
  pid: number;
  /** The log file the child's stdout and stderr go to. */
  logFile: string;
  /** Seconds from spawn until every readiness URL answered. */
  startSeconds: number;
  stop(): Promise<void>;
}

export interface SpawnOptions {
  name: string;
  /** Arguments after `node` (a `.ts` script runs through tsx). */
  args: string[];
  env: Record<string, string>;
  /** URLs that must answer (any status) before the server counts as up. */
  readyUrls: string[];
  logDir: string;
  timeoutMs?: number;
}

/** `node …` in a child process, logs to a file (not a pipe this process must drain). */
export async function spawnServer(options: SpawnOptions): Promise<ServerProcess> {
  const logFile = path.join(options.logDir, `${options.name}.log`);
  const fd = fs.openSync(logFile, 'a');
  const loader = options.args[0]?.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...loader, ...options.args], {
    cwd: ROOT,
    env: { ...inheritedEnv(), NODE_ENV: 'production', ...options.env },
    stdio: ['ignore', fd, fd],
  });
  fs.closeSync(fd);
  children.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const server: ServerProcess = {
    name: options.name,
    child,
    pid: child.pid!,
    logFile,
    startSeconds: 0,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      children.delete(child);
    },
  };
  const started = Date.now();
  const deadline = started + (options.timeoutMs ?? 120_000);
  for (const url of options.readyUrls) {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`${options.name} exited during start-up (${child.exitCode ?? child.signalCode}):\n${tail(logFile)}`);
      }
      if (await answers(url)) break;
      if (Date.now() > deadline) {
        await server.stop();
        throw new Error(`${options.name} did not answer ${url} in time:\n${tail(logFile)}`);
      }
      await sleep(100);
    }
  }
  server.startSeconds = (Date.now() - started) / 1000;
  console.error(`bench:   ${options.name} up in ${server.startSeconds.toFixed(1)} s (pid ${server.pid})`);
  return server;
}

/** The bench's environment minus the settings that would change which server or database a child uses. */
function inheritedEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of ['PORT', 'API_PORT', 'DATA_DIR', 'DATABASE_URL', 'EVENTS_API_URL', 'LOG_LEVEL']) delete env[key];
  return env;
}

function tail(file: string, lines = 15): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

function answers(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, timeout: 1_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(true));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Resident memory of a process in MB, from /proc (Linux). */
export function rssMb(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux). */
export function cpuMs(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** Environment common to every product server the bench starts. */
export function serverEnv(logLevel: string, timeZone: string): Record<string, string> {
  return { LOG_LEVEL: logLevel, APP_TIMEZONE: timeZone, PORTAL_NAME: 'Koinonia' };
}
