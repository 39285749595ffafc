import type { Kysely } from 'kysely';
import { dayKeyOf, endOfDayUtc, firstDayOfMonth, lastDayOfMonth, startOfDayUtc } from '../../shared/dayKey.ts';
import type { User } from '../../shared/schemas/auth.ts';
import type { Allocation } from '../../shared/schemas/escalas.ts';
import type { DB } from '../db/schema.ts';
import { DraftRules } from '../drafts/public.ts';
import { allocateMany, findAllocation } from '../escalas/public.ts';
import { HttpError, notFound } from '../http/httpError.ts';
import { personalDataViewOf } from '../policy/personalDataView.ts';
import { SignupRefused } from './errors.ts';
import { factsOfEventDay, PlaceAccess, type PlaceSettings } from './placeAccess.ts';
import { findEventRow, findPlaceParts, monthlyLoad, placeKey, placeLeft } from './placeQueries.ts';
import { closeSos, lastSos } from './sosQueries.ts';

const PLACE_TAKEN = 'Esta vaga já foi preenchida.';

/**
 * A member takes an open place (`POST /api/events/{id}/signups`, docs/product.md §10): 403 unless their team lets
 * members sign up or an SOS asked for the place; 409 with the rule's code when a rule keeps them from it (§9's
 * rules, checked first on the stored facts, then by allocateMany in the transaction that writes); 409 `place_taken`
 * when no place is left — counted with the event locked, so concurrent sign-ups never pass the need. The
 * allocation is `confirmed`, `source: "signup"`; the place's SOS closes once it is filled.
 */
export async function signUp(
  db: Kysely<DB>,
  user: User,
  request: { eventId: number; departmentId: number; positionId: number | null },
  settings: PlaceSettings,
): Promise<Allocation> {
  const event = await findEventRow(db, request.eventId);
  if (!event) throw notFound('Evento não encontrado.');
  const { department, position } = await findPlaceParts(db, request.departmentId, request.positionId);
  if (!department) throw new HttpError(422, 'unknown_department', 'Departamento não encontrado.');
  if (position === undefined) throw new HttpError(422, 'unknown_position', 'Função não encontrada neste departamento.');
  const place = { eventId: event.id, departmentId: department.id, positionId: position?.id ?? null };

  const access = await PlaceAccess.of(db, user.id, [event.id]);
  if (!access.opens(event.church_id, place)) {
    // Someone who comes from an SOS link after the place was filled is told so.
    if (await lastSos(db, place)) throw new SignupRefused('place_taken', PLACE_TAKEN);
    throw new HttpError(403, 'forbidden', 'Esta equipe não abre vagas para inscrição: fale com a liderança.');
  }
  const facts = await factsOfEventDay(db, event, department.id, settings);
  if (!facts.events.has(event.id)) throw new SignupRefused('event_started', 'Este evento já começou.');
  // A full place has no slot; the facts then hold no one of its team either.
  if (!facts.slots.some((slot) => placeKey(slot) === placeKey(place))) throw new SignupRefused('place_taken', PLACE_TAKEN);
  const rules = new DraftRules(facts, settings);
  const slot = { ...place, open: 1 };
  if (!rules.isEligible(slot, user.id)) {
    throw new SignupRefused('not_eligible', 'Você não está na equipe deste departamento nesta igreja, ou não exerce essa função.');
  }
  const refusal = rules.refusal(slot, user.id);
  if (refusal) throw new SignupRefused(refusal.code, refusal.message);

  const view = await personalDataViewOf(db, user);
  const [outcome] = await allocateMany(
    { db, bufferMinutes: settings.bufferMinutes, timeZone: settings.timeZone, now: settings.now },
    // The member places themselves: who may was decided above, not by a leader's scope.
    { id: user.id, scope: { network: true }, view },
    [{ eventId: event.id, department: department.id, position: place.positionId, member: user.id }],
    {
      source: 'signup',
      withinNeed: true,
      status: 'confirmed',
      invite: false,
      alongside: async (trx, made) => {
        // The monthly limit again, with the member locked (allocateMany): two sign-ups of one person at once both
        // passed the check above on the same facts.
        if (made.length > 0) {
          const day = dayKeyOf(event.datetime, settings.timeZone);
          const load = await monthlyLoad(trx, user.id, startOfDayUtc(firstDayOfMonth(day), settings.timeZone), endOfDayUtc(lastDayOfMonth(day), settings.timeZone));
          if (load.cap !== null && load.services > load.cap) {
            throw new SignupRefused('at_monthly_limit', `Você já tem ${load.cap} ${load.cap === 1 ? 'serviço' : 'serviços'} neste mês, o limite que definiu.`);
          }
        }
        if ((await placeLeft(trx, place)) <= 0) await closeSos(trx, place, settings.now.toISOString());
      },
    },
  );
  if (!outcome!.ok) throw outcome!.refusal;
  return (await findAllocation(db, outcome!.allocationId, view))!;
}
