import { eraseBlockoutNotesBefore } from '../availability/public.ts';
import { eraseDeclineReasonsBefore } from '../escalas/public.ts';
import type { DailyJob } from '../jobs/runDailyJobs.ts';
import { retentionJob } from '../jobs/retentionJob.ts';
import { erasePersonalFieldsOfFinishedMessagesBefore } from '../outbox/retention.ts';
import type { Config } from '../platform/config.ts';

/**
 * The jobs each API instance tries once a day, which run once across instances (server/jobs/). A job that must
 * not run once per instance — the cover escalation of docs/product.md §10 (issue 24) when it is built — goes
 * here or claims its own period with claimJobRun; one that is idempotent by construction, like the reminders
 * (the outbox's unique keys), may run on every instance.
 */
export function dailyJobs(config: Config): DailyJob[] {
  return [
    retentionJob({
      retentionDays: config.retentionDays,
      timeZone: config.timeZone,
      erasers: [
        { name: 'declineReasons', erase: (db, cutoff) => eraseDeclineReasonsBefore(db, cutoff.before) },
        { name: 'blockoutNotes', erase: (db, cutoff) => eraseBlockoutNotesBefore(db, cutoff.beforeDay) },
        { name: 'messages', erase: (db, cutoff) => erasePersonalFieldsOfFinishedMessagesBefore(db, cutoff.before) },
        // Cover notes (docs/product.md §10–§11, issue 24): the cover requests' owner adds its eraser here, erasing
        // the notes of requests whose event started before `cutoff.before`.
      ],
    }),
  ];
}
