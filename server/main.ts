import { ConfigError, loadConfig, type Config } from './config.ts';
import { createApiApp } from './api/createApiApp.ts';
import { createWebApp, DEFAULT_CLIENT_DIR } from './web/createWebApp.ts';
import { ensureClientBuild } from './buildClient.ts';
import { openDatabase, type Database } from './db/openDatabase.ts';
import { isEmpty } from './db/seed.ts';
import { seedDemo } from './db/seedDemo.ts';
import { listen, type RunningServer } from './listen.ts';
import { createLogger } from './logger.ts';

type Part = 'api' | 'web';

function partsToRun(argv: string[], config: Config): Part[] {
  const only = argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
  if (only === 'api' || only === 'web') return [only];
  if (only !== undefined) throw new ConfigError(`Opção inválida: --only=${only} (use api ou web)`);
  return config.externalApi ? ['web'] : ['api', 'web'];
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
  const logger = createLogger(config.logLevel);
  const servers: RunningServer[] = [];
  let database: Database | undefined;

  if (parts.includes('api')) {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    if (database.dialect === 'sqlite' && (await isEmpty(database.db))) {
      const seeded = await seedDemo(database, config);
      logger.info(seeded, 'banco embutido vazio: dados de demonstração criados');
    }
    const api = await listen(createApiApp({ database, config, logger }), config.apiPort);
    servers.push(api);
    logger.info({ port: api.port, database: database.dialect }, 'events API listening');
  }
  if (parts.includes('web')) {
    await ensureClientBuild(DEFAULT_CLIENT_DIR, (message) => logger.info(message));
    const web = await listen(createWebApp({ config, logger }), config.port);
    servers.push(web);
    logger.info({ port: web.port, api: config.eventsApiUrl }, `portal em http://localhost:${web.port}`);
  }

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
    await database?.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
