import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayKeyOf, firstDayOfMonth, lastDayOfMonth, addMonths, type DayKey } from '../../shared/dayKey.ts';
import { formatDateTime } from '../../shared/formats.ts';
import { DEMO_EVENT_TYPES, demoEvents, seedDemoEvents } from '../../server/demo/demoEvents.ts';
import { freshSqlite, type TestDatabase } from '../support/testDatabases.ts';

const DAYS: DayKey[] = ['2026-11-20', '2026-01-01', '2026-02-27', '2026-12-31', '2028-02-29', '2026-03-31'];

describe.each(DAYS)('demoEvents(%s)', (today) => {
  const events = demoEvents(today);
  const first = firstDayOfMonth(today);
  const last = lastDayOfMonth(addMonths(first, 1));

  it('has about forty events, all in the current and the next month', () => {
    expect(events.length).toBeGreaterThanOrEqual(32);
    expect(events.length).toBeLessThanOrEqual(50);
    for (const event of events) {
      expect(event.day >= first && event.day <= last, `${event.day} outside ${first}..${last}`).toBe(true);
      expect(event.time).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
      if (event.type !== null) expect(DEMO_EVENT_TYPES).toContain(event.type);
    }
    // Both months have events.
    expect(events.some((event) => event.day.slice(0, 7) === first.slice(0, 7))).toBe(true);
    expect(events.some((event) => event.day.slice(0, 7) === last.slice(0, 7))).toBe(true);
  });

  it('has several events on some days', () => {
    const perDay = new Map<string, number>();
    for (const event of events) perDay.set(event.day, (perDay.get(event.day) ?? 0) + 1);
    expect([...perDay.values()].filter((count) => count >= 2).length).toBeGreaterThanOrEqual(2);
  });

  it('has an upcoming event at 23:30 and an upcoming event with no type', () => {
    expect(events.some((event) => event.day > today && event.time === '23:30')).toBe(true);
    expect(events.some((event) => event.day > today && event.type === null)).toBe(true);
  });

  it('uses several event types', () => {
    expect(new Set(events.map((event) => event.type).filter(Boolean)).size).toBeGreaterThanOrEqual(4);
  });

  it('is the same for the same day', () => {
    expect(demoEvents(today)).toEqual(events);
    expect(demoEvents(addDays(today, 0))).toEqual(events);
  });
});

describe('seedDemoEvents', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshSqlite();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('stores each demo event at its local time in the network timezone', async () => {
    const now = new Date('2026-11-20T15:00:00.000Z'); // midday of 20/11 in São Paulo
    const result = await seedDemoEvents(database.db, 'America/Sao_Paulo', now);
    const expected = demoEvents('2026-11-20');
    expect(result.events).toBe(expected.length);
    const rows = await database.db
      .selectFrom('events')
      .leftJoin('event_types', 'event_types.id', 'events.event_type_id')
      .select(['events.datetime', 'event_types.name'])
      .orderBy('events.id')
      .execute();
    const stored = rows.map((row) => {
      const text = formatDateTime(row.datetime, 'America/Sao_Paulo');
      return { day: dayKeyOf(row.datetime, 'America/Sao_Paulo'), time: text.slice(-8, -3), type: row.name };
    });
    expect(stored).toEqual(expected);
    // The late one: 23:30 on 22/11 in São Paulo is stored as 02:30Z on the 23rd.
    expect(rows.map((row) => row.datetime)).toContain('2026-11-23T02:30:00.000Z');
  });
});
