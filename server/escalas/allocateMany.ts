import type { Kysely, Transaction } from 'kysely';
import { dayKeyOf } from '../../shared/dayKey.ts';
import { eventTimeZone } from '../../shared/timeZones.ts';
import type { Allocation, BlockedRange, Department, Member, PositionRef } from '../../shared/schemas/escalas.ts';
import { MAX_EVENT_DAYS } from '../../shared/schemas/events.ts';
import { recordAudit } from '../audit/public.ts';
import { blockedRangesOfMembersBetween } from '../availability/public.ts';
import type { AllocationSource, DB } from '../db/schema.ts';
import { isUniqueViolation } from '../db/isUniqueViolation.ts';
import { enqueueMessages, type NewMessage } from '../outbox/outboxQueries.ts';
import { mayOrganise, type LeaderScope } from '../policy/leaderScope.ts';
import { blockedRangesSeenBy, type PersonalDataView } from '../policy/personalDataView.ts';
import { allocationDetails } from './allocationAudit.ts';
import {
  clashesSeenBy,
  existingPlaces,
  findAllocation,
  insertAllocations,
  servicesOfMembersBetween,
  type Clash,
  type NewAllocation,
} from './allocationQueries.ts';
import { findDepartment } from './departmentQueries.ts';
import {
  AlreadyAllocated,
  EventNotFound,
  MemberUnavailable,
  NotAllowed,
  NotEligible,
  PlaceTaken,
  ScheduleConflict,
  UnknownDepartment,
  UnknownMember,
  UnknownPosition,
} from './errors.ts';
import { endMsOf, findEventSlots, type EventSlot } from './eventRows.ts';
import { findMember, findMembersByIds, lockMembers } from './memberQueries.ts';
import { lockEvents, placesLeft } from './placesLeft.ts';
import { findPositionOf } from './positionQueries.ts';
import { newResponseToken } from './responseTokens.ts';
import { teamHoldings } from './teamPlaces.ts';

/**
 * Who places people: a leader (their id and scope), or the system (a job or a publish run for its author: id null
 * when nobody is to be named as the one who allocated). `view` decides what a refusal may tell of the person.
 */
export interface AllocationActor {
  id: number | null;
  scope: LeaderScope;
  view: PersonalDataView;
}

export interface AllocationSettings {
  db: Kysely<DB>;
  /** Services of one member closer than this (minutes, end to start) are a conflict unless forced. */
  bufferMinutes: number;
  /**
   * The network timezone (APP_TIMEZONE). A blockout blocks an event whose own day — in its church's zone, or this one
   * (docs/product.md §12) — is in its days.
   */
  timeZone: string;
  now: Date;
}

/** One place to fill: a person in a department (and position) at an event. */
export interface PlaceRequest {
  eventId: number;
  /** An id, or a name compared by its key. */
  department: number | string;
  /** An id or an email. */
  member: number | string;
  /** A position of the department (id), or none. */
  position?: number | null | undefined;
  /** Past a blocked day and a clash (a leader's "Alocar mesmo assim"); never past the other rules. */
  force?: boolean | undefined;
}

export interface BatchOptions {
  source: AllocationSource;
  /** Queue each new allocation's invitation (docs/product.md §7) with it: yes unless said otherwise. */
  invite?: boolean;
  /** Each place only while its need has one left (needed − pending − confirmed > 0), else `PlaceTaken`: a sign-up (docs/product.md §10). */
  withinNeed?: boolean;
  /** The new allocations' answer: pending (the default, they are asked), or confirmed (the member chose the place). */
  status?: 'pending' | 'confirmed';
  /** What the caller writes with the allocations, in their transaction (a draft's audit entry): the ids made. */
  alongside?: (trx: Transaction<DB>, allocationIds: readonly number[]) => Promise<void>;
}

/** What became of one place: its allocation, or the rule that refused it (the resource's own error, with its code). */
export type PlaceOutcome = { ok: true; allocationId: number } | { ok: false; refusal: Error };

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** Two services clash when they overlap once each is widened by the buffer on both sides (docs/product.md §8). */
function clash(a: EventSlot, b: EventSlot, bufferMs: number): boolean {
  return Date.parse(b.datetime) < endMsOf(a) + bufferMs && endMsOf(b) + bufferMs > Date.parse(a.datetime);
}

const ascending = (values: Iterable<number>) => [...new Set(values)].sort((a, b) => a - b);

/**
 * Places people at events, many at once, in one transaction (docs/product.md §9; the single allocation is a batch of
 * one). Every rule is read set-wise, once for the batch: the event exists; the department and position exist and
 * belong together; the actor may organise there (policy/leaderScope.ts); the person exists; for a draft, a
 * sign-up or a cover, the person is on the team and holds the position; one place per person per event; unless
 * forced, no blocked day and no clash — with their pending or confirmed services anywhere, and with the places
 * this batch already gave them. A place a rule refuses is reported with that rule's error and the others go on;
 * every accepted place is written, with its invitation, or — when the transaction fails — none is.
 */
