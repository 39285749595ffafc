import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapLink } from '../../../shared/mapLink.ts';
import { expectApiError } from '../../support/apiAssertions.ts';
import { testDatabases } from '../../support/testDatabases.ts';
import { networkWorld, type NetworkWorld } from './networkWorld.ts';

const ADDRESS = 'Rua das Flores, 100 — Centro, São Paulo';
const TIMES = 'Domingos 10h e 19h; quartas 20h';

interface ChurchJson {
  id: number;
  name: string;
  address: string | null;
  service_times: string | null;
}

/** Where a church is and when it meets (issue 21, item 4): optional, trimmed, an empty value clears it. */
describe.each(testDatabases)('a church’s address and service times on $name', ({ open }) => {
  let w: NetworkWorld;
  const listed = async (id: number) =>
    ((await request(w.t.app).get('/api/churches').expect(200)).body as ChurchJson[]).find((church) => church.id === id);

  beforeAll(async () => {
    w = await networkWorld(open);
  });
  afterAll(async () => {
    await w?.t.database.dispose();
  });

  it('are null until given, and everyone reads them once the admin sets them (trimmed, single-spaced)', async () => {
    expect(await listed(w.churchA)).toMatchObject({ address: null, service_times: null });

    const created = await w.admin.agent
      .post('/api/churches')
      .send({ name: 'Igreja Centro', address: `  Rua das Flores, 100 —   Centro, São Paulo `, service_times: ` ${TIMES}  ` })
      .expect(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: 'Igreja Centro',
      city: null,
      timezone: 'America/Sao_Paulo',
      address: ADDRESS,
      service_times: TIMES,
    });
    // A visitor's GET (the API is open; the screens show it only when signed in).
    expect(await listed(created.body.id as number)).toEqual(created.body);

    const patched = await w.admin.agent.patch(`/api/churches/${w.churchA}`).send({ address: 'Av. Paulista, 1000', service_times: 'Sábados 19h30' }).expect(200);
    expect(patched.body).toMatchObject({ id: w.churchA, name: 'Igreja A', city: 'São Paulo', address: 'Av. Paulista, 1000', service_times: 'Sábados 19h30' });
    expect(await listed(w.churchA)).toMatchObject({ address: 'Av. Paulista, 1000', service_times: 'Sábados 19h30' });
  });

  it('PATCH changes one without touching the other; empty, blank or null clears it', async () => {
    const admin = w.admin.agent;
    await admin.patch(`/api/churches/${w.churchB}`).send({ address: ADDRESS, service_times: TIMES }).expect(200);
    const onlyTimes = await admin.patch(`/api/churches/${w.churchB}`).send({ service_times: 'Domingos 18h' }).expect(200);
    expect(onlyTimes.body).toMatchObject({ name: 'Igreja B', address: ADDRESS, service_times: 'Domingos 18h' });

    expect((await admin.patch(`/api/churches/${w.churchB}`).send({ address: '' }).expect(200)).body).toMatchObject({ address: null, service_times: 'Domingos 18h' });
    expect((await admin.patch(`/api/churches/${w.churchB}`).send({ service_times: '   ' }).expect(200)).body).toMatchObject({ address: null, service_times: null });
    await admin.patch(`/api/churches/${w.churchB}`).send({ address: ADDRESS }).expect(200);
    expect((await admin.patch(`/api/churches/${w.churchB}`).send({ address: null }).expect(200)).body).toMatchObject({ address: null });
    expect(await listed(w.churchB)).toMatchObject({ address: null, service_times: null });
  });

  it('refuses what is too long, not text, or holds line breaks, with a pt-BR 400; stores exactly 200 characters', async () => {
    const admin = w.admin.agent;
    const tooLong = await admin.patch(`/api/churches/${w.churchA}`).send({ address: 'a'.repeat(201) });
    expectApiError(tooLong, 400, 'invalid_request');
    expect(tooLong.body.error.message).toContain('O endereço pode ter no máximo 200 caracteres.');
    const timesTooLong = await admin.post('/api/churches').send({ name: 'Igreja Longa', service_times: 'x'.repeat(201) });
    expectApiError(timesTooLong, 400, 'invalid_request');
    expect(timesTooLong.body.error.message).toContain('Os horários de culto podem ter no máximo 200 caracteres.');
    const lineBreak = await admin.patch(`/api/churches/${w.churchA}`).send({ address: 'Rua A\nRua B' });
    expectApiError(lineBreak, 400, 'invalid_request');
    expect(lineBreak.body.error.message).toContain('O endereço não pode ter quebras de linha');
    for (const body of [{ address: 42 }, { service_times: ['Domingos'] }, { address: {} }]) {
      expectApiError(await admin.patch(`/api/churches/${w.churchA}`).send(body), 400, 'invalid_request');
    }
    // Nothing was changed by a refused call.
    expect(await listed(w.churchA)).toMatchObject({ address: 'Av. Paulista, 1000', service_times: 'Sábados 19h30' });

    const longest = 'é'.repeat(200);
    expect((await admin.patch(`/api/churches/${w.churchA}`).send({ address: longest, service_times: longest }).expect(200)).body).toMatchObject({
      address: longest,
      service_times: longest,
    });
    expect(await listed(w.churchA)).toMatchObject({ address: longest, service_times: longest });
  });

  it('only an admin sets them', async () => {
    expectApiError(await w.teamLeader.agent.patch(`/api/churches/${w.churchA}`).send({ address: 'Rua X' }), 403, 'forbidden');
    expectApiError(await w.member.agent.post('/api/churches').send({ name: 'Nova', address: 'Rua X' }), 403, 'forbidden');
    expectApiError(await request(w.t.app).patch(`/api/churches/${w.churchA}`).send({ address: 'Rua X' }), 401, 'unauthenticated');
    expect((await listed(w.churchA))?.address).not.toBe('Rua X');
  });
});

describe('mapLink', () => {
  it('is Google Maps’ search of the address, encoded', () => {
    expect(mapLink('Rua das Flores, 100 & Cia #2')).toBe('https://www.google.com/maps/search/?api=1&query=Rua%20das%20Flores%2C%20100%20%26%20Cia%20%232');
  });
});
