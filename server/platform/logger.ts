import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string): Logger {
  // Synchronous stdout: the lines written while stopping (and at a crash) come out, and in order.
  return pino({ level, base: { service: 'koinonia' } }, pino.destination({ dest: 1, sync: true }));
}
