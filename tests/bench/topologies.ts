import path from 'node:path';
import { freePort, rssMb, serverEnv, spawnServer, type ServerProcess } from './processes.ts';
import { ROOT, SERVER_LOG_LEVEL, TIME_ZONE } from './settings.ts';

/** What `npm start` runs (run.ts builds it first). */
const MAIN = 'dist/server/main.js';

export interface Database {
  /** SQLite folder, or… */
  dataDir?: string;
  /** …a PostgreSQL URL (with its schema in `options`). */
  databaseUrl?: string;
}

function databaseEnv(database: Database): Record<string, string> {
  return database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : { DATA_DIR: database.dataDir! };
}

export interface Api {
  process: ServerProcess;
  origin: string;
}

/** `npm run start:api`: the events API alone. */
export async function startApi(name: string, database: Database, logDir: string, port?: number): Promise<Api> {
  port ??= await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const proc = await spawnServer({
    name,
    args: [MAIN, '--only=api'],
    env: { ...serverEnv(SERVER_LOG_LEVEL, TIME_ZONE), API_PORT: String(port), ...databaseEnv(database) },
    readyUrls: [`${origin}/api/auth/me`],
    logDir,
  });
  return { process: proc, origin };
}

/** `npm run start:web` with EVENTS_API_URL: the web host alone. */
export async function startWeb(name: string, apiOrigin: string, logDir: string): Promise<Api> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const proc = await spawnServer({
    name,
    args: [MAIN, '--only=web'],
    env: { ...serverEnv(SERVER_LOG_LEVEL, TIME_ZONE), PORT: String(port), EVENTS_API_URL: apiOrigin },
    // Its own page, not /api: the API may still be starting.
    readyUrls: [`${origin}/`],
    logDir,
    // A fresh clone builds the client first.
    timeoutMs: 180_000,
  });
  return { process: proc, origin };
}

export interface OneProcess {
  process: ServerProcess;
  apiOrigin: string;
  webOrigin: string;
}

/** `npm start`: API and web host in one Node process. */
export async function startOneProcess(name: string, database: Database, logDir: string): Promise<OneProcess> {
  const apiPort = await freePort();
  const webPort = await freePort();
  const apiOrigin = `http://127.0.0.1:${apiPort}`;
  const webOrigin = `http://127.0.0.1:${webPort}`;
  const proc = await spawnServer({
    name,
    args: [MAIN],
    env: { ...serverEnv(SERVER_LOG_LEVEL, TIME_ZONE), API_PORT: String(apiPort), PORT: String(webPort), ...databaseEnv(database) },
    readyUrls: [`${apiOrigin}/api/auth/me`, `${webOrigin}/api/auth/me`],
    logDir,
    timeoutMs: 180_000,
  });
  return { process: proc, apiOrigin, webOrigin };
}

/** Several APIs in one child (see apiHost.ts), one per database, each with its own origin. */
export async function startApiHost(name: string, databases: Database[], logDir: string): Promise<{ process: ServerProcess; origins: string[] }> {
  const specs = [];
  for (const database of databases) specs.push({ port: await freePort(), ...database });
  const origins = specs.map((spec) => `http://127.0.0.1:${spec.port}`);
  const proc = await spawnServer({
    name,
    args: [path.join(ROOT, 'tests/bench/apiHost.ts')],
    env: { ...serverEnv(SERVER_LOG_LEVEL, TIME_ZONE), BENCH_APIS: JSON.stringify(specs) },
    readyUrls: origins.map((origin) => `${origin}/api/auth/me`),
    logDir,
  });
  return { process: proc, origins };
}

/** The bare-Express baseline serving `bodiesFile` (see baselineServer.ts). */
export async function startBaseline(bodiesFile: string, logDir: string): Promise<Api> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const proc = await spawnServer({
    name: 'baseline',
    args: [path.join(ROOT, 'tests/bench/baselineServer.ts')],
    env: { PORT: String(port), BASELINE_BODIES: bodiesFile },
    readyUrls: [`${origin}/`],
    logDir,
  });
  return { process: proc, origin };
}

export interface PooledOneProcess extends OneProcess {
  /** RSS a few seconds after start, before any request but the readiness probes. */
  idleRssMb: number | null;
}

/**
 * The servers the sections share, started on first use and stopped at the end: each start of
 * a server costs seconds, and the smoke run must stay short.
 */
export class ServerPool {
  readonly #started = new Map<string, Promise<{ process: ServerProcess }>>();
  readonly #ports = new Map<string, Promise<number>>();

