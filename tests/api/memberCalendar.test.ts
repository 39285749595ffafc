import ical, { type VEvent } from 'node-ical';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../support/apiAssertions.ts';
import { createEvent, escalasWorld, HOUR, postAllocation, type EscalasWorld } from '../support/escalasFixtures.ts';
import { testDatabases } from '../support/testDatabases.ts';

const FEED_URL = /^http:\/\/127\.0\.0\.1:\d+\/api\/me\/calendar\.ics\?token=([\w-]{32})$/;

/** Where the member serves; `past` is before the API's clock, the rest after. */
const SERVICES = [
  { key: 'culto', datetime: '2030-02-10T22:30:00.000Z', type: 'Culto', department: 'Louvor' },
  { key: 'ensaio', datetime: '2030-02-11T13:00:00.000Z', type: 'Ensaio', department: 'Mídia' },
  { key: 'untyped', datetime: '2030-02-12T23:00:00.000Z', type: null, department: 'Infantil' },
  { key: 'past', datetime: '2029-11-03T22:00:00.000Z', type: 'Culto', department: 'Recepção' },
] as const;

function vevents(text: string): VEvent[] {
  return Object.values(ical.sync.parseICS(text)).filter((component): component is VEvent => component.type === 'VEVENT');
}

describe.each(testDatabases)('personal calendar feed on $name', ({ open }) => {
  let w: EscalasWorld;
  const allocation: Record<string, number> = {};

  beforeAll(async () => {
    w = await escalasWorld(open);
    for (const service of SERVICES) {
      const event = await createEvent(w.t.database, service.datetime, service.type);
      const res = await postAllocation(w.leader.agent, event, { department: service.department, member: w.member.user.email });
      expect(res.status, res.text).toBe(201);
      allocation[service.key] = res.body.id;
      if (service.key === 'culto') {
        // Someone else serving at the same event is not in this member's feed.
        expect((await postAllocation(w.leader.agent, event, { department: 'Mídia', member: w.admin.user.id })).status).toBe(201);
      }
    }
  });
  afterAll(async () => {
    await w?.t.database.dispose();
  });

  const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
  const feed = (url: string) => request(w.t.app).get(new URL(url).pathname + new URL(url).search);

  it('GET calendar-token is { url: null } until POST makes one; POST again replaces it and the old token stops working', async () => {
    const none = await w.member.agent.get('/api/me/calendar-token').expect(200);
    expect(none.body).toEqual({ url: null });

    const created = await w.member.agent.post('/api/me/calendar-token');
    expect(created.status).toBe(201);
    expect(Object.keys(created.body)).toEqual(['url']);
    expect(created.body.url).toMatch(FEED_URL);
    // (supertest gives every request its own port, so the tokens are compared, not the whole URLs)
    const shown = (await w.member.agent.get('/api/me/calendar-token').expect(200)).body as { url: string };
    expect(shown.url).toMatch(FEED_URL);
    expect(tokenOf(shown.url)).toBe(tokenOf(created.body.url));
    expect((await feed(created.body.url)).status).toBe(200);

    const renewed = await w.member.agent.post('/api/me/calendar-token').expect(201);
    expect(renewed.body.url).toMatch(FEED_URL);
    expect(tokenOf(renewed.body.url)).not.toBe(tokenOf(created.body.url));
    expect(tokenOf((await w.member.agent.get('/api/me/calendar-token').expect(200)).body.url)).toBe(tokenOf(renewed.body.url));
    expectApiError(await feed(created.body.url), 404, 'not_found');
    expect((await feed(renewed.body.url)).status).toBe(200);

    // Each person has their own token; the leader's is not the member's.
    const leaderUrl = (await w.leader.agent.post('/api/me/calendar-token').expect(201)).body.url as string;
    expect(tokenOf(leaderUrl)).not.toBe(tokenOf(renewed.body.url));
    expect(tokenOf((await w.member.agent.get('/api/me/calendar-token').expect(200)).body.url)).toBe(tokenOf(renewed.body.url));
  });

  it('builds the URL from the Host and protocol the browser used (through the web host)', async () => {
    const res = await w.member.agent.post('/api/me/calendar-token').set('Host', 'igreja.example:8080').set('X-Forwarded-Proto', 'https').expect(201);
    expect(res.body.url).toMatch(/^https:\/\/igreja\.example:8080\/api\/me\/calendar\.ics\?token=[\w-]{32}$/);
  });

  it('serves text/calendar with one VEVENT per allocation, at the right instants, named by type and department', async () => {
    const url = (await w.member.agent.post('/api/me/calendar-token').expect(201)).body.url as string;
    // No session needed: calendar apps only have the URL.
    const res = await feed(url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['set-cookie']).toBeUndefined();
    const text = res.text;
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(text).toContain('VERSION:2.0');
    expect(text).toContain('Koinonia — escala de Maria Membro');

    const events = vevents(text);
    expect(events).toHaveLength(SERVICES.length);
    const byUid = new Map(events.map((event) => [event.uid, event]));
    for (const service of SERVICES) {
      const event = byUid.get(`allocation-${allocation[service.key]}@koinonia`);
      expect(event, service.key).toBeDefined();
      expect(event!.start.toISOString()).toBe(service.datetime);
      expect(event!.end.getTime() - event!.start.getTime()).toBe(2 * HOUR);
      expect(event!.summary).toBe(`${service.type ?? 'Evento'} · ${service.department}`);
      expect(event!.description).toBe(`Você serve em ${service.department}.`);
    }
    expect(text).not.toContain('Ada Admin');
  });

  it('follows the allocations: a removed one leaves the feed', async () => {
    const url = (await w.member.agent.post('/api/me/calendar-token').expect(201)).body.url as string;
    await w.leader.agent.delete(`/api/allocations/${allocation.ensaio}`).expect(204);
    const uids = vevents((await feed(url).expect(200)).text).map((event) => event.uid);
    expect(uids).toHaveLength(SERVICES.length - 1);
    expect(uids).not.toContain(`allocation-${allocation.ensaio}@koinonia`);
  });

  it('an empty escala is still a valid calendar', async () => {
    const url = (await w.leader.agent.post('/api/me/calendar-token').expect(201)).body.url as string;
    const res = await feed(url).expect(200);
    expect(vevents(res.text)).toEqual([]);
    expect(res.text).toContain('BEGIN:VCALENDAR');
  });

  it('marks a pending service STATUS:TENTATIVE and a confirmed one STATUS:CONFIRMED, and leaves a declined one out', async () => {
    const url = (await w.member.agent.post('/api/me/calendar-token').expect(201)).body.url as string;
    /** Each VEVENT's UID → its STATUS line, read from the raw text. */
    const statuses = async () => {
      const text = (await feed(url).expect(200)).text.replace(/\r\n[ \t]/g, '');
      return new Map(
        text
          .split('BEGIN:VEVENT')
          .slice(1)
          .map((block) => [/^UID:(.*)$/m.exec(block)?.[1], /^STATUS:.*$/m.exec(block)?.[0]] as const),
      );
    };
    const uid = (key: string) => `allocation-${allocation[key]}@koinonia`;
    const before = await statuses();
    expect(before.get(uid('culto'))).toBe('STATUS:TENTATIVE');
    expect(before.get(uid('untyped'))).toBe('STATUS:TENTATIVE');
    expect(before.get(uid('past'))).toBe('STATUS:TENTATIVE');

    await w.member.agent.post(`/api/allocations/${allocation.culto}/response`).send({ answer: 'confirmed' }).expect(200);
    await w.member.agent.post(`/api/allocations/${allocation.untyped}/response`).send({ answer: 'declined', reason: 'Viagem' }).expect(200);
    const after = await statuses();
    expect(after.get(uid('culto'))).toBe('STATUS:CONFIRMED');
    expect(after.has(uid('untyped'))).toBe(false);
    expect(after.get(uid('past'))).toBe('STATUS:TENTATIVE');
    expect(vevents((await feed(url).expect(200)).text).map((event) => event.uid).sort()).toEqual([uid('culto'), uid('past')].sort());

    // Changing the answer back puts it in the feed again.
    await w.member.agent.post(`/api/allocations/${allocation.untyped}/response`).send({ answer: 'confirmed' }).expect(200);
    expect((await statuses()).get(uid('untyped'))).toBe('STATUS:CONFIRMED');
  });

  it('answers a wrong token with 404 JSON and a missing one with 400', async () => {
    const real = tokenOf((await w.member.agent.post('/api/me/calendar-token').expect(201)).body.url as string);
    for (const token of ['nao-existe', real.slice(0, -1), `${real}x`, real.toUpperCase(), 'a'.repeat(64)]) {
      expectApiError(await request(w.t.app).get(`/api/me/calendar.ics?token=${token}`), 404, 'not_found');
    }
    expectApiError(await request(w.t.app).get('/api/me/calendar.ics'), 400, 'invalid_request');
    // A session is no substitute for the token.
    expectApiError(await w.member.agent.get('/api/me/calendar.ics?token=nao-existe'), 404, 'not_found');
  });
});
