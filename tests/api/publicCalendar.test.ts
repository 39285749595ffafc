import ical, { type CalendarResponse, type VEvent } from 'node-ical';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayjs } from '../../shared/dayKey.ts';
import { createApiApp } from '../../server/api/createApiApp.ts';
import { apiTestApp, type ApiTestApp } from '../support/apiTestApp.ts';
import { signedInAgent, type Agent } from '../support/authAgent.ts';
import { insertEvents } from '../support/eventFixtures.ts';
import { testDatabases } from '../support/testDatabases.ts';
import { silentLogger, testConfig } from '../support/testConfig.ts';

type ParsedRule = NonNullable<VEvent['rrule']>;

/**
 * The occurrences of a parsed RRULE as instants, expanded in the wall-clock time of its DTSTART's TZID as
 * calendar apps do. (node-ical's own RRule object mixes in this machine's timezone when a TZID is present, so the
 * rule is re-created floating from the same parsed options.)
 */
function occurrencesOf(event: VEvent, from: string, to: string): string[] {
  const rule = event.rrule!;
  const zone = event.start.tz;
  const wall = dayjs(event.start).tz(zone);
  const floatingStart = new Date(Date.UTC(wall.year(), wall.month(), wall.date(), wall.hour(), wall.minute(), wall.second()));
  const Rule = rule.constructor as new (options: Partial<ParsedRule['origOptions']>) => ParsedRule;
  const floating = new Rule({ ...rule.origOptions, tzid: null, dtstart: floatingStart });
  return floating
    .between(new Date(from), new Date(to), true)
    .map((date) => dayjs.tz(date.toISOString().slice(0, 19), zone).toISOString());
}

/** The instants a VEVENT's EXDATEs exclude. */
function exdatesOf(event: VEvent): string[] {
  return Object.values((event.exdate ?? {}) as Record<string, Date>).map((date) => date.toISOString()).sort();
}

/** The occurrences a calendar app shows: the rule's, minus the EXDATEs. */
function shownOccurrences(event: VEvent, from: string, to: string): string[] {
  const cancelled = new Set(exdatesOf(event));
  return occurrencesOf(event, from, to).filter((instant) => !cancelled.has(instant));
}

const vevents = (calendar: CalendarResponse) =>
  Object.fromEntries(Object.entries(calendar).filter(([, component]) => component.type === 'VEVENT')) as Record<string, VEvent>;

