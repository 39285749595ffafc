import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../support/apiAssertions.ts';
import { testDatabases } from '../../support/testDatabases.ts';
import { createNetworkEvent, networkWorld, type NetworkWorld } from './networkWorld.ts';

/**
 * Gestão da rede renames and deletes (issue 21, item 7): churches, event types, departments and positions. What
 * is still in use is not deleted — 409 `in_use` says by what — and only admins change the catalogue.
 */
/** The answer, once checked to be this error in the API's shape. */
async function refused(answer: PromiseLike<Parameters<typeof expectApiError>[0]>, status: number, code: string) {
  const res = await answer;
  expectApiError(res, status, code);
  return res as Parameters<typeof expectApiError>[0] & { body: { error: { message: string } } };
}

describe.each(testDatabases)('renaming and deleting the network’s catalogue on $name', ({ open }) => {
  let w: NetworkWorld;

  beforeAll(async () => {
    w = await networkWorld(open);
  });
  afterAll(async () => {
    await w?.t.database.dispose();
  });

  it('a church: renamed (and its city), a taken name 409, a member 403, unknown 404; in use 409 in_use; unused deleted', async () => {
    const admin = w.admin.agent;
    const renamed = await admin.patch(`/api/churches/${w.churchB}`).send({ name: 'Igreja Betel', city: 'Campinas' }).expect(200);
    expect(renamed.body).toEqual({ id: w.churchB, name: 'Igreja Betel', city: 'Campinas', timezone: 'America/Sao_Paulo', address: null, service_times: null });
    expect((await admin.patch(`/api/churches/${w.churchB}`).send({ city: '' }).expect(200)).body).toEqual({ id: w.churchB, name: 'Igreja Betel', city: null, timezone: 'America/Sao_Paulo', address: null, service_times: null });
    await refused(admin.patch(`/api/churches/${w.churchB}`).send({ name: 'igreja a' }), 409, 'church_exists');
    await refused(admin.patch(`/api/churches/${w.churchB}`).send({}), 400, 'invalid_request');
    await refused(w.member.agent.patch(`/api/churches/${w.churchB}`).send({ name: 'X' }), 403, 'forbidden');
    await refused(w.teamLeader.agent.delete(`/api/churches/${w.churchB}`), 403, 'forbidden');
    await refused(admin.patch('/api/churches/2147483647').send({ name: 'X' }), 404, 'not_found');

    // Igreja A has Tina's team and, now, an event.
    await createNetworkEvent(admin, { datetime: '2030-03-01T19:00', church_id: w.churchA });
    const inUse = await refused(admin.delete(`/api/churches/${w.churchA}`), 409, 'in_use');
    expect(inUse.body.error.message).toBe('A igreja Igreja A não pode ser excluído(a): ainda tem 1 evento e 1 pessoa em equipes.');
    expect((await admin.get('/api/churches').expect(200)).body.map((church: { id: number }) => church.id)).toContain(w.churchA);

    await admin.delete(`/api/churches/${w.churchB}`).expect(204);
    expect((await admin.get('/api/churches').expect(200)).body.map((church: { id: number }) => church.id)).not.toContain(w.churchB);
    await refused(admin.delete(`/api/churches/${w.churchB}`), 404, 'not_found');
  });

  it('an event type: renamed (not onto another’s name, whatever its accents), in use 409, unused deleted', async () => {
    const admin = w.admin.agent;
    const used = (await admin.post('/api/event-types').send({ name: 'Vigília' }).expect(201)).body.id as number;
    const unused = (await admin.post('/api/event-types').send({ name: 'Retiro' }).expect(201)).body.id as number;
    expect((await admin.patch(`/api/event-types/${unused}`).send({ name: 'Retiro de casais' }).expect(200)).body).toEqual({ id: unused, name: 'Retiro de casais' });
    await refused(admin.patch(`/api/event-types/${unused}`).send({ name: 'vigilia' }), 409, 'event_type_exists');
    await createNetworkEvent(admin, { datetime: '2030-03-02T22:00', event_type_id: used });
    const inUse = await refused(admin.delete(`/api/event-types/${used}`), 409, 'in_use');
    expect(inUse.body.error.message).toBe('O tipo Vigília não pode ser excluído(a): ainda tem 1 evento.');
    await admin.delete(`/api/event-types/${unused}`).expect(204);
    expect((await admin.get('/api/event-types').expect(200)).body.map((type: { id: number }) => type.id)).not.toContain(unused);
  });

  it('a department and a position: renamed; in use (team, needs, escalas) 409; unused deleted with its positions', async () => {
    const admin = w.admin.agent;
    expect((await admin.patch(`/api/departments/${w.louvor}/positions/${w.bateria}`).send({ name: 'Percussão' }).expect(200)).body).toEqual({
      id: w.bateria,
      name: 'Percussão',
      department_id: w.louvor,
    });
    await refused(admin.patch(`/api/departments/${w.louvor}/positions/${w.bateria}`).send({ name: 'vocal' }), 409, 'position_exists');
    await refused(admin.patch(`/api/departments/${w.infantil}/positions/${w.bateria}`).send({ name: 'X' }), 404, 'not_found');
    const vocal = await refused(admin.delete(`/api/departments/${w.louvor}/positions/${w.vocal}`), 409, 'in_use');
    expect(vocal.body.error.message).toBe('A função Vocal não pode ser excluído(a): ainda tem 1 pessoa que a exerce.');
    await admin.delete(`/api/departments/${w.louvor}/positions/${w.bateria}`).expect(204);

    const louvor = await refused(admin.delete(`/api/departments/${w.louvor}`), 409, 'in_use');
    expect(louvor.body.error.message).toMatch(/^O departamento Louvor não pode ser excluído\(a\): ainda tem .*1 membro de equipe\.$/);

    const midia = (await admin.post('/api/departments').send({ name: 'Mídia Nova' }).expect(201)).body.id as number;
    await admin.post(`/api/departments/${midia}/positions`).send({ name: 'Câmera' }).expect(201);
    expect((await admin.patch(`/api/departments/${midia}`).send({ name: 'Comunicação' }).expect(200)).body).toEqual({ id: midia, name: 'Comunicação' });
    await refused(admin.patch(`/api/departments/${midia}`).send({ name: 'LOUVOR' }), 409, 'department_exists');
    await admin.delete(`/api/departments/${midia}`).expect(204);
    await refused(admin.get(`/api/departments/${midia}/positions`), 404, 'not_found');
    await refused(w.member.agent.delete(`/api/departments/${w.infantil}`), 403, 'forbidden');
  });
});
