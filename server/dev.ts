import { createServer } from 'vite';
import { createApiApp } from './api/createApiApp.ts';
import { loadConfig } from './platform/config.ts';
import { openDatabase } from './db/openDatabase.ts';
import { demoSeededLogFields, demoSeededMessage, seedDemoOnFirstStart } from './demo/firstStart.ts';
import { dailyJobs } from './api/dailyJobs.ts';
import { startDailyScheduler } from './jobs/startDailyScheduler.ts';
import { startOutboxWorker } from './notifications/outboxWorker.ts';
import { listen } from './platform/listen.ts';
import { createLogger } from './platform/logger.ts';

/** Development: the API on API_PORT and Vite's dev server (with HMR) forwarding /api to it. */
const config = loadConfig();
const logger = createLogger(config.logLevel);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize });
const seeded = await seedDemoOnFirstStart(database, config);
if (seeded) logger.info(demoSeededLogFields(seeded), demoSeededMessage(seeded));
await listen(createApiApp({ database, config, logger }), config.apiPort);
startOutboxWorker({ database, config, logger });
startDailyScheduler({ db: database.db, jobs: dailyJobs(config), timeZone: config.timeZone, logger });
const vite = await createServer({ server: { port: config.port, proxy: { '/api': config.eventsApiUrls[0]! } } });
await vite.listen();
vite.printUrls();
