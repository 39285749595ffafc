/**
 * Several events APIs in one process, each on its own database and port: the product's createApiApp,
 * opened and listened exactly as `npm run start:api` does, minus a Node start per table size. The growth
 * section asks them one request at a time, so sharing a process does not skew its latencies.
 * Run as a child: BENCH_APIS = JSON [{ port, dataDir? , databaseUrl? }].
 */
import { createApiApp } from '../../server/api/createApiApp.ts';
import { loadConfig } from '../../server/platform/config.ts';
import { openDatabase, type Database } from '../../server/db/openDatabase.ts';
import { listen, type RunningServer } from '../../server/platform/listen.ts';
import { createLogger } from '../../server/platform/logger.ts';

interface ApiSpec {
  port: number;
  dataDir?: string;
  databaseUrl?: string;
}

const specs = JSON.parse(process.env.BENCH_APIS ?? '[]') as ApiSpec[];
const config = loadConfig();
const logger = createLogger(config.logLevel);
const running: Array<{ database: Database; server: RunningServer }> = [];
for (const spec of specs) {
  const database = await openDatabase({ databaseUrl: spec.databaseUrl, dataDir: spec.dataDir });
  const server = await listen(createApiApp({ database, config, logger }), spec.port, '127.0.0.1');
  running.push({ database, server });
}
logger.info({ ports: specs.map((s) => s.port) }, 'bench API host listening');
process.on('SIGTERM', () => {
  void Promise.allSettled(running.map(async ({ database, server }) => {
    await server.close();
    await database.close();
  })).finally(() => process.exit(0));
});
