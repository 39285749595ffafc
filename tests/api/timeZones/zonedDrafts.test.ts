import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../support/testDatabases.ts';
import { zonedWorld, type ZonedWorld } from './zonedWorld.ts';

type DraftBody = { places: Array<{ event: { id: number; timezone: string }; user: { id: number } | null; reasons: Array<{ code: string }> }> };

/**
 * A draft (docs/product.md §9) by each event's own day (§12): a Rio Branco service at 22:30 of the 5th (03:30Z on the
 * 6th) is in a draft of the 5th, not of the 6th, and a blockout of the 5th keeps its team member out of it.
 */
describe.each(testDatabases)('drafts in several zones on $name', ({ open }) => {
  let w: ZonedWorld;
  let rio: number;
  let saoPaulo: number;

  beforeAll(async () => {
    w = await zonedWorld(open);
    const admin = w.admin.agent;
    const create = async (datetime: string, church: number) =>
      (await admin.post('/api/events').send({ event_type_id: null, datetime, church_id: church }).expect(201)).body.id as number;
    rio = await create('2030-03-05T22:30', w.rioBranco);
    saoPaulo = await create('2030-03-06T00:30', w.churchA);
    for (const church of [w.rioBranco, w.churchA]) {
      await admin.put(`/api/teams/${church}/${w.louvor}/members/${w.member.user.id}`).send({ positions: [w.vocal] }).expect(200);
    }
    for (const event of [rio, saoPaulo]) await admin.put(`/api/events/${event}/needs`).send([{ department_id: w.louvor, position_id: w.vocal, count: 1 }]).expect(200);
  });
  afterAll(async () => {
    await w?.t.database.dispose();
  });

  const draft = async (from: string, to: string) => {
    const res = await w.admin.agent.post('/api/escalas/drafts').send({ from, to, department_id: w.louvor });
    expect(res.status, res.text).toBe(201);
    const body = res.body as DraftBody & { id: number };
    await w.admin.agent.delete(`/api/escalas/drafts/${body.id}`);
    return body;
  };

  it('holds the events whose own day is in its range, each with its zone', async () => {
    const fifth = await draft('2030-03-05', '2030-03-05');
    expect(fifth.places.map((place) => [place.event.id, place.event.timezone])).toEqual([[rio, 'America/Rio_Branco']]);
    const sixth = await draft('2030-03-06', '2030-03-06');
    expect(sixth.places.map((place) => [place.event.id, place.event.timezone])).toEqual([[saoPaulo, 'America/Sao_Paulo']]);
  });

  it('proposes nobody blocked on the event’s own day', async () => {
    await w.member.agent.post('/api/me/blockouts').send({ from: '2030-03-05', to: '2030-03-05' }).expect(201);
    const both = await draft('2030-03-05', '2030-03-06');
    expect(both.places.find((place) => place.event.id === rio)?.user).toBeNull();
    const byEvent = new Map(both.places.map((place) => [place.event.id, place]));
    // Rio Branco's team is the member alone, blocked that day there; São Paulo's of the 6th still gets someone.
    expect(byEvent.get(rio)?.user).toBeNull();
    expect(byEvent.get(saoPaulo)?.user).not.toBeNull();
    await w.member.agent.post('/api/me/blockouts').send({ from: '2030-03-06', to: '2030-03-06' }).expect(201);
    await w.admin.agent.delete(`/api/teams/${w.churchA}/${w.louvor}/members/${w.teamLeader.user.id}`).expect(204);
    const blockedBoth = new Map((await draft('2030-03-05', '2030-03-06')).places.map((place) => [place.event.id, place]));
    expect(blockedBoth.get(saoPaulo)?.user).toBeNull();
  });
});
