import type { Kysely } from 'kysely';
import { addDays, dayjs, dayKeyOf, firstDayOfMonth, lastDayOfMonth, addMonths, weekdayOf, type DayKey } from '../../shared/dayKey.ts';
import type { DB } from '../db/schema.ts';

export const DEMO_EVENT_TYPES = [
  'Culto',
  'Célula',
  'Conferência',
  'Ensaio',
  'Reunião de Líderes',
  'Escola Bíblica',
  'Vigília',
] as const;
type DemoType = (typeof DEMO_EVENT_TYPES)[number];

interface DemoEvent {
  day: DayKey;
  time: string;
  type: DemoType | null;
}

/** The network's week, over the current and next month: about forty events. */
export function demoEvents(today: DayKey): DemoEvent[] {
  const first = firstDayOfMonth(today);
  const last = lastDayOfMonth(addMonths(first, 1));
  const events: DemoEvent[] = [];
  const mondaysSeen = new Set<string>();
  for (let day = first; day <= last; day = addDays(day, 1)) {
    const weekday = weekdayOf(day);
    if (weekday === 0) {
      events.push({ day, time: '09:00', type: 'Escola Bíblica' }, { day, time: '19:00', type: 'Culto' });
    } else if (weekday === 3) {
      events.push({ day, time: '20:00', type: 'Célula' });
    } else if (weekday === 6) {
      events.push({ day, time: '16:00', type: 'Ensaio' });
    } else if (weekday === 1 && !mondaysSeen.has(day.slice(0, 7))) {
      mondaysSeen.add(day.slice(0, 7));
      events.push({ day, time: '20:00', type: 'Reunião de Líderes' });
    }
  }
  const conference = addDays(addMonths(first, 1), 14);
  events.push({ day: conference, time: '19:30', type: 'Conferência' }, { day: addDays(conference, 1), time: '10:00', type: 'Conferência' });
  // An all-night prayer that starts late: on the right day only if timezones are handled properly.
  events.push({ day: addDays(today, 2), time: '23:30', type: 'Vigília' });
  // An event nobody has typed yet: the list shows N/A.
  events.push({ day: addDays(today, 3), time: '19:00', type: null });
  return events.filter((event) => event.day <= last);
}

export interface SeedResult {
  eventTypes: number;
  events: number;
  /** The types this call created (a type that existed already is not the demo's). */
  eventTypeIds: number[];
  eventIds: number[];
}

/** Writes the demo event types and events; idempotent for types, additive for events. */
export async function seedDemoEvents(db: Kysely<DB>, timeZone: string, now = new Date()): Promise<SeedResult> {
  return db.transaction().execute(async (trx) => {
    const eventTypeIds: number[] = [];
    for (const name of DEMO_EVENT_TYPES) {
      const created = await trx.insertInto('event_types').values({ name }).onConflict((oc) => oc.column('name').doNothing()).returning('id').executeTakeFirst();
      if (created) eventTypeIds.push(created.id);
    }
    const types = await trx.selectFrom('event_types').select(['id', 'name']).execute();
    const typeId = new Map(types.map((type) => [type.name, type.id]));
    const rows = demoEvents(dayKeyOf(now, timeZone)).map((event) => ({
      datetime: dayjs.tz(`${event.day} ${event.time}`, timeZone).toISOString(),
      event_type_id: event.type ? (typeId.get(event.type) ?? null) : null,
    }));
    const inserted = await trx.insertInto('events').values(rows).returning('id').execute();
    return { eventTypes: types.length, events: rows.length, eventTypeIds, eventIds: inserted.map((row) => row.id) };
  });
}

/** No event types, events or accounts yet: a new install (an admin created with `npm run user` makes it not new). */
export async function isEmpty(db: Kysely<DB>): Promise<boolean> {
  for (const table of ['event_types', 'events', 'users'] as const) {
    if (await db.selectFrom(table).select('id').limit(1).executeTakeFirst()) return false;
  }
  return true;
}
