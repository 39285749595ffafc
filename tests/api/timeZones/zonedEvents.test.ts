import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEventShape } from '../../support/apiAssertions.ts';
import { testDatabases } from '../../support/testDatabases.ts';
import { zonedWorld, type ZonedWorld } from './zonedWorld.ts';

type Listed = Array<{ id: number; datetime: string }>;
type Detailed = Array<{ id: number; datetime: string; timezone: string }>;

/**
 * An event's wall-clock time and day are its church's zone's (docs/product.md §12,
 * docs/adr/0006-an-event-belongs-to-its-own-zone-day.md): created, repeated, moved between churches and listed by day.
 */
describe.each(testDatabases)('events in several zones on $name', ({ open }) => {
  let w: ZonedWorld;
  const create = async (body: Record<string, unknown>) => {
    const res = await w.admin.agent.post('/api/events').send({ event_type_id: null, ...body });
    expect(res.status, res.text).toBe(201);
    return res.body as { id: number; datetime: string; timezone: string; series_id: number | null };
  };
  const ids = (body: Listed) => body.map((event) => event.id);

  beforeAll(async () => {
    w = await zonedWorld(open);
  });
  afterAll(async () => {
    await w?.t.database.dispose();
  });

  it('reads 19:00 typed for Manaus as 19:00 Manaus time (23:00Z) and says the zone', async () => {
    const manaus = await create({ datetime: '2030-02-03T19:00', church_id: w.manaus, ends_at: '2030-02-03T21:00' });
    expect(manaus).toMatchObject({ datetime: '2030-02-03T23:00:00.000Z', timezone: 'America/Manaus', ends_at: '2030-02-04T01:00:00.000Z' });
    const sede = await create({ datetime: '2030-02-03T19:00', church_id: w.churchA });
    expect(sede).toMatchObject({ datetime: '2030-02-03T22:00:00.000Z', timezone: 'America/Sao_Paulo' });
    const network = await create({ datetime: '2030-02-03T19:00' });
    expect(network).toMatchObject({ datetime: '2030-02-03T22:00:00.000Z', timezone: 'America/Sao_Paulo' });
    // A time with an offset is that instant, whatever the church.
    expect(await create({ datetime: '2030-02-03T19:00:00-03:00', church_id: w.manaus })).toMatchObject({ datetime: '2030-02-03T22:00:00.000Z' });

    const read = await w.member.agent.get(`/api/events/${manaus.id}?detail=full`).expect(200);
    expect(read.body).toMatchObject({ datetime: '2030-02-03T23:00:00.000Z', church_id: w.manaus, timezone: 'America/Manaus' });
    const plain = await request(w.t.app).get(`/api/events/${manaus.id}`).expect(200);
    expectEventShape(plain.body);
  });

  it('repeats a Manaus series at 19:00 Manaus time on every date', async () => {
    const first = await create({ datetime: '2030-02-05T19:00', church_id: w.manaus, repeat: { freq: 'weekly', interval: 1, count: 4 } });
    expect(first.series_id).not.toBeNull();
    const listed = (await w.admin.agent.get('/api/events?from=2030-02-05&to=2030-02-26&detail=full').expect(200)).body as Detailed;
    const series = listed.filter((event) => event.timezone === 'America/Manaus' && event.datetime.endsWith('T23:00:00.000Z'));
    expect(series.map((event) => event.datetime)).toEqual([
      '2030-02-05T23:00:00.000Z',
      '2030-02-12T23:00:00.000Z',
      '2030-02-19T23:00:00.000Z',
      '2030-02-26T23:00:00.000Z',
    ]);
    // Moving the series on from the third date by half an hour keeps Manaus time.
    const third = series[2]!;
    await w.admin.agent.patch(`/api/events/${third.id}?scope=following`).send({ datetime: '2030-02-19T19:30' }).expect(200);
    const after = (await w.admin.agent.get('/api/events?from=2030-02-19&to=2030-02-26&detail=full').expect(200)).body as Detailed;
    expect(after.filter((event) => event.timezone === 'America/Manaus').map((event) => event.datetime)).toEqual(['2030-02-19T23:30:00.000Z', '2030-02-26T23:30:00.000Z']);
  });

  it('puts each event on the day of its own zone: ?date= and from/to, signed out and in', async () => {
    // 22:30 in Rio Branco and 23:30 in Manaus on the 5th are 03:30Z on the 6th; 01:00 in São Paulo on the 6th is 04:00Z.
    const rio = await create({ datetime: '2030-03-05T22:30', church_id: w.rioBranco });
    expect(rio.datetime).toBe('2030-03-06T03:30:00.000Z');
    const manaus = await create({ datetime: '2030-03-05T23:30', church_id: w.manaus });
    expect(manaus.datetime).toBe('2030-03-06T03:30:00.000Z');
    const saoPaulo = await create({ datetime: '2030-03-06T01:00', church_id: w.churchA });
    const early = await create({ datetime: '2030-03-06T00:10', church_id: w.rioBranco }); // 05:10Z on the 6th

    const fifth = (await request(w.t.app).get('/api/events?date=2030-03-05').expect(200)).body as Listed;
    expect(ids(fifth)).toEqual([rio.id, manaus.id]);
    for (const event of fifth) expectEventShape(event);
    const sixth = (await request(w.t.app).get('/api/events?date=2030-03-06').expect(200)).body as Listed;
    expect(ids(sixth)).toEqual([saoPaulo.id, early.id]);
    for (const event of sixth) expectEventShape(event);

    const range = (await request(w.t.app).get('/api/events?from=2030-03-04&to=2030-03-05').expect(200)).body as Listed;
    expect(ids(range)).toEqual([rio.id, manaus.id]);
    const detailed = (await w.member.agent.get('/api/events?date=2030-03-05&detail=full').expect(200)).body as Detailed;
    expect(detailed.map((event) => [event.id, event.timezone])).toEqual([
      [rio.id, 'America/Rio_Branco'],
      [manaus.id, 'America/Manaus'],
    ]);
    // The whole list has them all, by instant.
    const all = ids((await request(w.t.app).get('/api/events').expect(200)).body as Listed);
    expect(all.indexOf(rio.id)).toBeLessThan(all.indexOf(saoPaulo.id));
  });

  it('moving an event to a church of another zone keeps its wall-clock time there, and the answer says the zone', async () => {
    const event = await create({ datetime: '2030-04-02T19:00', church_id: w.churchA, ends_at: '2030-04-02T20:30' });
    expect(event.datetime).toBe('2030-04-02T22:00:00.000Z');
    const moved = await w.admin.agent.patch(`/api/events/${event.id}`).send({ church_id: w.manaus }).expect(200);
    expect(moved.body).toMatchObject({ datetime: '2030-04-02T23:00:00.000Z', ends_at: '2030-04-03T00:30:00.000Z', church_id: w.manaus, timezone: 'America/Manaus' });
    // A new time with the new church is read in the new church's zone.
    const both = await w.admin.agent.patch(`/api/events/${event.id}`).send({ church_id: w.rioBranco, datetime: '2030-04-02T18:00' }).expect(200);
    expect(both.body).toMatchObject({ datetime: '2030-04-02T23:00:00.000Z', timezone: 'America/Rio_Branco' });
    // Back to the whole network: 18:00 in APP_TIMEZONE.
    const network = await w.admin.agent.patch(`/api/events/${event.id}`).send({ church_id: null }).expect(200);
    expect(network.body).toMatchObject({ datetime: '2030-04-02T21:00:00.000Z', timezone: 'America/Sao_Paulo' });
  });

  it('moving a series on to another zone’s church keeps 19:00 there on every later date', async () => {
    const first = await create({ datetime: '2030-05-07T19:00', church_id: w.churchA, repeat: { freq: 'weekly', interval: 1, count: 3 } });
    const listed = (await w.admin.agent.get('/api/events?from=2030-05-07&to=2030-05-21&detail=full').expect(200)).body as Detailed;
    const second = listed.find((event) => event.datetime === '2030-05-14T22:00:00.000Z')!;
    await w.admin.agent.patch(`/api/events/${second.id}?scope=following`).send({ church_id: w.manaus }).expect(200);
    const after = (await w.admin.agent.get('/api/events?from=2030-05-07&to=2030-05-21&detail=full').expect(200)).body as Detailed;
    const ofSeries = after.filter((event) => [first.id, second.id].includes(event.id) || event.datetime.startsWith('2030-05-21'));
    expect(ofSeries.map((event) => [event.datetime, event.timezone])).toEqual([
      ['2030-05-07T22:00:00.000Z', 'America/Sao_Paulo'],
      ['2030-05-14T23:00:00.000Z', 'America/Manaus'],
      ['2030-05-21T23:00:00.000Z', 'America/Manaus'],
    ]);
  });

  it('a church whose zone is set after its series were made: their instants stay, a details edit moves nothing, a new time is measured on its clock', async () => {
    const church = (await w.admin.agent.post('/api/churches').send({ name: 'Porto Velho' }).expect(201)).body.id as number;
    await create({ datetime: '2030-06-04T19:00', church_id: church, repeat: { freq: 'weekly', interval: 1, count: 3 } });
    const dates = async () =>
      ((await w.admin.agent.get('/api/events?from=2030-06-04&to=2030-06-18&detail=full').expect(200)).body as Detailed)
        .filter((event) => event.timezone === 'America/Porto_Velho')
        .map((event) => event.datetime);
    // The church moves to its real zone (UTC−4): its services keep their instants, now 18:00 there.
    await w.admin.agent.patch(`/api/churches/${church}`).send({ timezone: 'America/Porto_Velho' }).expect(200);
    expect(await dates()).toEqual(['2030-06-04T22:00:00.000Z', '2030-06-11T22:00:00.000Z', '2030-06-18T22:00:00.000Z']);
    const listed = (await w.admin.agent.get('/api/events?from=2030-06-04&to=2030-06-18&detail=full').expect(200)).body as Detailed;
    const first = listed.find((event) => event.datetime === '2030-06-04T22:00:00.000Z' && event.timezone === 'America/Porto_Velho')!;

    // A location for this and the following ones: nothing moves (nobody is asked again).
    await w.admin.agent.patch(`/api/events/${first.id}?scope=following`).send({ location: 'Anexo' }).expect(200);
    expect(await dates()).toEqual(['2030-06-04T22:00:00.000Z', '2030-06-11T22:00:00.000Z', '2030-06-18T22:00:00.000Z']);

    // 18:00 → 18:30 on the church's clock: half an hour later on every date.
    await w.admin.agent.patch(`/api/events/${first.id}?scope=following`).send({ datetime: '2030-06-04T18:30' }).expect(200);
    expect(await dates()).toEqual(['2030-06-04T22:30:00.000Z', '2030-06-11T22:30:00.000Z', '2030-06-18T22:30:00.000Z']);
  });
});
