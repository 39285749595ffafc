import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../db/isUniqueViolation.ts';
import type { DB } from '../db/schema.ts';

/**
 * Claims one period of a scheduled job (`retention`, `2026-11-27`) for the caller: true for exactly one caller
 * across every API instance sharing the database (migration 013's `job_runs` primary key decides), false for the
 * others, which skip it. A job that must run once across instances — retention — runs only after a claim that
 * returned true. (The cover escalation of docs/product.md §10 needs no claim: its conditional update picks one instance.)
 */
export async function claimJobRun(db: Kysely<DB>, job: string, period: string, now: Date): Promise<boolean> {
  try {
    await db.insertInto('job_runs').values({ job, period, started_at: now.toISOString(), finished_at: null }).execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** Marks a claimed period done. */
export async function finishJobRun(db: Kysely<DB>, job: string, period: string, now: Date): Promise<void> {
  await db.updateTable('job_runs').set({ finished_at: now.toISOString() }).where('job', '=', job).where('period', '=', period).execute();
}

/** Gives back the claim of a run that failed, so that a later check (here or on another instance) runs it again. */
export async function releaseJobRun(db: Kysely<DB>, job: string, period: string): Promise<void> {
  await db.deleteFrom('job_runs').where('job', '=', job).where('period', '=', period).where('finished_at', 'is', null).execute();
}
