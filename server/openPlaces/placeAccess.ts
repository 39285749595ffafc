import type { Kysely, Transaction } from 'kysely';
import { dayKeyOf } from '../../shared/dayKey.ts';
import { eventTimeZone } from '../../shared/timeZones.ts';
import type { DB, Instant } from '../db/schema.ts';
import { loadDraftFacts, type DraftFacts } from '../drafts/public.ts';
import { selfSignupTeams } from '../teams/public.ts';
import { placeKey, teamsOf, type EventRow } from './placeQueries.ts';
import { openSosOf } from './sosQueries.ts';

type Db = Kysely<DB> | Transaction<DB>;

export interface PlaceSettings {
  timeZone: string;
  bufferMinutes: number;
  now: Date;
}

/**
 * Which places a member may take on their own (docs/product.md §10): those of their teams that let members sign
 * themselves up, and any place an open SOS asked for — for a whole-network event (church null), a team of theirs
 * of that department at any church.
 */
export class PlaceAccess {
  private constructor(
    private readonly mine: ReadonlySet<string>,
    private readonly myDepartments: ReadonlySet<number>,
    private readonly selfSignup: ReadonlySet<string>,
    private readonly sos: ReadonlyMap<string, { note: string | null; sentAt: Instant }>,
  ) {}

  static async of(db: Db, userId: number, eventIds: readonly number[]): Promise<PlaceAccess> {
    const [teams, selfSignup, sos] = await Promise.all([teamsOf(db, userId), selfSignupTeams(db), openSosOf(db, eventIds)]);
    const bySos = new Map<string, { note: string | null; sentAt: Instant }>();
    for (const row of sos) if (!bySos.has(placeKey(row))) bySos.set(placeKey(row), { note: row.note, sentAt: row.sentAt });
    return new PlaceAccess(new Set(teams.map((team) => `${team.churchId}:${team.departmentId}`)), new Set(teams.map((team) => team.departmentId)), selfSignup, bySos);
  }

  /** Whether the place belongs to one of the member's teams (the event's church, or any church for the whole network). */
  onTeam(churchId: number | null, departmentId: number): boolean {
    return churchId === null ? this.myDepartments.has(departmentId) : this.mine.has(`${churchId}:${departmentId}`);
  }

  selfSignupAt(churchId: number | null, departmentId: number): boolean {
    if (churchId !== null) return this.selfSignup.has(`${churchId}:${departmentId}`);
    return [...this.mine].some((team) => team.endsWith(`:${departmentId}`) && this.selfSignup.has(team));
  }

  sosOf(place: { eventId: number; departmentId: number; positionId: number | null }) {
    return this.sos.get(placeKey(place));
  }

  /** The member may sign up for the place: their team allows it, or an SOS asked for it. */
  opens(churchId: number | null, place: { eventId: number; departmentId: number; positionId: number | null }): boolean {
    return this.selfSignupAt(churchId, place.departmentId) || this.sosOf(place) !== undefined;
  }
}

/** The places (docs/product.md §9) of one event's day in one department, and the rules' facts about them. */
export async function factsOfEventDay(db: Db, event: EventRow, departmentId: number, settings: PlaceSettings): Promise<DraftFacts> {
  const day = dayKeyOf(event.datetime, eventTimeZone(event.church_timezone, settings.timeZone));
  return loadDraftFacts(db, {
    from: day,
    to: day,
    churchId: event.church_id,
    departmentId,
    scope: { network: true },
    now: settings.now,
    timeZone: settings.timeZone,
    bufferMinutes: settings.bufferMinutes,
  });
}
