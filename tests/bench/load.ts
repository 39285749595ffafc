import http from 'node:http';
import autocannon from 'autocannon';
import { cpuMs } from './processes.ts';

export interface LoadResult {
  /** Completed requests. */
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Response bytes per second. */
  bytesPerSecond: number;
  /** CPU time the server processes spent per completed request (ms): far steadier than req/s on a busy machine. */
  cpuMsPerRequest: number | null;
}

export interface LoadOptions {
  /** Base URL, e.g. http://127.0.0.1:1234 */
  origin: string;
  /** Paths requested in turn (one list shared by all connections). */
  paths: string[];
  seconds: number;
  connections: number;
  /** Server processes whose CPU time the run is charged with. */
  pids?: number[];
}

/** One autocannon run (the load generator lives in this process; every server under test is a child). */
export async function load({ origin, paths, seconds, connections, pids = [] }: LoadOptions): Promise<LoadResult> {
  let next = 0;
  const cpuBefore = pids.map(cpuMs);
  const result = await autocannon({
    url: origin,
    connections,
    duration: seconds,
    pipelining: 1,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const path = paths[next++ % paths.length]!;
          return { ...request, path };
        },
      },
    ],
  });
  const cpuAfter = pids.map(cpuMs);
  const cpuKnown = pids.length > 0 && [...cpuBefore, ...cpuAfter].every((value) => value !== null);
  let cpuSpent = 0;
  if (cpuKnown) cpuAfter.forEach((value, index) => (cpuSpent += value! - cpuBefore[index]!));
  return {
    cpuMsPerRequest: cpuKnown && result.requests.total > 0 ? cpuSpent / result.requests.total : null,
    requests: result.requests.total,
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    bytesPerSecond: result.throughput.average,
  };
}

/** Why a load run must fail the bench, or undefined when every answer was a 2xx. */
export function loadProblem(label: string, result: LoadResult): string | undefined {
  if (result.requests === 0) return `${label}: no requests completed`;
  if (result.non2xx > 0) return `${label}: ${result.non2xx} non-2xx answers`;
  if (result.errors > 0) return `${label}: ${result.errors} connection errors/timeouts`;
  return undefined;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

export interface Fetched {
  status: number;
  body: Buffer;
  ms: number;
  headers: http.IncomingHttpHeaders;
}

/** One GET over a kept-alive connection, timed from request to the last byte. */
export function get(url: string, options: { agent?: http.Agent | false } = {}): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.get(url, { agent: options.agent ?? agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks),
          ms: Number(process.hrtime.bigint() - started) / 1e6,
          headers: res.headers,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** Like `get`, but only counts the bytes (for a response too big to keep), sampling `onChunk` as it goes. */
export function getCounting(url: string, onChunk?: () => void): Promise<{ status: number; bytes: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.get(url, { agent: false }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        onChunk?.();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export function median(values: number[]): number {
  return percentile(values, 50);
}