export async function allocateMany(
  settings: AllocationSettings,
  actor: AllocationActor,
  places: readonly PlaceRequest[],
  options: BatchOptions,
): Promise<PlaceOutcome[]> {
  const { db, now, timeZone } = settings;
  const bufferMs = settings.bufferMinutes * MINUTE_MS;
  try {
    return await db.transaction().execute(async (trx) => {
      const outcomes: Array<PlaceOutcome | undefined> = places.map(() => undefined);
      const refuse = (index: number, refusal: Error) => (outcomes[index] = { ok: false, refusal });

      const events = await findEventSlots(trx, ascending(places.map((place) => place.eventId)));
      const departments = await resolveDepartments(trx, places.map((place) => place.department));
      const members = await resolveMembers(trx, places.map((place) => place.member));
      const positions = await resolvePositions(trx, places, departments);

      // What each place names, or the first thing it names that does not exist or may not be done.
      interface Resolved {
        index: number;
        event: EventSlot;
        department: Department;
        member: Member;
        position: PositionRef | null;
        force: boolean;
      }
      const resolved: Resolved[] = [];
      places.forEach((place, index) => {
        const event = events.get(place.eventId);
        if (!event) return refuse(index, new EventNotFound());
        const department = departments.get(place.department);
        if (!department) return refuse(index, new UnknownDepartment());
        const decision = mayOrganise(actor.scope, event.church_id, department.id);
        if (!decision.allowed) return refuse(index, new NotAllowed(decision.reason));
        const position = place.position == null ? null : positions.get(`${department.id}:${place.position}`);
        if (position === undefined) return refuse(index, new UnknownPosition());
        const member = members.get(place.member);
        if (!member) return refuse(index, new UnknownMember());
        resolved.push({ index, event, department, member, position, force: place.force === true });
      });

      const memberIds = ascending(resolved.map((place) => place.member.id));
      // One person's allocations are decided one batch at a time, so two leaders cannot both place them at clashing events.
      await lockMembers(trx, memberIds);
      const eventIds = ascending(resolved.map((place) => place.event.id));
      // Places left are counted once the events are locked: of concurrent sign-ups for the last place, the ones that
      // wait count again after the first one commits (docs/product.md §10: never more people than needed).
      let left: Map<string, number> | undefined;
      if (options.withinNeed) {
        await lockEvents(trx, eventIds);
        left = await placesLeft(trx, eventIds);
      }
      const dayOf = (event: EventSlot) => dayKeyOf(event.datetime, eventTimeZone(event.church_timezone, timeZone));
      const days = resolved.map((place) => dayOf(place.event)).sort();
      const starts = resolved.map((place) => Date.parse(place.event.datetime));
      const ends = resolved.map((place) => endMsOf(place.event));
      const [taken, blocked, services, holdings] = await Promise.all([
        existingPlaces(trx, eventIds, memberIds),
        days.length === 0 ? new Map<number, BlockedRange[]>() : blockedRangesOfMembersBetween(trx, memberIds, days[0]!, days[days.length - 1]!),
        starts.length === 0
          ? []
          : servicesOfMembersBetween(
              trx,
              memberIds,
              new Date(Math.min(...starts) - bufferMs - MAX_EVENT_DAYS * DAY_MS).toISOString(),
              new Date(Math.max(...ends) + bufferMs).toISOString(),
            ),
        options.source === 'manual' ? new Set<string>() : teamHoldings(trx, memberIds, ascending(resolved.map((place) => place.department.id))),
      ]);
      const servicesOf = new Map<number, Array<{ slot: EventSlot; clash: Clash }>>();
      for (const service of services) servicesOf.set(service.memberId, [...(servicesOf.get(service.memberId) ?? []), service]);

      const accepted: Array<{ place: Resolved; row: NewAllocation; token: string }> = [];
      for (const place of resolved) {
        const { event, department, member, position } = place;
        const key = `${event.id}:${member.id}`;
        if (options.source !== 'manual') {
          const team = `${event.church_id ?? '*'}:${department.id}:${member.id}`;
          if (!holdings.has(position ? `${team}:${position.id}` : team)) {
            refuse(place.index, new NotEligible(member.name));
            continue;
          }
        }
        if (taken.has(key)) {
          refuse(place.index, new AlreadyAllocated());
          continue;
        }
        const need = `${event.id}:${department.id}:${position?.id ?? ''}`;
        if (left && (left.get(need) ?? 0) <= 0) {
          refuse(place.index, new PlaceTaken());
          continue;
        }
        if (!place.force) {
          const day = dayOf(event);
          const ranges = (blocked.get(member.id) ?? []).filter((range) => range.from <= day && day <= range.to);
          if (ranges.length > 0) {
            refuse(place.index, new MemberUnavailable(member.name, blockedRangesSeenBy(actor.view, member.id, ranges, day)));
            continue;
          }
          const clashes = (servicesOf.get(member.id) ?? []).filter((service) => service.slot.id !== event.id && clash(event, service.slot, bufferMs));
          if (clashes.length > 0) {
            const seen = clashesSeenBy(actor.view, member.id, clashes.map((service) => service.clash));
            refuse(place.index, new ScheduleConflict(member.name, settings.bufferMinutes, seen));
            continue;
          }
        }
        taken.add(key);
        if (left) left.set(need, left.get(need)! - 1);
        // What this batch gives a person counts against its next places for them.
        const picked = { slot: event, clash: { conflict: { event: { id: event.id, datetime: event.datetime, event_types: null }, department }, churchId: event.church_id } };
        servicesOf.set(member.id, [...(servicesOf.get(member.id) ?? []), picked]);
        // Every allocation has its answer token from the start; the raw token exists only in its invitation.
        const answerToken = newResponseToken();
        accepted.push({
          place,
          token: answerToken.token,
          row: {
            event_id: event.id,
            department_id: department.id,
            member_id: member.id,
            // A sign-up is the member's own doing: no leader placed them (docs/product.md §10).
            allocated_by: options.source === 'signup' ? null : actor.id,
            created_at: now.toISOString(),
            ...(options.status === 'confirmed' ? { status: 'confirmed' as const, responded_at: now.toISOString() } : {}),
            response_token_hash: answerToken.hash,
            position_id: position?.id ?? null,
            source: options.source,
          },
        });
      }

      const ids = await insertAllocations(trx, accepted.map((entry) => entry.row));
      const invitations: NewMessage[] = [];
      const made: number[] = [];
      for (const { place, row, token } of accepted) {
        const id = ids.get(`${row.event_id}:${row.member_id}`)!;
        outcomes[place.index] = { ok: true, allocationId: id };
        made.push(id);
        // The invitation is queued with the allocation: both are stored, or neither.
        if (options.invite !== false) {
          invitations.push({ kind: 'invitation', key: `invitation:${id}`, recipientId: row.member_id, payload: { allocation_id: id, secret: token }, now, allocationIds: [id] });
        }
      }
      // Who placed whom, with the allocations (docs/product.md §11).
      await recordAudit(
        trx,
        accepted.map(({ place, row }, index) => ({
          actorId: actor.id,
          action: 'allocation_created' as const,
          subjectId: row.member_id,
          details: allocationDetails({ id: made[index]!, ...row }, place.event.datetime),
          at: row.created_at,
        })),
      );
      await options.alongside?.(trx, made);
      await enqueueMessages(trx, invitations);
      return outcomes.map((outcome) => outcome!);
    });
  } catch (error) {
    // Someone was placed at one of these events between the read and the write (a path that does not lock the person).
    if (isUniqueViolation(error)) return places.map(() => ({ ok: false, refusal: new AlreadyAllocated() }));
    throw error;
  }
}

