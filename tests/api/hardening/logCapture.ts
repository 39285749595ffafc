import { pino } from 'pino';
import type { Logger } from '../../../server/platform/logger.ts';

export type CapturedLine = Record<string, unknown> & { msg?: string; level?: number; err?: { message?: string; type?: string; code?: string } };

/** A logger that keeps every line it writes (parsed), for tests that assert what reached the log. */
export function capturingLogger(level = 'info'): { logger: Logger; lines: CapturedLine[] } {
  const lines: CapturedLine[] = [];
  const logger = pino({ level }, { write: (line: string) => void lines.push(JSON.parse(line) as CapturedLine) });
  return { logger, lines };
}
