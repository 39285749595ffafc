import type { Kysely } from 'kysely';
import { dayKeyOf } from '../../shared/dayKey.ts';
import type { DB, Instant } from '../db/schema.ts';
import { enqueueReminders, type NewReminder } from '../outbox/outboxQueries.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

interface Candidate {
  allocation_id: number;
  member_id: number;
  created_at: Instant;
  datetime: Instant;
}

/**
 * Pending and confirmed allocations at events starting after `now` and no later than `until`, not reminded yet
 * at `hours` before their current time (a moved event is reminded again at its new time).
 */
async function unremindedAllocations(db: Kysely<DB>, hours: number, now: Instant, until: Instant): Promise<Candidate[]> {
  return db
    .selectFrom('allocations')
    .innerJoin('events', 'events.id', 'allocations.event_id')
    .select(['allocations.id as allocation_id', 'allocations.member_id', 'allocations.created_at', 'events.datetime'])
    .where('allocations.status', 'in', ['pending', 'confirmed'])
    .where('events.datetime', '>', now)
    .where('events.datetime', '<=', until)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('outbox_allocations')
            .select('outbox_allocations.allocation_id')
            .whereRef('outbox_allocations.allocation_id', '=', 'allocations.id')
            .where('outbox_allocations.reminder_hours', '=', hours)
            .whereRef('outbox_allocations.event_at', '=', 'events.datetime'),
        ),
      ),
    )
    .orderBy('events.datetime')
    .orderBy('allocations.id')
    .execute();
}

/**
 * Queues the reminders that are due at `now` (docs/product.md §7): for each offset of REMINDER_HOURS, each pending or
 * confirmed allocation whose event starts within that many hours — never after the start, never for a declined
 * allocation or a deleted event (there is nothing left to find). An allocation made after its reminder's moment
 * gets none at that offset: its invitation just told the member. A member's services of one day (network
 * timezone) are one message at each offset, due at the first one's moment: the later ones of the day ride along.
 * Each allocation is reminded once per offset and event time whoever queues it (the outbox's unique links), so
 * several API instances may run this at once. Returns how many messages were queued.
 */
export async function queueDueReminders(db: Kysely<DB>, options: { now: Date; hours: readonly number[]; timeZone: string }): Promise<number> {
  let queued = 0;
  const now = options.now.getTime();
  for (const hours of options.hours) {
    // A day's later services ride along with its first: look a day further than the offset.
    const candidates = await unremindedAllocations(db, hours, new Date(now).toISOString(), new Date(now + hours * HOUR_MS + DAY_MS).toISOString());
    const byMemberDay = new Map<string, Candidate[]>();
    for (const candidate of candidates) {
      const key = `${candidate.member_id}|${dayKeyOf(candidate.datetime, options.timeZone)}`;
      byMemberDay.set(key, [...(byMemberDay.get(key) ?? []), candidate]);
    }
    const reminders: NewReminder[] = [];
    for (const [key, services] of byMemberDay) {
      const isDue = (service: Candidate) => {
        const moment = Date.parse(service.datetime) - hours * HOUR_MS;
        return moment <= now && Date.parse(service.created_at) <= moment;
      };
      const lead = services.find(isDue);
      if (!lead) continue;
      // Services before the lead's are not due (allocated after their moment): leave them out.
      const riding = services.filter((service) => service === lead || Date.parse(service.datetime) > Date.parse(lead.datetime));
      reminders.push({
        key: `reminder:${hours}:${lead.allocation_id}:${lead.datetime}`,
        recipientId: lead.member_id,
        hours,
        links: riding.map((service) => ({ allocationId: service.allocation_id, eventAt: service.datetime })),
        payload: { hours, day: key.split('|')[1] },
      });
    }
    queued += await enqueueReminders(db, reminders, options.now);
  }
  return queued;
}
