import type { Kysely } from 'kysely';
import type { SosResponse } from '../../shared/schemas/openPlaces.ts';
import type { DB } from '../db/schema.ts';
import { DraftRules } from '../drafts/public.ts';
import { HttpError, notFound } from '../http/httpError.ts';
import { requireScope } from '../http/requireLeadership.ts';
import { sosWhatsappText, whatsappUrl } from '../notifications/public.ts';
import { enqueueMessages } from '../outbox/outboxQueries.ts';
import type { LeaderScope } from '../policy/leaderScope.ts';
import type { Config } from '../platform/config.ts';
import { SignupRefused, TooManySos } from './errors.ts';
import { factsOfEventDay, type PlaceSettings } from './placeAccess.ts';
import { findEventRow, findPlaceParts, lockEvent } from './placeQueries.ts';
import { insertSos, lastSos } from './sosQueries.ts';

const SOS_EVERY_MS = 60 * 60 * 1000;

/**
 * An SOS for one open place (`POST /api/events/{id}/sos`, docs/product.md §10): every person the rules let take it
 * — on the team, holding the position, not at the event, not away, no clash, under their monthly limit — gets an
 * e-mail whose link signs them up (the SOS opens the place to them even without self sign-up) until it is filled.
 * One SOS per place per hour: the event is locked while the last one is read and this one written.
 */
export async function sendSos(
  db: Kysely<DB>,
  config: Config,
  leader: { id: number; scope: LeaderScope },
  request: { eventId: number; departmentId: number; positionId: number | null; note: string | null },
  settings: PlaceSettings,
): Promise<SosResponse> {
  const event = await findEventRow(db, request.eventId);
  if (!event) throw notFound('Evento não encontrado.');
  const { department, position } = await findPlaceParts(db, request.departmentId, request.positionId);
  if (!department) throw new HttpError(422, 'unknown_department', 'Departamento não encontrado.');
  if (position === undefined) throw new HttpError(422, 'unknown_position', 'Função não encontrada neste departamento.');
  requireScope(leader.scope, event.church_id, department.id);
  const place = { eventId: event.id, departmentId: department.id, positionId: position?.id ?? null };
  const at = settings.now;

  const notified = await db.transaction().execute(async (trx) => {
    await lockEvent(trx, event.id);
    const last = await lastSos(trx, place);
    if (last) {
      const wait = Date.parse(last.sent_at) + SOS_EVERY_MS - at.getTime();
      if (wait > 0) throw new TooManySos(Math.ceil(wait / 1000));
    }
    const facts = await factsOfEventDay(trx, event, department.id, settings);
    if (!facts.events.has(event.id)) throw new SignupRefused('event_started', 'Este evento já começou.');
    const slot = facts.slots.find((entry) => entry.eventId === place.eventId && entry.departmentId === place.departmentId && entry.positionId === place.positionId);
    if (!slot) throw new SignupRefused('place_taken', 'Esta vaga já está preenchida: não há lugar aberto para o SOS.');
    const rules = new DraftRules(facts, settings);
    const people = rules.eligible(slot).filter((userId) => rules.refusal(slot, userId) === undefined);
    const id = await insertSos(trx, { ...place, sentBy: leader.id, sentAt: at.toISOString(), note: request.note, notified: people.length });
    await enqueueMessages(
      trx,
      people.map((userId) => ({
        kind: 'sos' as const,
        key: `sos:${id}:${userId}`,
        recipientId: userId,
        payload: { sos_id: id, event_id: place.eventId, department_id: place.departmentId, position_id: place.positionId, note: request.note },
        now: at,
      })),
    );
    return { people: people.length, facts };
  });

  const facts = notified.facts;
  const factsEvent = facts.events.get(event.id)!;
  const text = sosWhatsappText(
    config,
    {
      event: {
        id: event.id,
        datetime: event.datetime,
        type: factsEvent.type,
        church: event.church_id === null ? null : (facts.churches.get(event.church_id) ?? null),
        zone: event.church_timezone,
      },
      department,
      position,
    },
    request.note,
  );
  return { notified: notified.people, whatsapp: { text, url: whatsappUrl(text) } };
}
