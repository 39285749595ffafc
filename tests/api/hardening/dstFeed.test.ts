import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTestApp, type ApiTestApp } from '../../support/apiTestApp.ts';
import { signedInAgent, type Agent } from '../../support/authAgent.ts';
import { testDatabases } from '../../support/testDatabases.ts';

const ZONE = 'America/New_York';

// ---- What a calendar app makes of the feed (written here from RFC 5545, not from the server's code) -------------

interface Property {
  name: string;
  params: Record<string, string>;
  value: string;
}

/** The VEVENTs of an iCalendar text, each as its list of properties (lines unfolded). */
function vevents(text: string): Property[][] {
  const lines = text.replace(/\r\n[ \t]/g, '').split(/\r\n/);
  const events: Property[][] = [];
  let current: Property[] | undefined;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = [];
    else if (line === 'END:VEVENT') {
      events.push(current!);
      current = undefined;
    } else if (current) {
      const colon = line.indexOf(':');
      const [name, ...params] = line.slice(0, colon).split(';');
      current.push({ name: name!, params: Object.fromEntries(params.map((param) => param.split('=') as [string, string])), value: line.slice(colon + 1) });
    }
  }
  return events;
}

const localParts = new Intl.DateTimeFormat('en-US', {
  timeZone: ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** `YYYYMMDDTHHmmss` of an instant in ZONE. */
function wallClockOf(ms: number): string {
  const part = Object.fromEntries(localParts.formatToParts(ms).map(({ type, value }) => [type, value]));
  return `${part.year}${part.month}${part.day}T${part.hour}${part.minute}${part.second}`;
}

/**
 * The instant of a DATE-TIME: UTC when it ends in Z; otherwise the wall-clock time in its TZID, and when the clocks
 * show that time twice, the first of the two (RFC 5545 §3.3.5). Found by trying every offset from -14 h to +14 h.
 */
function instantOf(property: Property): string {
  const { value } = property;
  const wall = Date.UTC(+value.slice(0, 4), +value.slice(4, 6) - 1, +value.slice(6, 8), +value.slice(9, 11), +value.slice(11, 13), +value.slice(13, 15));
  if (value.endsWith('Z')) return new Date(wall).toISOString();
  expect(property.params.TZID).toBe(ZONE);
  for (let offset = 14 * 60; offset >= -14 * 60; offset -= 15) {
    const at = wall - offset * 60_000;
    if (wallClockOf(at) === value) return new Date(at).toISOString();
  }
  throw new Error(`no instant has the wall-clock time ${value} in ${ZONE}`);
}

const prop = (event: Property[], name: string) => event.find((property) => property.name === name);

/** Every instant the feed shows for a UID: its DTSTART, or its weekly RRULE's occurrences less EXDATEs, with overrides applied. */
function shownInstants(text: string, uid: string): string[] {
  const events = vevents(text).filter((event) => prop(event, 'UID')?.value === uid);
  const master = events.find((event) => !prop(event, 'RECURRENCE-ID'))!;
  const start = prop(master, 'DTSTART')!;
  const rrule = prop(master, 'RRULE');
  let instants = [instantOf(start)];
  if (rrule) {
    const rule = Object.fromEntries(rrule.value.split(';').map((part) => part.split('=') as [string, string]));
    expect(rule.FREQ).toBe('WEEKLY');
    const wall = Date.UTC(+start.value.slice(0, 4), +start.value.slice(4, 6) - 1, +start.value.slice(6, 8));
    instants = Array.from({ length: Number(rule.COUNT) }, (_, k) => {
      const day = new Date(wall + k * 7 * Number(rule.INTERVAL ?? 1) * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
      return instantOf({ ...start, value: `${day}${start.value.slice(8)}` });
    });
    const excluded = master.filter((property) => property.name === 'EXDATE').map(instantOf);
    instants = instants.filter((instant) => !excluded.includes(instant));
  }
  for (const override of events.filter((event) => prop(event, 'RECURRENCE-ID'))) {
    const replaced = instantOf(prop(override, 'RECURRENCE-ID')!);
    expect(instants, `RECURRENCE-ID ${replaced} names an occurrence`).toContain(replaced);
    instants = instants.map((instant) => (instant === replaced ? instantOf(prop(override, 'DTSTART')!) : instant));
  }
  return instants.sort();
}

// ---------------------------------------------------------------------------------------------------------------

describe.each(testDatabases)('the fall-back hour in the public feed on $name (issue 12, item 10)', ({ open }) => {
  let t: ApiTestApp;
  let leader: Agent;
  let typeId: number;

  beforeAll(async () => {
    t = await apiTestApp(open, { APP_TIMEZONE: ZONE });
    t.clock.set('2026-10-20T12:00:00.000Z');
    ({ agent: leader } = await signedInAgent(t.app, t.database, { role: 'leader' }));
    typeId = (await t.database.db.insertInto('event_types').values({ name: 'Vigília' }).returning('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await t.database.dispose();
  });

  const create = async (body: object) => {
    const res = await leader.post('/api/events').send({ event_type_id: typeId, ...body });
    expect(res.status, res.text).toBe(201);
    return res.body as { id: number; datetime: string; series_id: number | null };
  };
  const feed = async () => (await request(t.app).get('/api/calendar.ics').expect(200)).text;

  it('an event at 01:30 on the fall-back night: the feed shows the instant the API (and the events page) has', async () => {
    const second = await create({ datetime: '2026-11-01T01:30' });
    const first = await create({ datetime: '2026-11-01T01:30:00-04:00' });
    // The API's instants, which the events page formats in APP_TIMEZONE: two different 01:30s.
    expect(first.datetime).toBe('2026-11-01T05:30:00.000Z');
    expect(new Set([first.datetime, second.datetime]).size).toBe(2);

    const text = await feed();
    expect(shownInstants(text, `event-${second.id}@koinonia`)).toEqual([second.datetime]);
    expect(shownInstants(text, `event-${first.id}@koinonia`)).toEqual([first.datetime]);
  });

  it('a weekly series at 01:30 across the fall-back night: every occurrence in the feed is the one in the API', async () => {
    const series = await create({ datetime: '2026-10-25T01:30', repeat: { freq: 'weekly', interval: 1, count: 4 } });
    const rows = await t.database.db.selectFrom('events').select('datetime').where('series_id', '=', series.series_id).orderBy('datetime').execute();
    expect(rows).toHaveLength(4);
    expect(shownInstants(await feed(), `series-${series.series_id}@koinonia`)).toEqual(rows.map((row) => row.datetime));

    // A series that starts on that night.
    const starting = await create({ datetime: '2026-11-01T01:30', repeat: { freq: 'weekly', interval: 1, count: 3 } });
    const startingRows = await t.database.db.selectFrom('events').select('datetime').where('series_id', '=', starting.series_id).orderBy('datetime').execute();
    expect(shownInstants(await feed(), `series-${starting.series_id}@koinonia`)).toEqual(startingRows.map((row) => row.datetime));
  });
});
