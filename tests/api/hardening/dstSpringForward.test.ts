import ICAL from 'ical.js';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTestApp, type ApiTestApp } from '../../support/apiTestApp.ts';
import { signedInAgent, type Agent } from '../../support/authAgent.ts';
import { testDatabases } from '../../support/testDatabases.ts';

const ZONE = 'America/New_York';

/**
 * Every instant a calendar app built on ical.js shows for the events of a feed, per UID: the series expanded with
 * their overrides (RECURRENCE-ID) and EXDATEs, the way Thunderbird and most web calendars read a subscription.
 */
function shownByIcalJs(text: string, from: string, to: string): Map<string, string[]> {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  const vevents = calendar.getAllSubcomponents('vevent');
  const shown = new Map<string, string[]>();
  const add = (uid: string, at: string) => shown.set(uid, [...(shown.get(uid) ?? []), at].sort());
  const masters = vevents.filter((vevent) => !vevent.hasProperty('recurrence-id'));
  for (const master of masters) {
    const event = new ICAL.Event(master);
    for (const override of vevents.filter((vevent) => vevent !== master && vevent.getFirstPropertyValue('uid') === event.uid)) {
      event.relateException(override);
    }
    if (!event.isRecurring()) {
      add(event.uid, event.startDate.toJSDate().toISOString());
      continue;
    }
    const iterator = event.iterator();
    for (let next = iterator.next(); next && next.toJSDate().toISOString() < to; next = iterator.next()) {
      const at = event.getOccurrenceDetails(next).startDate.toJSDate().toISOString();
      if (at >= from) add(event.uid, at);
    }
  }
  ICAL.TimezoneService.reset();
  return shown;
}

describe.each(testDatabases)('a series across the spring-forward night on $name, read by ical.js (issue 21, validators)', ({ open }) => {
  let t: ApiTestApp;
  let leader: Agent;

  beforeAll(async () => {
    t = await apiTestApp(open, { APP_TIMEZONE: ZONE });
    t.clock.set('2027-02-20T12:00:00.000Z');
    ({ agent: leader } = await signedInAgent(t.app, t.database, { role: 'leader' }));
  });
  afterAll(async () => {
    await t.database.dispose();
  });

  it('02:30 weekly across 14 March 2027 (the clocks skip 02:00–03:00): every occurrence in the feed is the API’s', async () => {
    const res = await leader.post('/api/events').send({ datetime: '2027-02-28T02:30', event_type_id: null, repeat: { freq: 'weekly', interval: 1, count: 4 } });
    expect(res.status, res.text).toBe(201);
    const seriesId = (res.body as { series_id: number }).series_id;
    const rows = await t.database.db.selectFrom('events').select(['id', 'datetime']).where('series_id', '=', seriesId).orderBy('datetime').execute();
    // The API: 02:30 EST, 02:30 EST, then 03:30 EDT on the night 02:30 does not exist (RFC 5545 §3.3.5), 02:30 EDT.
    expect(rows.map((row) => row.datetime)).toEqual(['2027-02-28T07:30:00.000Z', '2027-03-07T07:30:00.000Z', '2027-03-14T07:30:00.000Z', '2027-03-21T06:30:00.000Z']);

    const text = (await request(t.app).get('/api/calendar.ics').expect(200)).text;
    const shown = [...shownByIcalJs(text, '2027-02-01T00:00:00.000Z', '2027-05-01T00:00:00.000Z').values()].flat().sort();
    expect(shown).toEqual(rows.map((row) => row.datetime));
  });
});
