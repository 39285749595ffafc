import ICAL from 'ical.js';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../support/apiAssertions.ts';
import { smtpEnv, startOutbox, type OutboxHarness } from '../../support/outboxWorld.ts';
import { startSmtpSink, type SmtpSink } from '../../support/smtpSink.ts';
import { testDatabases } from '../../support/testDatabases.ts';
import { networkWorld, NETWORK_NOW } from '../network/networkWorld.ts';
import type { ZonedWorld } from './zonedWorld.ts';

const POLL = { timeout: 15_000, interval: 20 };

/** Each VEVENT of a feed as ical.js reads it (every VTIMEZONE of the feed registered): its DTSTART's TZID and instant. */
function readFeed(text: string): Array<{ uid: string; tzid: string | null; start: string }> {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    const start = vevent.getFirstProperty('dtstart')!;
    return { uid: event.uid, tzid: (start.getParameter('tzid') as string | undefined) ?? null, start: event.startDate.toJSDate().toISOString() };
  });
  ICAL.TimezoneService.reset();
  return events;
}

const vtimezoneIds = (text: string) => [...text.matchAll(/BEGIN:VTIMEZONE\r\nTZID:([^\r\n]+)/g)].map((match) => match[1]).sort();

/**
 * The escalas by each event's own zone (docs/product.md §12): blockouts, the overview and allocations by the event's
 * own day, My Events and the feeds with its zone, and its e-mail at its own clock with the zone's name.
 */
