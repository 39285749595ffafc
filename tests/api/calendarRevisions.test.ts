import ical, { type VEvent } from 'node-ical';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departmentId, escalasWorld, postAllocation, type EscalasWorld } from '../support/escalasFixtures.ts';
import { testDatabases } from '../support/testDatabases.ts';

const CRLF = '\r\n';

/** The calendar's own properties that came after its first component (RFC 5545 §3.6: none may). */
function propertiesAfterFirstComponent(text: string): string[] {
  const lines = text.split(CRLF).filter((line) => line !== '' && !line.startsWith(' '));
  const late: string[] = [];
  let depth = 0;
  let seenComponent = false;
  for (const line of lines) {
    if (line.startsWith('BEGIN:')) {
      depth += 1;
      if (depth === 2) seenComponent = true;
    } else if (line.startsWith('END:')) depth -= 1;
    else if (depth === 1 && seenComponent) late.push(line);
  }
  return late;
}

const veventsOf = (text: string) => Object.values(ical.sync.parseICS(text)).filter((component): component is VEvent => component.type === 'VEVENT');
/** The SEQUENCE line of the VEVENT with this UID. */
const sequenceOf = (text: string, uid: string) => new RegExp(`UID:${uid}\\r\\nSEQUENCE:(\\d+)\\r\\n`).exec(text)?.[1];

describe.each(testDatabases)('calendar text, ends and revisions on $name (issue 21, validators)', ({ open }) => {
  let w: EscalasWorld;

  beforeAll(async () => {
    w = await escalasWorld(open);
    await departmentId(w.t.database, 'Louvor');
  });
  afterAll(async () => {
    await w?.t.database.dispose();
  });

  const publicFeed = async () => (await request(w.t.app).get('/api/calendar.ics').expect(200)).text;

  it('the public feed writes every calendar property before the first component and ends its last line with CRLF', async () => {
    await w.leader.agent.post('/api/events').send({ datetime: '2030-02-13T09:00', event_type_id: null }).expect(201);
    const text = await publicFeed();
    expect(text).toContain('BEGIN:VTIMEZONE');
    expect(text).toContain('X-WR-TIMEZONE:');
    expect(propertiesAfterFirstComponent(text)).toEqual([]);
    expect(text.endsWith(`END:VCALENDAR${CRLF}`)).toBe(true);
  });

  it('an event ends when it says it ends (DTEND from ends_at), in the public feed, alone and in a series', async () => {
    const single = (
      await w.leader.agent.post('/api/events').send({ datetime: '2030-02-20T18:00', ends_at: '2030-02-20T21:30', event_type_id: null }).expect(201)
    ).body as { id: number };
    const series = (
      await w.leader.agent
        .post('/api/events')
        .send({ datetime: '2030-03-03T08:00', ends_at: '2030-03-03T08:45', event_type_id: null, repeat: { freq: 'weekly', interval: 1, count: 3 } })
        .expect(201)
    ).body as { id: number; series_id: number };
    const events = veventsOf(await publicFeed());
    const alone = events.find((event) => event.uid === `event-${single.id}@koinonia`)!;
    expect(alone.end!.getTime() - alone.start.getTime()).toBe(3.5 * 60 * 60 * 1000);
    const master = events.find((event) => event.uid === `series-${series.series_id}@koinonia` && !event.recurrenceid)!;
    expect(master.end!.getTime() - master.start.getTime()).toBe(45 * 60 * 1000);
  });

  it('SEQUENCE counts the changes: an event edited, a series with a date removed, the personal feed and the event moved', async () => {
    const created = (await w.leader.agent.post('/api/events').send({ datetime: '2030-02-27T19:00', event_type_id: null }).expect(201)).body as { id: number };
    const uid = `event-${created.id}@koinonia`;
    expect(sequenceOf(await publicFeed(), uid)).toBe('0');
    await w.leader.agent.patch(`/api/events/${created.id}`).send({ datetime: '2030-02-27T19:30' }).expect(200);
    expect(sequenceOf(await publicFeed(), uid)).toBe('1');
    await w.leader.agent.patch(`/api/events/${created.id}`).send({ location: 'Salão' }).expect(200);
    expect(sequenceOf(await publicFeed(), uid)).toBe('2');

    const series = (
      await w.leader.agent
        .post('/api/events')
        .send({ datetime: '2030-04-07T10:00', event_type_id: null, repeat: { freq: 'weekly', interval: 1, count: 3 } })
        .expect(201)
    ).body as { id: number; series_id: number };
    const seriesUid = `series-${series.series_id}@koinonia`;
    expect(sequenceOf(await publicFeed(), seriesUid)).toBe('0');
    const rows = await w.t.database.db.selectFrom('events').select('id').where('series_id', '=', series.series_id).orderBy('datetime').execute();
    await w.leader.agent.delete(`/api/events/${rows[1]!.id}`).expect(204);
    const afterDelete = await publicFeed();
    expect(afterDelete).toContain('EXDATE');
    expect(sequenceOf(afterDelete, seriesUid)).toBe('1');

    // The member's own feed: the entry of their allocation carries the event's revision.
    const allocation = (await postAllocation(w.leader.agent, created.id, { department: 'Louvor', member: w.member.user.id }).expect(201)).body as { id: number };
    const url = ((await w.member.agent.post('/api/me/calendar-token').expect(201)).body as { url: string }).url;
    const personal = async () => (await request(w.t.app).get(new URL(url).pathname + new URL(url).search).expect(200)).text;
    const allocationUid = `allocation-${allocation.id}@koinonia`;
    expect(sequenceOf(await personal(), allocationUid)).toBe('2');
    await w.leader.agent.patch(`/api/events/${created.id}`).send({ datetime: '2030-02-27T20:00' }).expect(200);
    const moved = await personal();
    expect(sequenceOf(moved, allocationUid)).toBe('3');
    expect(propertiesAfterFirstComponent(moved)).toEqual([]);
    expect(moved.endsWith(`END:VCALENDAR${CRLF}`)).toBe(true);
  });
});
