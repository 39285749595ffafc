import { sql, type Kysely, type Transaction } from 'kysely';
import type { EventScope, ManagedEvent, RepeatRule } from '../../shared/schemas/eventManagement.ts';
import { MAX_EVENT_DAYS } from '../../shared/schemas/events.ts';
import { dialectOf } from '../db/dialect.ts';
import type { DB, Instant } from '../db/schema.ts';
import { expandRepeat, repeatLimitProblem } from '../recurrence/expandRepeat.ts';
import { instantOfLocal, instantOfRequest, localDifference, localOf, shiftLocal } from '../recurrence/localDateTime.ts';
import { headRule, parseSeriesRule, serializeSeriesRule, seriesOccurrences, tailRule, type SeriesRule } from '../recurrence/seriesRule.ts';
import { EventNotFound, HasAllocations, InvalidEnd, RepeatEndsBeforeStart, TooManyOccurrences, UnknownChurch, UnknownEventType } from './errors.ts';
import { queueCancelNotices, queueMoveNotices, type EventMove } from './eventNotices.ts';
import { churchExists, eventTypeExists, selectEventDetails, toEventDetail } from './eventQueries.ts';
import { askAgainAfterMove, countAllocationsOfEvents, removeAllocationsOfEvents } from '../escalas/public.ts';
import { zoneOfChurch } from '../churches/public.ts';

/**
 * Who changes the calendar, when, and the network's zone (`APP_TIMEZONE`): a whole-network event's, and a church's
 * without one of its own. Wall-clock times are read in the event's zone, its church's (docs/product.md §12).
 */
export interface EventCommandContext {
  db: Kysely<DB>;
  timeZone: string;
  now: Date;
  userId: number;
}

interface EventRecord {
  id: number;
  datetime: Instant;
  event_type_id: number | null;
  series_id: number | null;
  series_slot: Instant | null;
  ends_at: Instant | null;
  church_id: number | null;
}

const EVENT_RECORD = ['id', 'datetime', 'event_type_id', 'series_id', 'series_slot', 'ends_at', 'church_id'] as const;

/** The details of an event (docs/product.md §8) a request may set; undefined = unchanged (on create: none). */
export interface EventDetails {
  churchId?: number | null | undefined;
  title?: string | null | undefined;
  description?: string | null | undefined;
  location?: string | null | undefined;
  /** As the request wrote it (an instant, or a wall-clock time of the event's zone), or null: start + 2 h. */
  endsAt?: string | null | undefined;
}

const MAX_DURATION_MS = MAX_EVENT_DAYS * 24 * 60 * 60 * 1000;

/** How long an event lasts (ms) given its start and end; throws the 400 of `ends_at` unless 0 < duration ≤ 7 days. */
function durationOf(datetime: Instant, endsAt: Instant): number {
  const duration = Date.parse(endsAt) - Date.parse(datetime);
  if (duration <= 0) throw new InvalidEnd('O término deve ser depois do início.');
  if (duration > MAX_DURATION_MS) throw new InvalidEnd(`Um evento pode durar no máximo ${MAX_EVENT_DAYS} dias.`);
  return duration;
}

const plus = (instant: Instant, ms: number) => new Date(Date.parse(instant) + ms).toISOString();

/** The columns the texts and church of `details` set (the end is worked out per row). */
function detailColumns(details: EventDetails) {
  return {
    ...(details.churchId !== undefined ? { church_id: details.churchId } : {}),
    ...(details.title !== undefined ? { title: details.title } : {}),
    ...(details.description !== undefined ? { description: details.description } : {}),
    ...(details.location !== undefined ? { location: details.location } : {}),
  };
}

/**
 * A row's new end: the one asked for (given as the edited event's end, kept as a duration for the others), or —
 * when only the start moves — the same duration after the new start; null stays null (start + 2 h).
 */
function newEnd(row: EventRecord, newDatetime: Instant, askedDuration: number | null | undefined): Instant | null {
  if (askedDuration === null) return null;
  if (askedDuration !== undefined) return plus(newDatetime, askedDuration);
  return row.ends_at === null ? null : plus(newDatetime, Date.parse(row.ends_at) - Date.parse(row.datetime));
}

async function checkChurch(trx: Transaction<DB>, churchId: number | null | undefined): Promise<void> {
  if (churchId !== undefined && churchId !== null && !(await churchExists(trx, churchId))) throw new UnknownChurch();
}

