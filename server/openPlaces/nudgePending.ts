import type { Kysely, Transaction } from 'kysely';
import type { NudgeResponse, NudgeState } from '../../shared/schemas/openPlaces.ts';
import type { DB, Instant } from '../db/schema.ts';
import { notFound } from '../http/httpError.ts';
import { requireChurchScope } from '../http/requireLeadership.ts';
import { nudgeWhatsappText, whatsappUrl } from '../notifications/public.ts';
import { enqueueMessages } from '../outbox/outboxQueries.ts';
import { scopeCovers, type LeaderScope } from '../policy/leaderScope.ts';
import type { PersonalDataView } from '../policy/personalDataView.ts';
import type { Config } from '../platform/config.ts';
import { TooManyNudges } from './errors.ts';
import { insertNudges, lastNudge, pendingAllocations, type PendingAllocation } from './nudgeQueries.ts';
import { findEventRow, lockEvent, type EventRow } from './placeQueries.ts';

/** At most one nudge per event (in the leader's departments) every 12 hours (docs/product.md §10). */
export const NUDGE_EVERY_MS = 12 * 60 * 60 * 1000;

export interface Nudger {
  id: number;
  scope: LeaderScope;
  view: PersonalDataView;
}

/** The event's pending allocations in the leader's departments, and the departments they may nudge there. */
async function leaderPart(db: Kysely<DB> | Transaction<DB>, event: EventRow, scope: LeaderScope) {
  const pending = (await pendingAllocations(db, event.id)).filter((allocation) => scopeCovers(scope, event.church_id, allocation.departmentId));
  const coveredDepartments = (await db.selectFrom('departments').select('id').execute()).map((row) => row.id).filter((id) => scopeCovers(scope, event.church_id, id));
  return { pending, coveredDepartments };
}

function stateOf(pending: readonly PendingAllocation[], last: Instant | undefined, now: Date): NudgeState {
  const next = last === undefined ? undefined : Date.parse(last) + NUDGE_EVERY_MS;
  return {
    pending: pending.length,
    last_sent_at: last ?? null,
    next_allowed_at: next !== undefined && next > now.getTime() ? new Date(next).toISOString() : null,
  };
}

async function eventFor(db: Kysely<DB>, eventId: number, scope: LeaderScope): Promise<EventRow> {
  const event = await findEventRow(db, eventId);
  if (!event) throw notFound('Evento não encontrado.');
  requireChurchScope(scope, event.church_id);
  return event;
}

/** `GET /api/events/{id}/nudge`: how many are still pending in the leader's departments, and when they were last reminded. */
export async function nudgeState(db: Kysely<DB>, eventId: number, scope: LeaderScope, now: Date): Promise<NudgeState> {
  const event = await eventFor(db, eventId, scope);
  const { pending, coveredDepartments } = await leaderPart(db, event, scope);
  return stateOf(pending, await lastNudge(db, event.id, coveredDepartments), now);
}

/**
 * `POST /api/events/{id}/nudge` ("Lembrar quem não respondeu", docs/product.md §10): an e-mail to every member still
 * pending at the event in the leader's departments, and a wa.me link for each one with a phone whose contact the
 * leader may read (§11). 429 within 12 hours of the last one there; the event is locked while it is read and written.
 */
export async function nudgePending(db: Kysely<DB>, config: Config, nudger: Nudger, eventId: number, now: Date): Promise<NudgeResponse> {
  const event = await eventFor(db, eventId, nudger.scope);
  const { pending, last } = await db.transaction().execute(async (trx) => {
    await lockEvent(trx, event.id);
    const part = await leaderPart(trx, event, nudger.scope);
    const previous = await lastNudge(trx, event.id, part.coveredDepartments);
    if (previous !== undefined) {
      const wait = Date.parse(previous) + NUDGE_EVERY_MS - now.getTime();
      if (wait > 0) throw new TooManyNudges(Math.ceil(wait / 1000));
    }
    if (part.pending.length === 0) return { pending: part.pending, last: previous };
    const departments = [...new Set(part.pending.map((allocation) => allocation.departmentId))];
    await insertNudges(
      trx,
      departments.map((departmentId) => ({
        eventId: event.id,
        departmentId,
        sentBy: nudger.id,
        sentAt: now.toISOString(),
        notified: part.pending.filter((allocation) => allocation.departmentId === departmentId).length,
      })),
    );
    await enqueueMessages(
      trx,
      part.pending.map((allocation) => ({
        kind: 'nudge' as const,
        key: `nudge:${now.toISOString()}:${allocation.id}`,
        recipientId: allocation.member.id,
        payload: { allocation_id: allocation.id },
        now,
        allocationIds: [allocation.id],
      })),
    );
    return { pending: part.pending, last: now.toISOString() };
  });
  const type = await db.selectFrom('events').leftJoin('event_types', 'event_types.id', 'events.event_type_id').select('event_types.name as type').where('events.id', '=', event.id).executeTakeFirst();
  const service = (allocation: PendingAllocation) => ({ event: { datetime: event.datetime, type: type?.type ?? null, zone: event.church_timezone }, department: allocation.department });
  return {
    ...stateOf(pending, last, now),
    notified: pending.length,
    whatsapp: pending.flatMap((allocation) =>
      allocation.phone && nudger.view.contactOf(allocation.member.id)
        ? [{ member: allocation.member, url: whatsappUrl(nudgeWhatsappText(config, allocation.member.name, service(allocation)), allocation.phone) }]
        : [],
    ),
  };
}
