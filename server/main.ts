// Only the configuration is loaded up front: a bad setting is reported at once, and each part loads its own
// modules below (a web-only process never loads the database drivers, an API-only one never the proxy).
import { ConfigError, loadConfig, type Config } from './platform/config.ts';
import { asStartupFailure, StartupFailure } from './platform/startupFailure.ts';
import type { RequestListener } from 'node:http';
import path from 'node:path';
import type { Database } from './db/openDatabase.ts';
import type { RunningServer } from './platform/listen.ts';

type Part = 'api' | 'web';

function partsToRun(argv: string[], config: Config): Part[] {
  const only = argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
  if (only === 'api' || only === 'web') return [only];
  if (only !== undefined) throw new ConfigError(`Opção inválida: --only=${only} (use api ou web)`);
  return config.externalApi ? ['web'] : ['api', 'web'];
}

/**
 * Serialises the start-up (migrations, first seed) of the processes sharing one DATA_DIR: an exclusive lock on a
 * small SQLite file beside the database. The operating system drops the lock if the holder dies.
 */
async function lockDataDir(dataDir: string): Promise<() => void> {
  const fs = await import('node:fs');
  const { default: SQLite } = await import('better-sqlite3');
  fs.mkdirSync(dataDir, { recursive: true });
  const lock = new SQLite(startupLockFile(dataDir));
  try {
    lock.pragma('busy_timeout = 60000');
    lock.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    lock.close();
    throw error;
  }
  return () => {
    lock.exec('COMMIT');
    lock.close();
  };
}

function startupLockFile(dataDir: string): string {
  return path.join(dataDir, 'koinonia-startup.lock');
}

async function main(): Promise<void> {
  let config: Config;
  let parts: Part[];
  try {
    config = loadConfig();
    parts = partsToRun(process.argv.slice(2), config);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { createLogger } = await import('./platform/logger.ts');
  const { apiListenHost, listen } = await import('./platform/listen.ts');
  const { answerClientError } = await import('./http/clientErrorAnswer.ts');
  const logger = createLogger(config.logLevel);
  const servers: RunningServer[] = [];
  let database: Database | undefined;
  let localApi: RequestListener | undefined;
  let outboxWorker: { stop(): Promise<void> } | undefined;
  let dailyScheduler: { stop(): Promise<void> } | undefined;

  // Installed before anything listens: a SIGTERM that comes right after a "listening" line is handled, not fatal.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping: finishing in-flight requests');
    const force = setTimeout(() => {
      logger.error('in-flight requests did not finish in 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    // The web host first, so nothing new reaches the API while it drains.
    for (const server of [...servers].reverse()) await server.close();
    // Messages being sent finish, or their claims are given back for another worker (docs/product.md §7); queued
    // ones wait in the table.
    await outboxWorker?.stop();
    // A daily job under way finishes (or fails and gives its claim back) before the database closes.
    await dailyScheduler?.stop();
    await database?.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  if (parts.includes('api')) {
    const { openDatabase } = await import('./db/openDatabase.ts');
    const { demoSeededBanner, demoSeededLogFields, demoSeededMessage, seedDemoOnFirstStart } = await import('./demo/firstStart.ts');
    const { createApiApp } = await import('./api/createApiApp.ts');
    const { sqliteFile } = await import('./db/sqliteFile.ts');
    // A folder that cannot be written, a full disk, a corrupt file, a database server that does not answer: one
    // line naming it (StartupFailure), not a stack trace.
    const failure = (file: string) => (error: unknown) =>
      asStartupFailure(error, config.databaseUrl ? { database: 'postgres', url: config.databaseUrl } : { database: 'sqlite', dataDir: config.dataDir, file });
    // Two processes starting at once on the same SQLite file would both migrate and both seed it.
    const unlock = config.databaseUrl
      ? () => {}
      : await lockDataDir(config.dataDir).catch((error: unknown) => {
          throw failure(startupLockFile(config.dataDir))(error);
        });
    try {
      database = await openDatabase({
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir,
        poolSize: config.databasePoolSize,
        onConnectionError: (error) => logger.warn({ err: error }, 'PostgreSQL ended a connection; the pool opens a new one'),
      });
      // A new embedded database (unless DEMO_DATA=false): demo data, its accounts' random passwords shown once.
      const seeded = await seedDemoOnFirstStart(database, config);
      if (seeded) {
        logger.info(demoSeededLogFields(seeded), demoSeededMessage(seeded));
        process.stderr.write(demoSeededBanner(seeded, config.publicUrl ?? `http://localhost:${config.port}`));
      }
    } catch (error) {
      await database?.close().catch(() => {});
      throw failure(sqliteFile(config.dataDir))(error);
    } finally {
      unlock();
    }
    localApi = createApiApp({ database, config, logger });
    // In one process the web host hands /api to the API in memory: its own port need not face the network.
    const host = apiListenHost(config.apiHost, parts.includes('web'));
    const api = await listen(localApi, config.apiPort, host, { onClientError: answerClientError });
    servers.push(api);
    logger.info({ port: api.port, host: host ?? '*', database: database.dialect }, 'events API listening');
    // The outbox worker (docs/product.md §7) runs beside the API: it sends what the API queued, in this process.
    const { startOutboxWorker } = await import('./notifications/outboxWorker.ts');
    outboxWorker = startOutboxWorker({ database, config, logger });
    // Daily jobs (retention, docs/product.md §11): every instance tries them, one runs each day's (server/jobs/).
    const { startDailyScheduler } = await import('./jobs/startDailyScheduler.ts');
    const { dailyJobs } = await import('./api/dailyJobs.ts');
    dailyScheduler = startDailyScheduler({ db: database.db, jobs: dailyJobs(config), timeZone: config.timeZone, logger });
  }
  if (parts.includes('web')) {
    const { ensureClientBuild } = await import('./platform/buildClient.ts');
    const { createWebApp, DEFAULT_CLIENT_DIR } = await import('./web/createWebApp.ts');
    await ensureClientBuild(DEFAULT_CLIENT_DIR, (message) => logger.info(message));
    // In one process the host hands /api to the API in memory; the API still listens on its own port too.
    const web = await listen(createWebApp({ config, logger, localApi }), config.port, undefined, { onClientError: answerClientError });
    servers.push(web);
    logger.info({ port: web.port, api: config.eventsApiUrls.join(',') }, `portal em http://localhost:${web.port}`);
  }

}

main().catch((error: unknown) => {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (error instanceof StartupFailure) {
    console.error(error.message);
  } else if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
    // An operator's mistake, not a bug: one line, like a bad setting.
    const { port, address } = error as { port?: number; address?: string; hostname?: string };
    const host = address ?? (error as { hostname?: string }).hostname;
    const why = { EADDRINUSE: 'já está em uso', EACCES: 'sem permissão', EADDRNOTAVAIL: 'o endereço não é desta máquina (API_HOST)', ENOTFOUND: 'o host não foi encontrado (API_HOST)' }[code];
    console.error(`Não foi possível abrir a porta ${port ?? ''}${host ? ` em ${host}` : ''}: ${why}.`);
  } else {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  }
  process.exit(1);
});
