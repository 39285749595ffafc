import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../support/apiAssertions.ts';
import { signedInAgent, TEST_PASSWORD, type SignedIn } from '../../support/authAgent.ts';
import { testDatabases } from '../../support/testDatabases.ts';
import { networkWorld, type NetworkWorld } from '../network/networkWorld.ts';

/**
 * docs/product.md §11 for join requests (§13): a person's export holds their requests with their note and the leaders'
 * reason; a removed account's requests go — its note with them — and leaders no longer see nor decide them.
 */
describe.each(testDatabases)('join requests and privacy on $name', ({ open }) => {
  let w: NetworkWorld;
  let ana: SignedIn;
  let declined: number;
  let pending: number;

  beforeAll(async () => {
    w = await networkWorld(open);
    ana = await signedInAgent(w.t.app, w.t.database, { name: 'Ana Nova' });
    declined = (await ana.agent.post('/api/me/join-requests').send({ church_id: w.churchA, department_id: w.louvor, positions: [w.vocal], note: 'Canto desde criança.' }).expect(201)).body.id;
    await w.teamLeader.agent.post(`/api/join-requests/${declined}/decline`).send({ reason: 'Volte no próximo semestre.' }).expect(200);
    pending = (await ana.agent.post('/api/me/join-requests').send({ church_id: w.churchA, department_id: w.infantil, positions: [w.professor], note: 'Sou professora.' }).expect(201)).body.id;
  });
  afterAll(async () => {
    await w?.t.database.dispose();
  });

  it('the export holds my requests, my notes and the leaders’ reason', async () => {
    const res = await ana.agent.get('/api/me/export').expect(200);
    expect(res.body.join_requests).toEqual([
      expect.objectContaining({ id: pending, status: 'pending', note: 'Sou professora.', positions: [{ id: w.professor, name: 'Professor' }], reason: null }),
      expect.objectContaining({ id: declined, status: 'declined', note: 'Canto desde criança.', reason: 'Volte no próximo semestre.' }),
    ]);
    expect((await w.member.agent.get('/api/me/export').expect(200)).body.join_requests).toEqual([]);
  });

  it('removing the account removes the requests: the leaders’ lists lose them, deciding one is 404, the note is gone', async () => {
    expect(((await w.admin.agent.get('/api/join-requests').expect(200)).body as Array<{ id: number }>).map((item) => item.id)).toEqual([pending]);
    await ana.agent.delete('/api/me').send({ password: TEST_PASSWORD }).expect(204);
    expect((await w.admin.agent.get('/api/join-requests').expect(200)).body).toEqual([]);
    expectApiError(await w.admin.agent.post(`/api/join-requests/${pending}/approve`).send({ positions: [] }), 404, 'not_found');
    const { db } = w.t.database;
    expect(await db.selectFrom('join_requests').select('id').where('user_id', '=', ana.user.id).execute()).toEqual([]);
    expect(await db.selectFrom('join_request_positions').select('position_id').execute()).toEqual([]);
    // Nobody joined the team.
    expect((await w.admin.agent.get(`/api/teams/${w.churchA}/${w.infantil}/members`).expect(200)).body).toEqual([]);
  });
});