async function resolveDepartments(db: Transaction<DB>, refs: ReadonlyArray<number | string>): Promise<Map<number | string, Department>> {
  const found = new Map<number | string, Department>();
  for (const ref of new Set(refs)) {
    const department = await findDepartment(db, ref);
    if (department) found.set(ref, department);
  }
  return found;
}

async function resolveMembers(db: Transaction<DB>, refs: ReadonlyArray<number | string>): Promise<Map<number | string, Member>> {
  const found = new Map<number | string, Member>(await findMembersByIds(db, refs.filter((ref): ref is number => typeof ref === 'number')));
  for (const email of new Set(refs.filter((ref): ref is string => typeof ref === 'string'))) {
    const member = await findMember(db, email);
    if (member) found.set(email, member);
  }
  return found;
}

async function resolvePositions(
  db: Transaction<DB>,
  places: readonly PlaceRequest[],
  departments: ReadonlyMap<number | string, Department>,
): Promise<Map<string, PositionRef>> {
  const found = new Map<string, PositionRef>();
  for (const place of places) {
    const department = departments.get(place.department);
    if (!department || place.position == null) continue;
    const key = `${department.id}:${place.position}`;
    if (found.has(key)) continue;
    const position = await findPositionOf(db, department.id, place.position);
    if (position) found.set(key, position);
  }
  return found;
}

/**
 * A leader's one allocation (`POST /api/events/{id}/allocations`): a batch of one whose refusal is thrown (the
 * error mapping gives its status and code); the allocation as the leader may see it otherwise.
 */
export async function allocateMember(
  settings: AllocationSettings,
  actor: AllocationActor,
  place: PlaceRequest,
): Promise<Allocation | undefined> {
  const [outcome] = await allocateMany(settings, actor, [place], { source: 'manual' });
  if (!outcome!.ok) throw outcome!.refusal;
  return findAllocation(settings.db, outcome!.allocationId, actor.view);
}