interface SeriesRecord {
  id: number;
  rule: SeriesRule;
  time_zone: string;
}

/**
 * Calendar changes run one at a time on PostgreSQL (a transaction-scoped advisory lock): a "following" edit
 * rewrites a whole series, and two of them interleaving would split it twice. Leaders change the calendar a few
 * times a day, so nobody waits. SQLite already runs one transaction at a time.
 */
async function serializeCalendarWrites(trx: Transaction<DB>): Promise<void> {
  if (dialectOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(${sql.lit(6_000_006)})`.execute(trx);
}

async function loadEvent(trx: Transaction<DB>, id: number): Promise<EventRecord | undefined> {
  return trx.selectFrom('events').select(EVENT_RECORD).where('id', '=', id).executeTakeFirst();
}

async function loadSeries(trx: Transaction<DB>, id: number): Promise<SeriesRecord> {
  const row = await trx.selectFrom('series').select(['id', 'rule', 'time_zone']).where('id', '=', id).executeTakeFirstOrThrow();
  return { id: row.id, rule: parseSeriesRule(row.rule), time_zone: row.time_zone };
}

async function seriesEvents(trx: Transaction<DB>, seriesId: number): Promise<EventRecord[]> {
  return trx.selectFrom('events').select(EVENT_RECORD).where('series_id', '=', seriesId).orderBy('id').execute();
}

/** The rows of a series from occurrence number `from` of its rule on (by the slot the rule gave them). */
function eventsFromSlot(events: EventRecord[], slotIndex: Map<Instant, number>, from: number) {
  return events.flatMap((event) => {
    const index = event.series_slot === null ? undefined : slotIndex.get(event.series_slot);
    return index !== undefined && index >= from ? [{ event, index }] : [];
  });
}

export async function findManagedEvent(db: Kysely<DB>, id: number, networkZone: string): Promise<ManagedEvent | undefined> {
  const row = await selectEventDetails(db).select('events.series_id').where('events.id', '=', id).executeTakeFirst();
  return row && { ...toEventDetail(row, networkZone), series_id: row.series_id };
}

async function checkEventType(trx: Transaction<DB>, eventTypeId: number | null | undefined): Promise<void> {
  if (eventTypeId !== undefined && eventTypeId !== null && !(await eventTypeExists(trx, eventTypeId))) throw new UnknownEventType();
}

/**
 * Creates an event, or a series: the rule on `series` and one `events` row per occurrence (each keeping, in
 * `series_slot`, the instant the rule gave it). Answers the first occurrence. `datetime` is the request's text: a
 * wall-clock time is read in the zone of the event's church (docs/product.md §12), where a series repeats too.
 */
export async function createEvent(
  ctx: EventCommandContext,
  input: { datetime: string; eventTypeId: number | null; repeat?: RepeatRule | undefined; details?: EventDetails },
): Promise<ManagedEvent> {
  const details = input.details ?? {};
  const columns = detailColumns(details);
  return ctx.db.transaction().execute(async (trx) => {
    await checkEventType(trx, input.eventTypeId);
    await checkChurch(trx, details.churchId);
    const zone = await zoneOfChurch(trx, details.churchId ?? null, ctx.timeZone);
    const datetime = instantOfRequest(input.datetime, zone);
    // Every occurrence lasts as long as the first.
    const duration = details.endsAt == null ? null : durationOf(datetime, instantOfRequest(details.endsAt, zone));
    if (!input.repeat) {
      const { id } = await trx
        .insertInto('events')
        .values({ datetime, event_type_id: input.eventTypeId, ...columns, ends_at: duration === null ? null : plus(datetime, duration) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return (await findManagedEvent(trx, id, ctx.timeZone))!;
    }

    const occurrences = expandRepeat(localOf(datetime, zone), input.repeat, zone);
    const [first, ...rest] = occurrences;
    if (!first) throw new RepeatEndsBeforeStart();
    const problem = repeatLimitProblem(occurrences, input.repeat);
    if (problem) throw new TooManyOccurrences(problem);

    const rule: SeriesRule = { start: first.local, repeat: input.repeat, event_type_id: input.eventTypeId };
    const series = await trx
      .insertInto('series')
      .values({ rule: serializeSeriesRule(rule), time_zone: zone, created_by: ctx.userId, created_at: ctx.now.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = (occurrence: { instant: Instant }) => ({
      datetime: occurrence.instant,
      event_type_id: input.eventTypeId,
      series_id: series.id,
      series_slot: occurrence.instant,
      ...columns,
      ends_at: duration === null ? null : plus(occurrence.instant, duration),
    });
    const { id } = await trx.insertInto('events').values(row(first)).returning('id').executeTakeFirstOrThrow();
    if (rest.length > 0) await trx.insertInto('events').values(rest.map(row)).execute();
    return (await findManagedEvent(trx, id, ctx.timeZone))!;
  });
}

/** What a PATCH asks for; `datetime` and `endsAt` as the request wrote them. */
export interface EventChanges extends EventDetails {
  datetime?: string | undefined;
  eventTypeId?: number | null | undefined;
}

/** The changes with their times as instants, read in the zone the event will be in. */
interface ResolvedChanges extends Omit<EventChanges, 'datetime' | 'endsAt'> {
  datetime?: Instant | undefined;
  endsAt?: Instant | null | undefined;
}

/**
 * The changes' times as instants, in the zone of the church the event will belong to. An event moved to a church
 * of another zone without a new time keeps its wall-clock time there (19:00 São Paulo → 19:00 Manaus), so it moves.
 */
async function resolveChanges(
  trx: Transaction<DB>,
  ctx: EventCommandContext,
  event: EventRecord,
  changes: EventChanges,
): Promise<{ resolved: ResolvedChanges; zone: string; oldZone: string }> {
  const zone = await zoneOfChurch(trx, changes.churchId !== undefined ? changes.churchId : event.church_id, ctx.timeZone);
  const oldZone = await zoneOfChurch(trx, event.church_id, ctx.timeZone);
  let datetime: Instant | undefined;
  if (changes.datetime !== undefined) datetime = instantOfRequest(changes.datetime, zone);
  else if (zone !== oldZone) datetime = instantOfLocal(localOf(event.datetime, oldZone), zone);
  const endsAt = changes.endsAt == null ? changes.endsAt : instantOfRequest(changes.endsAt, zone);
  return { resolved: { ...changes, datetime, endsAt }, zone, oldZone };
}

/** The duration the request asks for, measured on the edited event's new start; undefined when it names no end. */
function askedDuration(event: EventRecord, changes: ResolvedChanges): number | null | undefined {
  if (changes.endsAt === undefined) return undefined;
  if (changes.endsAt === null) return null;
  return durationOf(changes.datetime ?? event.datetime, changes.endsAt);
}

const hasDetails = (changes: ResolvedChanges) =>
  Object.keys(detailColumns(changes)).length > 0 || changes.endsAt !== undefined;

/**
 * Edits an event. `one` changes only that row: it stays in its series with its slot, and the feed publishes it
 * as an override of that occurrence. `following` is described at `updateFollowing`.
 */
export async function updateEvent(ctx: EventCommandContext, id: number, scope: EventScope, changes: EventChanges): Promise<ManagedEvent> {
  return ctx.db.transaction().execute(async (trx) => {
    await serializeCalendarWrites(trx);
    const event = await loadEvent(trx, id);
    if (!event) throw new EventNotFound();
    await checkEventType(trx, changes.eventTypeId);
    await checkChurch(trx, changes.churchId);
    const { resolved, zone, oldZone } = await resolveChanges(trx, ctx, event, changes);
    if (scope === 'following' && event.series_id !== null && event.series_slot !== null) {
      await updateFollowing(trx, ctx, event, resolved, zone, oldZone);
    } else {
      await updateOne(trx, ctx, event, resolved);
    }
    return (await findManagedEvent(trx, id, ctx.timeZone))!;
  });
}

async function updateOne(trx: Transaction<DB>, ctx: EventCommandContext, event: EventRecord, changes: ResolvedChanges): Promise<void> {
  const duration = askedDuration(event, changes);
  const moves = changes.datetime !== undefined && isMove(event.datetime, changes.datetime);
  const set = {
    ...(changes.datetime !== undefined ? { datetime: changes.datetime } : {}),
    ...(changes.eventTypeId !== undefined ? { event_type_id: changes.eventTypeId } : {}),
    ...detailColumns(changes),
    ...(duration !== undefined || moves ? { ends_at: newEnd(event, changes.datetime ?? event.datetime, duration) } : {}),
  };
  if (Object.keys(set).length > 0) {
    await trx.updateTable('events').set((eb) => ({ ...set, sequence: eb('sequence', '+', 1) })).where('id', '=', event.id).execute();
  }
  if (changes.datetime !== undefined && isMove(event.datetime, changes.datetime)) {
    await askAgainAfterMove(trx, [event.id]);
    await queueMoveNotices(trx, [{ eventId: event.id, from: event.datetime, to: changes.datetime }], ctx.now);
  }
}

const isMove = (from: Instant, to: Instant) => Date.parse(from) !== Date.parse(to);

/**
 * "This and the following occurrences". Let k be the position of the event's slot in its series' rule.
 * - The time change is measured as wall-clock time (new local date-time minus the event's current one) and every
 *   row from slot k on moves by it, individually moved ones included, so 19:00 → 19:30 stays 19:30 after a DST
 *   change. A type change is written on all of them. Row ids (and so their escalas) are kept.
 * - The series is split at k: the original keeps the first k slots (its rule now ends with `count: k`), and a new
 *   series takes the rest with the rule `tailRule` derives from the moved slot k (same frequency, the
 *   remaining count, the new type). Each moved row gets the new rule's slot of the same position, so rows whose
 *   occurrence was deleted stay deleted (an EXDATE) and rows that no longer fit the new rule (a monthly series
 *   moved to another day, or a row moved on its own) are published as overrides.
 * - When nothing stays behind (k is 0, or the earlier occurrences were all deleted), the series' own rule is
 *   replaced instead, and its id (and feed UID) kept.
 * - Moved to a church of another zone (`zone`), the rows keep their wall-clock times there and the rule that takes
 *   them repeats in that zone (docs/product.md §12).
 * - Wall-clock times are read in the church's zone before the change (`oldZone`), not the series' own: a church
 *   whose zone was set after its series were made keeps their instants (docs/adr/0006), so a change of details
 *   alone moves nothing, and a new time is measured from the time its people see.
 */
async function updateFollowing(
  trx: Transaction<DB>,
  ctx: EventCommandContext,
  event: EventRecord,
  changes: ResolvedChanges,
  zone: string,
  oldZone: string,
): Promise<void> {
  const series = await loadSeries(trx, event.series_id!);
  const tz = series.time_zone;
  const slots = seriesOccurrences(series.rule, tz);
  const k = slots.findIndex((slot) => slot.instant === event.series_slot);
  const slotK = slots[k];
  const shift = changes.datetime === undefined ? 0 : localDifference(localOf(event.datetime, oldZone), localOf(changes.datetime, zone));
  const duration = askedDuration(event, changes);
  if (!slotK) {
    // A slot the rule no longer gives: this row alone.
    await updateOne(trx, ctx, event, changes);
    return;
  }
  if (shift === 0 && changes.eventTypeId === undefined && zone === oldZone) {
    // The rule stays as it is: only the details (if any) are written on this and the later occurrences.
    if (!hasDetails(changes)) return;
    const slotIndex = new Map(slots.map((slot, index) => [slot.instant, index]));
    for (const { event: row } of eventsFromSlot(await seriesEvents(trx, series.id), slotIndex, k)) {
      const set = { ...detailColumns(changes), ...(duration !== undefined ? { ends_at: newEnd(row, row.datetime, duration) } : {}) };
      await trx.updateTable('events').set((eb) => ({ ...set, sequence: eb('sequence', '+', 1) })).where('id', '=', row.id).execute();
    }
    return;
  }

  const eventTypeId = changes.eventTypeId !== undefined ? changes.eventTypeId : series.rule.event_type_id;
  // The slot's own local time when the series is in the church's zone (a time that a DST change skipped stays as
  // the rule wrote it); else its time as the church's clock shows it.
  const startLocal = tz === oldZone ? slotK.local : localOf(slotK.instant, oldZone);
  const newRule = tailRule(series.rule, shiftLocal(startLocal, shift), slots.length - k, eventTypeId);
  const newSlots = seriesOccurrences(newRule, zone);
  const slotIndex = new Map(slots.map((slot, index) => [slot.instant, index]));
  const rows = await seriesEvents(trx, series.id);
  const keepsHead = eventsFromSlot(rows, slotIndex, 0).some(({ index }) => index < k);
  let tailSeriesId = series.id;
  if (!keepsHead) {
    await trx
      .updateTable('series')
      .set((eb) => ({ rule: serializeSeriesRule(newRule), time_zone: zone, sequence: eb('sequence', '+', 1) }))
      .where('id', '=', series.id)
      .execute();
  } else {
    await trx
      .updateTable('series')
      .set((eb) => ({ rule: serializeSeriesRule(headRule(series.rule, k)), sequence: eb('sequence', '+', 1) }))
      .where('id', '=', series.id)
      .execute();
    const tail = await trx
      .insertInto('series')
      .values({ rule: serializeSeriesRule(newRule), time_zone: zone, created_by: ctx.userId, created_at: ctx.now.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    tailSeriesId = tail.id;
  }

  const moved: EventMove[] = [];
  for (const { event: row, index } of eventsFromSlot(rows, slotIndex, k)) {
    const datetime =
      row.id === event.id && changes.datetime !== undefined
        ? changes.datetime
        : shift === 0 && zone === oldZone
          ? row.datetime
          : instantOfLocal(shiftLocal(localOf(row.datetime, oldZone), shift), zone);
    await trx
      .updateTable('events')
      .set((eb) => ({
        sequence: eb('sequence', '+', 1),
        datetime,
        event_type_id: changes.eventTypeId !== undefined ? changes.eventTypeId : row.event_type_id,
        series_id: tailSeriesId,
        series_slot: newSlots[index - k]?.instant ?? row.series_slot,
        ...detailColumns(changes),
        ends_at: newEnd(row, datetime, duration),
      }))
      .where('id', '=', row.id)
      .execute();
    if (isMove(row.datetime, datetime)) moved.push({ eventId: row.id, from: row.datetime, to: datetime });
  }
  await askAgainAfterMove(trx, moved.map((move) => move.eventId));
  await queueMoveNotices(trx, moved, ctx.now);
}

/**
 * Deletes an event (`one`) or it and the later occurrences of its series (`following`; the series' rule then
 * ends before it, and a series left without rows is removed). Refused with 409 while people are allocated to
 * any of them, unless `confirm`, which removes those allocations in the same transaction.
 */
export async function deleteEvent(ctx: EventCommandContext, id: number, scope: EventScope, confirm: boolean): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await serializeCalendarWrites(trx);
    const event = await loadEvent(trx, id);
    if (!event) throw new EventNotFound();

    let ids = [event.id];
    let cut: { series: SeriesRecord; k: number } | undefined;
    if (scope === 'following' && event.series_id !== null && event.series_slot !== null) {
      const series = await loadSeries(trx, event.series_id);
      const slots = seriesOccurrences(series.rule, series.time_zone);
      const k = slots.findIndex((slot) => slot.instant === event.series_slot);
      if (k >= 0) {
        const slotIndex = new Map(slots.map((slot, index) => [slot.instant, index]));
        ids = eventsFromSlot(await seriesEvents(trx, series.id), slotIndex, k).map(({ event: row }) => row.id);
        cut = { series, k };
      }
    }

    // On PostgreSQL, lock the rows first: an allocation being added to one of them now waits for us, and then
    // finds its event gone, instead of slipping in between the count below and the delete.
    if (dialectOf(trx) === 'postgres') await trx.selectFrom('events').select('id').where('id', 'in', ids).forUpdate().execute();
    const count = await countAllocationsOfEvents(trx, ids);
    if (count > 0) {
      if (!confirm) throw new HasAllocations(count, ids.length);
      // The people of the events still ahead hear of it, in this transaction (docs/product.md §7).
      await queueCancelNotices(trx, ids, ctx.now);
      await removeAllocationsOfEvents(trx, ids, { actorId: ctx.userId, now: ctx.now });
    }
    await trx.deleteFrom('events').where('id', 'in', ids).execute();

    if (event.series_id !== null) {
      const left = await trx.selectFrom('events').select('id').where('series_id', '=', event.series_id).limit(1).executeTakeFirst();
      if (!left) await trx.deleteFrom('series').where('id', '=', event.series_id).execute();
      else {
        // A date less (an EXDATE) or a shorter rule: the series changed.
        const rule = cut && cut.k > 0 ? { rule: serializeSeriesRule(headRule(cut.series.rule, cut.k)) } : {};
        await trx
          .updateTable('series')
          .set((eb) => ({ ...rule, sequence: eb('sequence', '+', 1) }))
          .where('id', '=', event.series_id)
          .execute();
      }
    }
  });
}
