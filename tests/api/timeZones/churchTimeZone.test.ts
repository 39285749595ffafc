import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../support/apiAssertions.ts';
import { testDatabases } from '../../support/testDatabases.ts';
import { networkWorld, type NetworkWorld } from '../network/networkWorld.ts';

/** A church's time zone (docs/product.md §12): IANA, validated, the network's by default, always answered concretely. */
describe.each(testDatabases)('a church’s time zone on $name', ({ open }) => {
  let w: NetworkWorld;

  beforeAll(async () => {
    w = await networkWorld(open);
  });
  afterAll(async () => {
    await w?.t.database.dispose();
  });

  it('is the network’s zone when none is chosen, and whatever valid zone the admin chooses', async () => {
    const admin = w.admin.agent;
    const listed = (await admin.get('/api/churches').expect(200)).body as Array<{ id: number; timezone: string }>;
    expect(listed.find((church) => church.id === w.churchA)).toEqual({ id: w.churchA, name: 'Igreja A', city: 'São Paulo', timezone: 'America/Sao_Paulo', address: null, service_times: null });

    const manaus = await admin.post('/api/churches').send({ name: 'Igreja Manaus', city: 'Manaus', timezone: 'america/manaus' }).expect(201);
    expect(manaus.body).toEqual({ id: expect.any(Number), name: 'Igreja Manaus', city: 'Manaus', timezone: 'America/Manaus', address: null, service_times: null });
    const moved = await admin.patch(`/api/churches/${w.churchB}`).send({ timezone: 'America/Rio_Branco', address: null, service_times: null }).expect(200);
    expect(moved.body).toEqual({ id: w.churchB, name: 'Igreja B', city: null, timezone: 'America/Rio_Branco', address: null, service_times: null });

    const anonymous = (await request(w.t.app).get('/api/churches').expect(200)).body as Array<{ id: number; timezone: string }>;
    expect(anonymous.map((church) => [church.id, church.timezone])).toEqual(
      expect.arrayContaining([
        [w.churchA, 'America/Sao_Paulo'],
        [w.churchB, 'America/Rio_Branco'],
        [manaus.body.id, 'America/Manaus'],
      ]),
    );
  });

  it('refuses a zone that is not IANA with 400 in pt-BR, and only admins change it', async () => {
    const admin = w.admin.agent;
    for (const timezone of ['Manaus', '', 'GMT+99', '+03:00', 7, null]) {
      const res = await admin.post('/api/churches').send({ name: 'Igreja X', timezone });
      expectApiError(res, 400, 'invalid_request');
    }
    const bad = await admin.patch(`/api/churches/${w.churchA}`).send({ timezone: 'Brasil/Manaus' });
    expectApiError(bad, 400, 'invalid_request');
    expect(bad.body.error.message).toContain('Fuso horário desconhecido');
    expectApiError(await w.teamLeader.agent.patch(`/api/churches/${w.churchA}`).send({ timezone: 'America/Manaus', address: null, service_times: null }), 403, 'forbidden');
    expect((await admin.get('/api/churches').expect(200)).body).toContainEqual({ id: w.churchA, name: 'Igreja A', city: 'São Paulo', timezone: 'America/Sao_Paulo', address: null, service_times: null });
  });
});

describe.each(testDatabases)('a network in another zone on $name', ({ open }) => {
  it('answers APP_TIMEZONE for a church without a zone of its own', async () => {
    const w = await networkWorld(open, { APP_TIMEZONE: 'America/Manaus' });
    try {
      const listed = (await w.admin.agent.get('/api/churches').expect(200)).body as Array<{ timezone: string }>;
      expect(listed.map((church) => church.timezone)).toEqual(['America/Manaus', 'America/Manaus']);
    } finally {
      await w.t.database.dispose();
    }
  });
});
