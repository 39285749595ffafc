import type { Kysely } from 'kysely';
import { dayKeyOf, type DayKey } from '../../shared/dayKey.ts';
import type { DB } from '../db/schema.ts';
import type { Logger } from '../platform/logger.ts';
import { runDailyJobs, type DailyJob } from './runDailyJobs.ts';

/** How often (real time) each instance looks whether a new day's jobs are due. */
export const DAILY_CHECK_MS = 5 * 60_000;

export interface DailySchedulerOptions {
  db: Kysely<DB>;
  jobs: readonly DailyJob[];
  /** APP_TIMEZONE: a job's period is the day of this zone. */
  timeZone: string;
  logger: Logger;
  /** The clock (tests set it); the real one by default. */
  now?: () => Date;
  /** Time between checks (real time); DAILY_CHECK_MS by default. */
  checkMs?: number;
}

export interface DailyScheduler {
  /** Checks now instead of at the next turn; resolves when this check is done. */
  check(): Promise<void>;
  /** No more checks; resolves once a check under way has finished. */
  stop(): Promise<void>;
}

/**
 * The daily jobs of one API instance (docs/product.md §3, several instances): every `checkMs`, each job not yet
 * tried for today (APP_TIMEZONE) is tried through runDailyJobs — every instance does so, and the claim in
 * `job_runs` lets exactly one of them run it. A run that fails is tried again at the next check; a day whose
 * winner died mid-run is not run again, and the next day's run covers it (the jobs erase everything past a
 * cutoff, not one day's worth).
 */
export function startDailyScheduler(options: DailySchedulerOptions): DailyScheduler {
  const { db, jobs, timeZone, logger } = options;
  const now = options.now ?? (() => new Date());
  const checkMs = options.checkMs ?? DAILY_CHECK_MS;
  /** The last day each job was run or found taken, by this instance. */
  const settled = new Map<string, DayKey>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  async function checkOnce(): Promise<void> {
    const at = now();
    const day = dayKeyOf(at, timeZone);
    const due = jobs.filter((job) => settled.get(job.name) !== day);
    if (due.length === 0) return;
    try {
      const outcomes = await runDailyJobs(db, due, { now: at, timeZone, logger });
      for (const [name, outcome] of outcomes) if (outcome !== 'failed') settled.set(name, day);
    } catch (error) {
      // The database did not answer the claim: tried again at the next check.
      logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'tarefas diárias: o banco não respondeu; nova tentativa na próxima verificação');
    }
  }

  /** Checks run one after another: a check asked for during another runs after it, at the clock's time then. */
  function check(): Promise<void> {
    if (stopped) return Promise.resolve();
    const next = (running ?? Promise.resolve()).then(() => (stopped ? undefined : checkOnce()));
    running = next;
    void next.finally(() => {
      if (running === next) running = undefined;
    });
    return next;
  }

  function schedule(delay: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      void check().finally(() => schedule(checkMs));
    }, delay);
    timer.unref();
  }
  schedule(0);

  return {
    check,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
