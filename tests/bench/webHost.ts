/**
 * The product's web host (createWebApp + listen, as `npm run start:web` runs them) serving a client build of
 * the bench's own, so building for the bench never replaces the dist/client another process is serving.
 * Run as a child: PORT, EVENTS_API_URL, BENCH_CLIENT_DIR.
 */
import { loadConfig } from '../../server/platform/config.ts';
import { listen } from '../../server/platform/listen.ts';
import { createLogger } from '../../server/platform/logger.ts';
import { createWebApp } from '../../server/web/createWebApp.ts';

const config = loadConfig();
const logger = createLogger(config.logLevel);
const web = await listen(createWebApp({ config, logger, clientDir: process.env.BENCH_CLIENT_DIR! }), config.port, '127.0.0.1');
logger.info({ port: web.port }, 'bench web host listening');
process.on('SIGTERM', () => void web.close().finally(() => process.exit(0)));
