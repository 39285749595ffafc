import type { Kysely } from 'kysely';
import { dayKeyOf, type DayKey } from '../../shared/dayKey.ts';
import type { DB } from '../db/schema.ts';
import type { Logger } from '../platform/logger.ts';
import { claimJobRun, finishJobRun, releaseJobRun } from './claimJobRun.ts';

/** A job that runs once a day across all instances (its period is the day of APP_TIMEZONE). */
export interface DailyJob {
  /** Its name in `job_runs` and in the log (`retention`). */
  name: string;
  /** Does the day's work; returns what its one log line says (counts and days, never personal data). */
  run(db: Kysely<DB>, run: { day: DayKey; now: Date }): Promise<Record<string, number | string>>;
}

/** What became of one job on one check: run here, already claimed (here or by another instance), or failed. */
export type DailyJobOutcome = 'ran' | 'taken' | 'failed';

export interface DailyRunOptions {
  now: Date;
  timeZone: string;
  logger: Logger;
}

/**
 * Tries each job for the day `now` falls on: the caller whose claim wins runs it and logs one line with what it
 * returned; every other caller (another instance, a later check) finds it taken. A failed run gives its claim back,
 * so a later check runs it again.
 */
export async function runDailyJobs(db: Kysely<DB>, jobs: readonly DailyJob[], options: DailyRunOptions): Promise<Map<string, DailyJobOutcome>> {
  const { now, logger } = options;
  const day = dayKeyOf(now, options.timeZone);
  const outcomes = new Map<string, DailyJobOutcome>();
  for (const job of jobs) {
    if (!(await claimJobRun(db, job.name, day, now))) {
      logger.debug({ job: job.name, period: day }, `tarefa diária já reservada: ${job.name}`);
      outcomes.set(job.name, 'taken');
      continue;
    }
    try {
      const summary = await job.run(db, { day, now });
      await finishJobRun(db, job.name, day, now);
      logger.info({ job: job.name, period: day, ...summary }, `tarefa diária concluída: ${job.name}`);
      outcomes.set(job.name, 'ran');
    } catch (error) {
      await releaseJobRun(db, job.name, day).catch(() => {});
      logger.error({ job: job.name, period: day, err: error instanceof Error ? error.message : String(error) }, `tarefa diária falhou: ${job.name}; nova tentativa na próxima verificação`);
      outcomes.set(job.name, 'failed');
    }
  }
  return outcomes;
}
