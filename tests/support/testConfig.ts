import { loadConfig, type Config } from '../../server/platform/config.ts';
import { createLogger, type Logger } from '../../server/platform/logger.ts';

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ LOG_LEVEL: 'silent', APP_TIMEZONE: 'America/Sao_Paulo', ...env });
}

export const silentLogger: Logger = createLogger('silent');