describe.each(testDatabases)('escalas, feeds and e-mails in several zones on $name', ({ open }) => {
  let w: ZonedWorld;
  let sink: SmtpSink;
  let outbox: OutboxHarness | undefined;
  /** 22:30 in Rio Branco on 5 March (03:30Z on the 6th); 00:30 in São Paulo on the 6th (03:30Z too); 19:00 in Manaus on the 7th. */
  let rio: number;
  let saoPaulo: number;
  let manaus: number;

  const create = async (body: Record<string, unknown>) => {
    const res = await w.admin.agent.post('/api/events').send({ event_type_id: null, ...body });
    expect(res.status, res.text).toBe(201);
    return res.body.id as number;
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    const base = await networkWorld(open, { ...smtpEnv(sink), REMINDER_HOURS: 'off' });
    const church = async (name: string, timezone: string) => (await base.admin.agent.post('/api/churches').send({ name, timezone }).expect(201)).body.id as number;
    w = { ...base, manaus: await church('Igreja Manaus', 'America/Manaus'), rioBranco: await church('Igreja Rio Branco', 'America/Rio_Branco') };
    rio = await create({ datetime: '2030-03-05T22:30', church_id: w.rioBranco });
    saoPaulo = await create({ datetime: '2030-03-06T00:30', church_id: w.churchA });
    manaus = await create({ datetime: '2030-03-07T19:00', church_id: w.manaus });
  });
  afterAll(async () => {
    await outbox?.stop();
    await sink?.close();
    await w?.t.database.dispose();
  });

  it('a blockout of 5 March blocks the Rio Branco service of the 5th (03:30Z on the 6th), not São Paulo’s of the 6th at the same instant', async () => {
    await w.member.agent.post('/api/me/blockouts').send({ from: '2030-03-05', to: '2030-03-05' }).expect(201);
    const refused = await w.admin.agent.post(`/api/events/${rio}/allocations`).send({ department: w.louvor, member: w.member.user.id });
    expectApiError(refused, 409, 'member_unavailable');
    const candidates = await w.admin.agent.get(`/api/events/${rio}/candidates?q=Maria`).expect(200);
    expect(candidates.body.find((candidate: { id: number }) => candidate.id === w.member.user.id).blockouts).toEqual([{ from: '2030-03-05', to: '2030-03-05' }]);
    await w.admin.agent.post(`/api/events/${saoPaulo}/allocations`).send({ department: w.louvor, member: w.member.user.id }).expect(201);
    await w.admin.agent.post(`/api/events/${manaus}/allocations`).send({ department: w.louvor, member: w.member.user.id, position: w.vocal }).expect(201);
  });

  it('the overview and the allocations of a day hold the events of that day in their own zones, each with its zone', async () => {
    const fifth = (await w.admin.agent.get('/api/escalas/overview?from=2030-03-05&to=2030-03-05').expect(200)).body as Array<{ event: { id: number; timezone: string } }>;
    expect(fifth.map((item) => [item.event.id, item.event.timezone])).toEqual([[rio, 'America/Rio_Branco']]);
    const sixth = (await w.admin.agent.get('/api/escalas/overview?from=2030-03-06&to=2030-03-07').expect(200)).body as Array<{ event: { id: number; timezone: string } }>;
    expect(sixth.map((item) => [item.event.id, item.event.timezone])).toEqual([
      [saoPaulo, 'America/Sao_Paulo'],
      [manaus, 'America/Manaus'],
    ]);
    const allocations = async (query: string) => ((await w.admin.agent.get(`/api/allocations?${query}`).expect(200)).body as Array<{ event_id: number }>).map((a) => a.event_id);
    expect(await allocations('from=2030-03-05&to=2030-03-05')).toEqual([]);
    expect(await allocations('from=2030-03-06&to=2030-03-06')).toEqual([saoPaulo]);
    expect(await allocations('from=2030-03-07&to=2030-03-07')).toEqual([manaus]);
  });

  it('My Events gives each service its zone', async () => {
    const mine = (await w.member.agent.get('/api/me/events').expect(200)).body as Array<{ id: number; datetime: string; timezone: string }>;
    expect(mine.map((event) => [event.id, event.datetime, event.timezone])).toEqual([
      [saoPaulo, '2030-03-06T03:30:00.000Z', 'America/Sao_Paulo'],
      [manaus, '2030-03-07T23:00:00.000Z', 'America/Manaus'],
    ]);
  });

  it('the public feed writes each event with the TZID of its zone and a VTIMEZONE for each zone used', async () => {
    const res = await request(w.t.app).get('/api/calendar.ics').expect(200);
    const text = res.text;
    expect(vtimezoneIds(text)).toEqual(['America/Manaus', 'America/Rio_Branco', 'America/Sao_Paulo']);
    const read = readFeed(text);
    const byUid = new Map(read.map((event) => [event.uid, event]));
    expect(byUid.get(`event-${rio}@koinonia`)).toEqual({ uid: `event-${rio}@koinonia`, tzid: 'America/Rio_Branco', start: '2030-03-06T03:30:00.000Z' });
    expect(byUid.get(`event-${saoPaulo}@koinonia`)).toMatchObject({ tzid: 'America/Sao_Paulo', start: '2030-03-06T03:30:00.000Z' });
    expect(byUid.get(`event-${manaus}@koinonia`)).toMatchObject({ tzid: 'America/Manaus', start: '2030-03-07T23:00:00.000Z' });
    expect(text).toContain('DTSTART;TZID=America/Manaus:20300307T190000');
    expect(text).toContain('DTSTART;TZID=America/Rio_Branco:20300305T223000');
  });

  it('the personal feed likewise', async () => {
    const { url } = (await w.member.agent.post('/api/me/calendar-token').expect(201)).body as { url: string };
    const text = (await request(w.t.app).get(new URL(url).pathname + new URL(url).search).expect(200)).text;
    expect(vtimezoneIds(text)).toEqual(['America/Manaus', 'America/Sao_Paulo']);
    expect(readFeed(text).map((event) => [event.tzid, event.start]).sort()).toEqual([
      ['America/Manaus', '2030-03-07T23:00:00.000Z'],
      ['America/Sao_Paulo', '2030-03-06T03:30:00.000Z'],
    ]);
    expect(text).toContain('DTSTART;TZID=America/Manaus:20300307T190000');
  });

  it('the invitation e-mail and the WhatsApp text give the Manaus service at 19:00 · horário de Manaus; São Paulo’s without a suffix', async () => {
    expect(NETWORK_NOW < '2030-03-05').toBe(true);
    outbox = await startOutbox(w.t, sink);
    await expect.poll(() => sink.to(w.member.user.email).length, POLL).toBe(2);
    const texts = await Promise.all(sink.to(w.member.user.email).map(async (mail) => sink.parse(mail)));
    const manausMail = texts.find((mail) => mail.text?.includes('de março de 2030 às 19:00'));
    expect(manausMail?.text).toContain('quinta-feira, 7 de março de 2030 às 19:00 · horário de Manaus');
    expect(manausMail?.subject).toContain('7 de março de 2030 às 19:00 · horário de Manaus');
    const saoPauloMail = texts.find((mail) => mail !== manausMail)!;
    expect(saoPauloMail.text).toContain('quarta-feira, 6 de março de 2030 às 00:30');
    expect(saoPauloMail.text).not.toContain('horário de');

    const share = (await w.admin.agent.get(`/api/events/${manaus}/whatsapp`).expect(200)).body as { escala: { text: string } };
    expect(share.escala.text).toContain('quinta-feira, 7 de março de 2030 às 19:00 · horário de Manaus');
  });
});
