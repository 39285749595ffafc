import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (tests/bench/../..). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** `BENCH_SMOKE=1`: every section at tiny size, in seconds; used by the test suite so the bench cannot rot. */
export const SMOKE = process.env.BENCH_SMOKE === '1';

export const TIME_ZONE = process.env.APP_TIMEZONE || 'America/Sao_Paulo';

export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Where the table goes as JSON (the smoke test points it elsewhere so a real run's file survives). */
export const RESULTS_FILE = path.resolve(ROOT, process.env.BENCH_RESULTS ?? 'bench/results.json');

/** The request log level of the servers under load: what `npm start` uses unless told otherwise. */
export const SERVER_LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';

export interface Sizes {
  /** Events in the main data set (and the largest growth step). */
  events: number;
  members: number;
  allocations: number;
  /** Table sizes of the growth section, ascending; the last one is `events`. */
  growth: number[];
  /** Seconds of the API section's autocannon runs, and its connections. */
  apiSeconds: number;
  proxySeconds: number;
  memorySeconds: number;
  warmupSeconds: number;
  connections: number;
  /** Sequential requests timed per size in the growth section. */
  growthSamples: number;
  /** Throttled cold loads of `/events` per network profile (the median is reported). */
  pageLoads: number;
}

export const SIZES: Sizes = SMOKE
  ? {
      events: 2_000,
      members: 50,
      allocations: 500,
      growth: [200, 500, 2_000],
      apiSeconds: 0.5,
      proxySeconds: 0.5,
      memorySeconds: 0.5,
      warmupSeconds: 0,
      connections: 4,
      growthSamples: 30,
      pageLoads: 1,
    }
  : {
      events: 100_000,
      members: 1_000,
      allocations: 20_000,
      growth: [1_000, 10_000, 100_000],
      apiSeconds: Number(process.env.BENCH_DURATION ?? 10),
      proxySeconds: Number(process.env.BENCH_PROXY_DURATION ?? 5),
      memorySeconds: 5,
      warmupSeconds: 1,
      connections: 50,
      growthSamples: 400,
      pageLoads: 5,
    };

export function machine() {
  const cpus = os.cpus();
  return {
    nproc: os.availableParallelism(),
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    memoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}
