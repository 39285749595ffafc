import type { Kysely } from 'kysely';
import type { OpenPlace } from '../../shared/schemas/openPlaces.ts';
import type { DB } from '../db/schema.ts';
import { DraftRules, loadDraftFacts } from '../drafts/public.ts';
import { PlaceAccess, type PlaceSettings } from './placeAccess.ts';
import { namesOf, teamsOf } from './placeQueries.ts';

/**
 * `GET /api/me/open-places` (docs/product.md §10): the places of the range (§9: events not started, needed −
 * pending − confirmed) the member may take — their team lets them sign up, or an SOS asked for the place — and
 * that no rule keeps them from, by event time.
 */
export async function listOpenPlaces(db: Kysely<DB>, userId: number, range: { from: string; to: string }, settings: PlaceSettings): Promise<OpenPlace[]> {
  const teams = await teamsOf(db, userId);
  if (teams.length === 0) return [];
  const mine = new Set(teams.map((team) => `${team.churchId}:${team.departmentId}`));
  const myDepartments = new Set(teams.map((team) => team.departmentId));
  const facts = await loadDraftFacts(db, {
    from: range.from,
    to: range.to,
    churchId: null,
    departmentId: null,
    scope: { network: true },
    teams: (churchId, departmentId) => (churchId === null ? myDepartments.has(departmentId) : mine.has(`${churchId}:${departmentId}`)),
    now: settings.now,
    timeZone: settings.timeZone,
    bufferMinutes: settings.bufferMinutes,
  });
  const access = await PlaceAccess.of(db, userId, [...new Set(facts.slots.map((slot) => slot.eventId))]);
  const rules = new DraftRules(facts, settings);
  const names = await namesOf(db);
  return facts.slots
    .filter((slot) => {
      const event = facts.events.get(slot.eventId)!;
      return access.opens(event.churchId, slot) && rules.isEligible(slot, userId) && rules.refusal(slot, userId) === undefined;
    })
    .map((slot) => {
      const event = facts.events.get(slot.eventId)!;
      const sos = access.sosOf(slot);
      return {
        event: {
          id: event.id,
          datetime: event.datetime,
          ends_at: event.endsAt,
          church: event.churchId === null ? null : { id: event.churchId, name: names.churches.get(event.churchId) ?? '' },
          event_types: event.type === null ? null : { name: event.type },
          timezone: event.timeZone,
        },
        department: { id: slot.departmentId, name: names.departments.get(slot.departmentId) ?? '' },
        position: slot.positionId === null ? null : { id: slot.positionId, name: names.positions.get(slot.positionId) ?? '' },
        open: slot.open,
        sos: sos ? { note: sos.note, sent_at: sos.sentAt } : null,
      };
    });
}
