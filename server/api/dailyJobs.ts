import { eraseBlockoutNotesBefore } from '../availability/public.ts';
import { eraseCoverNotesBefore } from '../coverRequests/public.ts';
import { eraseDeclineReasonsBefore } from '../escalas/public.ts';
import { eraseInvitationsBefore } from '../invitations/public.ts';
import { eraseJoinRequestNotesBefore } from '../joinRequests/public.ts';
import type { DailyJob } from '../jobs/runDailyJobs.ts';
import { retentionJob } from '../jobs/retentionJob.ts';
import { erasePersonalFieldsOfFinishedMessagesBefore } from '../outbox/retention.ts';
import type { Config } from '../platform/config.ts';

/**
 * The jobs each API instance tries once a day, which run once across instances (server/jobs/). A job that must
 * not run once per instance goes here or claims its own period with claimJobRun; one that is idempotent by
 * construction may run on every instance: the reminders (the outbox's unique keys), and the cover requests' sweep of
 * docs/product.md §10 on the outbox worker's scan (conditional updates: one instance escalates a request).
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
        { name: 'coverNotes', erase: (db, cutoff) => eraseCoverNotesBefore(db, cutoff.before) },
        { name: 'joinRequestNotes', erase: (db, cutoff) => eraseJoinRequestNotesBefore(db, cutoff.before) },
        { name: 'invitations', erase: (db, cutoff) => eraseInvitationsBefore(db, cutoff.before) },
      ],
    }),
  ];
}