describe.each(testDatabases)('public calendar feed on $name', ({ open }) => {
  let t: ApiTestApp;
  let leader: Agent;
  let culto: number;
  let celula: number;
  /** A weekly Culto on the four Sundays of December 2026 at 19:30, the second one cancelled. */
  let december: { seriesId: number; ids: number[] };
  let single: number;
  let untyped: number;
  let recentPast: number;
  let longPast: number;
  let endedSeries: number;

  const NOW = '2026-11-22T12:00:00.000Z';

  const fetchFeed = async (app = t.app) => {
    const res = await request(app).get('/api/calendar.ics');
    expect(res.status, res.text).toBe(200);
    return res;
  };
  const parsedFeed = async (app = t.app) => vevents(ical.sync.parseICS((await fetchFeed(app)).text));

  beforeAll(async () => {
    t = await apiTestApp(open);
    t.clock.set(NOW);
    ({ agent: leader } = await signedInAgent(t.app, t.database, { role: 'leader' }));
    const types = await t.database.db.insertInto('event_types').values([{ name: 'Culto' }, { name: 'Célula' }]).returning(['id', 'name']).execute();
    culto = types.find((type) => type.name === 'Culto')!.id;
    celula = types.find((type) => type.name === 'Célula')!.id;

    const post = async (body: object) => {
      const res = await leader.post('/api/events').send(body);
      expect(res.status, res.text).toBe(201);
      return res.body as { id: number; series_id: number | null };
    };
    const first = await post({ datetime: '2026-12-06T19:30', event_type_id: culto, repeat: { freq: 'weekly', interval: 1, count: 4 } });
    const rows = await t.database.db.selectFrom('events').select('id').where('series_id', '=', first.series_id).orderBy('datetime').execute();
    december = { seriesId: first.series_id!, ids: rows.map((row) => row.id) };
    expect((await leader.delete(`/api/events/${december.ids[1]}`)).status).toBe(204);

    single = (await post({ datetime: '2026-12-10T20:00', event_type_id: celula })).id;
    untyped = (await post({ datetime: '2026-12-11T20:00', event_type_id: null })).id;
    endedSeries = (await post({ datetime: '2026-08-02T19:00', event_type_id: culto, repeat: { freq: 'weekly', interval: 1, count: 3 } })).series_id!;
    const pastIds = await insertEvents(t.database.db, [
      { datetime: '2026-11-10T22:00:00.000Z', type: 'Culto' }, // 12 days ago: inside the 30-day margin
      { datetime: '2026-09-01T22:00:00.000Z', type: 'Culto' }, // 82 days ago: outside
    ]);
    [recentPast, longPast] = [pastIds[0]!, pastIds[1]!];
  });
  afterAll(async () => {
    await t?.database.dispose();
  });

  it('serves RFC 5545 text to anyone, as text/calendar in UTF-8 with CRLF lines of at most 75 octets', async () => {
    const res = await fetchFeed();
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(res.text.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
    const lines = res.text.split('\r\n');
    expect(lines.every((line) => !line.includes('\n') && Buffer.byteLength(line) <= 75)).toBe(true);
    expect(lines).toContain('PRODID:-//Koinonia//calendario//PT-BR');
    expect(res.text).toMatch(/BEGIN:VTIMEZONE\r\nTZID:America\/Sao_Paulo\r\n/);
    expect(res.text).toContain('Célula');
  });

  it('publishes the series as one VEVENT with an RRULE and an EXDATE for the cancelled Sunday', async () => {
    const res = await fetchFeed();
    const events = vevents(ical.sync.parseICS(res.text));
    const series = events[`series-${december.seriesId}@koinonia`]!;
    expect(series).toBeDefined();
    expect(series.summary).toBe('Culto');
    expect(series.start.toISOString()).toBe('2026-12-06T22:30:00.000Z');
    expect(series.start.tz).toBe('America/Sao_Paulo');
    expect(series.rrule).toBeDefined();
    expect(res.text).toContain('RRULE:FREQ=WEEKLY;BYDAY=SU;COUNT=4\r\n');
    expect(res.text).toContain('DTSTART;TZID=America/Sao_Paulo:20261206T193000\r\n');
    expect(res.text).toContain('EXDATE;TZID=America/Sao_Paulo:20261213T193000\r\n');

    // The rule alone gives the 13th; the EXDATE takes it out.
    const rule = occurrencesOf(series, '2026-11-01T00:00:00Z', '2027-02-01T00:00:00Z');
    expect(rule).toEqual(['2026-12-06T22:30:00.000Z', '2026-12-13T22:30:00.000Z', '2026-12-20T22:30:00.000Z', '2026-12-27T22:30:00.000Z']);
    expect(exdatesOf(series)).toEqual(['2026-12-13T22:30:00.000Z']);
    expect(shownOccurrences(series, '2026-11-01T00:00:00Z', '2027-02-01T00:00:00Z')).toEqual([
      '2026-12-06T22:30:00.000Z',
      '2026-12-20T22:30:00.000Z',
      '2026-12-27T22:30:00.000Z',
    ]);
    // Occurrences are not published again on their own.
    for (const id of december.ids) expect(events[`event-${id}@koinonia`]).toBeUndefined();
  });

  it('publishes events on their own with their type, or Evento, and keeps UIDs stable between fetches', async () => {
    const first = await parsedFeed();
    const second = await parsedFeed();
    const expected = [
      `event-${recentPast}@koinonia`,
      `event-${single}@koinonia`,
      `event-${untyped}@koinonia`,
      `series-${december.seriesId}@koinonia`,
    ].sort();
    expect(Object.keys(first).sort()).toEqual(expected);
    expect(Object.keys(second).sort()).toEqual(expected);
    expect(first[`event-${single}@koinonia`]).toMatchObject({ summary: 'Célula' });
    expect(first[`event-${single}@koinonia`]!.start.toISOString()).toBe('2026-12-10T23:00:00.000Z');
    expect(first[`event-${single}@koinonia`]!.rrule).toBeUndefined();
    expect(first[`event-${untyped}@koinonia`]).toMatchObject({ summary: 'Evento' });
  });

  it('shows upcoming events only (with a 30-day margin), and drops a series once it is over', async () => {
    const events = await parsedFeed();
    expect(events[`event-${recentPast}@koinonia`]).toBeDefined();
    expect(events[`event-${longPast}@koinonia`]).toBeUndefined();
    expect(events[`series-${endedSeries}@koinonia`]).toBeUndefined();
    try {
      t.clock.set('2027-01-20T12:00:00.000Z');
      const later = await parsedFeed();
      // The last Sunday, 27 December, is within 30 days: the whole series is still there; the single events are not.
      expect(Object.keys(later)).toEqual([`series-${december.seriesId}@koinonia`]);
      t.clock.set('2027-02-01T12:00:00.000Z');
      expect(Object.keys(await parsedFeed())).toEqual([]);
    } finally {
      t.clock.set(NOW);
    }
  });

  it('publishes an occurrence edited on its own as a RECURRENCE-ID override of the series', async () => {
    const before = await parsedFeed();
    const third = december.ids[2]!;
    const res = await leader.patch(`/api/events/${third}?scope=one`).send({ datetime: '2026-12-20T20:00', event_type_id: celula });
    expect(res.status, res.text).toBe(200);
    const text = (await fetchFeed()).text;
    expect(text).toContain('RECURRENCE-ID;TZID=America/Sao_Paulo:20261220T193000\r\n');
    const after = vevents(ical.sync.parseICS(text));
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    const series = after[`series-${december.seriesId}@koinonia`]!;
    const overrides = Object.values(series.recurrences ?? {});
    expect(overrides).toHaveLength(1);
    expect(overrides[0]!.recurrenceid.toISOString()).toBe('2026-12-20T22:30:00.000Z');
    expect(overrides[0]!.start.toISOString()).toBe('2026-12-20T23:00:00.000Z');
    expect(overrides[0]!.summary).toBe('Célula');
    // The cancelled Sunday is still excluded.
    expect(exdatesOf(series)).toEqual(['2026-12-13T22:30:00.000Z']);
  });

  it('writes New York series in its TZID with both daylight-saving changes in the VTIMEZONE', async () => {
    const nyConfig = testConfig({ APP_TIMEZONE: 'America/New_York' });
    const ny = createApiApp({ database: t.database, config: nyConfig, logger: silentLogger, now: () => t.clock.now });
    const { agent } = await signedInAgent(ny, t.database, { role: 'leader' });
    const created = await agent.post('/api/events').send({ datetime: '2026-10-25T19:30', event_type_id: null, repeat: { freq: 'weekly', interval: 1, count: 4 } });
    expect(created.status, created.text).toBe(201);
    const body = created.body as { id: number; series_id: number };
    const rows = await t.database.db.selectFrom('events').select('id').where('series_id', '=', body.series_id).orderBy('datetime').execute();
    // Cancel 1 November, the day the clocks go back.
    expect((await agent.delete(`/api/events/${rows[1]!.id}`)).status).toBe(204);

    const text = (await fetchFeed(ny)).text;
    expect(text).toContain('DTSTART:20260308T020000\r\nTZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400\r\nTZNAME:EDT\r\n');
    expect(text).toContain('DTSTART:20261101T020000\r\nTZOFFSETFROM:-0400\r\nTZOFFSETTO:-0500\r\nTZNAME:EST\r\n');
    expect(text).toContain('EXDATE;TZID=America/New_York:20261101T193000\r\n');
    const series = vevents(ical.sync.parseICS(text))[`series-${body.series_id}@koinonia`]!;
    expect(series.start.tz).toBe('America/New_York');
    expect(shownOccurrences(series, '2026-10-01T00:00:00Z', '2026-12-31T00:00:00Z')).toEqual([
      '2026-10-25T23:30:00.000Z', // 19:30 EDT
      '2026-11-09T00:30:00.000Z', // 19:30 EST
      '2026-11-16T00:30:00.000Z',
    ]);
  });
});
