import type { Kysely } from 'kysely';
import { addDays, startOfDayUtc, type DayKey } from '../../shared/dayKey.ts';
import type { DB, Instant } from '../db/schema.ts';
import type { DailyJob } from './runDailyJobs.ts';

export const RETENTION_JOB = 'retention';

/** The first day whose data is kept, and its first instant (APP_TIMEZONE): anything before is past retention. */
export interface RetentionCutoff {
  beforeDay: DayKey;
  before: Instant;
}

/** One kind of personal data past retention, erased by the owner of its table. */
export interface RetentionEraser {
  /** Its count's name in the job's log line (`declineReasons`). */
  name: string;
  /** Erases what belongs to days before the cutoff; returns how many rows lost something (0 on a second run). */
  erase(db: Kysely<DB>, cutoff: RetentionCutoff): Promise<number>;
}

/**
 * The daily retention job (docs/product.md §11): on day D, what belongs to a day before D − RETENTION_DAYS is
 * erased — with 365, an event of 2025-11-27 keeps its reasons through 2026-11-27 and loses them on 2026-11-28.
 * Each eraser belongs to the owner of its table (server/api/dailyJobs.ts lists them); the log line counts rows.
 */
export function retentionJob(options: { retentionDays: number; timeZone: string; erasers: readonly RetentionEraser[] }): DailyJob {
  return {
    name: RETENTION_JOB,
    async run(db, { day }) {
      const beforeDay = addDays(day, -options.retentionDays);
      const cutoff = { beforeDay, before: startOfDayUtc(beforeDay, options.timeZone) };
      const counts: Record<string, number> = {};
      for (const eraser of options.erasers) counts[eraser.name] = await eraser.erase(db, cutoff);
      return { retentionDays: options.retentionDays, before: beforeDay, ...counts };
    },
  };
}