  constructor(
    private readonly fixture: { sqlite: Map<number, string>; postgres: Map<number, string> },
    private readonly logDir: string,
    private readonly settleMs: number,
  ) {}

  get mainSize(): number {
    return Math.max(...this.fixture.sqlite.keys());
  }

  #once<T extends { process: ServerProcess }>(key: string, start: () => Promise<T>): Promise<T> {
    let started = this.#started.get(key) as Promise<T> | undefined;
    if (!started) {
      started = start();
      this.#started.set(key, started);
    }
    return started;
  }

  #port(key: string): Promise<number> {
    let port = this.#ports.get(key);
    if (!port) {
      port = freePort();
      this.#ports.set(key, port);
    }
    return port;
  }

  /** `start:api` on the SQLite file of that size (the main set by default). */
  sqliteApi(size = this.mainSize): Promise<Api> {
    const key = `sqlite-${size}`;
    return this.#once(key, async () =>
      startApi(`api-sqlite-${size}`, { dataDir: this.fixture.sqlite.get(size)! }, this.logDir, await this.#port(key)),
    );
  }

  /** `start:api` on the PostgreSQL database of that size; undefined when PostgreSQL is not in the run. */
  postgresApi(size = this.mainSize): Promise<Api> | undefined {
    const url = this.fixture.postgres.get(size);
    if (!url) return undefined;
    return this.#once(`postgres-${size}`, () => startApi(`api-postgres-${size}`, { databaseUrl: url }, this.logDir));
  }

  /**
   * One process holding an API per growth step and database, in the order of `growthSteps()`:
   * SQLite sizes ascending, then PostgreSQL sizes ascending (when in the run).
   */
  growthHost(): Promise<{ process: ServerProcess; origins: Map<string, string> }> {
    return this.#once('growth', async () => {
      const steps = this.growthSteps();
      const host = await startApiHost('api-growth', steps.map((step) => step.database), this.logDir);
      return { process: host.process, origins: new Map(steps.map((step, index) => [step.key, host.origins[index]!])) };
    });
  }

  growthSteps(): Array<{ key: string; store: 'SQLite' | 'PostgreSQL'; size: number; database: Database }> {
    const ascending = (map: Map<number, string>) => [...map.keys()].sort((a, b) => a - b);
    return [
      ...ascending(this.fixture.sqlite).map((size) => ({ key: `SQLite-${size}`, store: 'SQLite' as const, size, database: { dataDir: this.fixture.sqlite.get(size)! } })),
      ...ascending(this.fixture.postgres).map((size) => ({
        key: `PostgreSQL-${size}`,
        store: 'PostgreSQL' as const,
        size,
        database: { databaseUrl: this.fixture.postgres.get(size)! },
      })),
    ];
  }

  /** `start:web` forwarding to the SQLite main API. */
  async web(): Promise<{ api: Api; web: Api }> {
    const apiPort = await this.#port(`sqlite-${this.mainSize}`);
    const web = this.#once('web', () => startWeb('web', `http://127.0.0.1:${apiPort}`, this.logDir));
    return { api: await this.sqliteApi(), web: await web };
  }

  /** `npm start` on the SQLite main set. */
  oneProcess(): Promise<PooledOneProcess> {
    return this.#once('one-process', async () => {
      const server = await startOneProcess('one-process', { dataDir: this.fixture.sqlite.get(this.mainSize)! }, this.logDir);
      await new Promise((resolve) => setTimeout(resolve, this.settleMs));
      return { ...server, idleRssMb: rssMb(server.process.pid) };
    });
  }

  /**
   * Starts every pooled server at once, right after the data exists: starts are CPU-bound seconds each, and
   * overlapping them (and the client build) saves most of the smoke run's wall time. Failures surface when a
   * section awaits the server.
   */
  prestart(): Promise<unknown> {
    const all: Array<Promise<unknown> | undefined> = [this.sqliteApi(), this.postgresApi(), this.web(), this.oneProcess(), this.growthHost()];
    return Promise.allSettled(all);
  }

  async stop(key: string): Promise<void> {
    const started = this.#started.get(key);
    this.#started.delete(key);
    this.#ports.delete(key);
    if (started) await (await started.catch(() => undefined))?.process.stop();
  }

  async stopAll(): Promise<void> {
    // Web hosts first, so nothing new reaches an API while it stops.
    const keys = [...this.#started.keys()].sort((a, b) => Number(b === 'web') - Number(a === 'web'));
    for (const key of keys) await this.stop(key);
  }
}
