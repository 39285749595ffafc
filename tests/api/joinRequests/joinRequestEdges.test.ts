import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../support/apiAssertions.ts';
import { signedInAgent } from '../../support/authAgent.ts';
import { testDatabases } from '../../support/testDatabases.ts';
import { networkWorld, type NetworkWorld } from '../network/networkWorld.ts';

/**
 * docs/product.md §13, join requests at their edges: many identical requests at once, a network leader deciding, a
 * member who joined meanwhile, a team's own leader asking to join it.
 */
describe.each(testDatabases)('join requests at the edges on $name', ({ open }) => {
  let w: NetworkWorld;

  beforeAll(async () => {
    w = await networkWorld(open);
  });
  afterAll(async () => {
    await w?.t.database.dispose();
  });

  const people = (name: string) => signedInAgent(w.t.app, w.t.database, { name });

  it('ten identical requests at once: one 201, nine 409 already_requested, one row and one e-mail per leader', async () => {
    const caio = await people('Caio Clica Dez Vezes');
    const body = { church_id: w.churchA, department_id: w.infantil, positions: [w.professor] };
    const answers = await Promise.all(Array.from({ length: 10 }, () => caio.agent.post('/api/me/join-requests').send(body)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, ...Array<number>(9).fill(409)]);
    for (const answer of answers.filter((item) => item.status === 409)) expectApiError(answer, 409, 'already_requested');
    const rows = await w.t.database.db.selectFrom('join_requests').select(['id', 'status']).where('user_id', '=', caio.user.id).execute();
    expect(rows).toEqual([{ id: answers.find((answer) => answer.status === 201)!.body.id, status: 'pending' }]);
    const told = await w.t.database.db.selectFrom('outbox').select('recipient_id').where('kind', '=', 'join_requested').where('dedupe_key', 'like', `join_requested:${rows[0]!.id}:%`).execute();
    expect(told).toEqual([{ recipient_id: w.admin.user.id }]);
  });

  it('a retry with the same Idempotency-Key gets the first 201 back, not 409 already_requested', async () => {
    const fabi = await people('Fabi Tenta De Novo');
    const body = { church_id: w.churchB, department_id: w.infantil, positions: [] };
    const first = await fabi.agent.post('/api/me/join-requests').set('Idempotency-Key', 'pedido-fabi-0001').send(body);
    expect(first.status, first.text).toBe(201);
    const retry = await fabi.agent.post('/api/me/join-requests').set('Idempotency-Key', 'pedido-fabi-0001').send(body);
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    expectApiError(await fabi.agent.post('/api/me/join-requests').send(body), 409, 'already_requested');
  });

  it('a network leader (role leader) lists and decides any team’s requests', async () => {
    const dora = await people('Dora Da Rede');
    const asked = await dora.agent.post('/api/me/join-requests').send({ church_id: w.churchB, department_id: w.louvor, positions: [w.bateria] }).expect(201);
    expect(((await w.legacyLeader.agent.get(`/api/teams/${w.churchB}/${w.louvor}/join-requests`).expect(200)).body as Array<{ id: number }>).map((item) => item.id)).toEqual([asked.body.id]);
    const res = await w.legacyLeader.agent.post(`/api/join-requests/${asked.body.id}/approve`).send({ positions: [w.bateria] });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ church_id: w.churchB, department_id: w.louvor, member: { id: dora.user.id }, positions: [{ id: w.bateria, name: 'Bateria' }] });
  });

  it('a member who joined meanwhile keeps their positions and gains the chosen ones; the audit log says what changed', async () => {
    const edu = await people('Edu Entrou Antes');
    const asked = await edu.agent.post('/api/me/join-requests').send({ church_id: w.churchA, department_id: w.louvor, positions: [w.bateria] }).expect(201);
    await w.admin.agent.put(`/api/teams/${w.churchA}/${w.louvor}/members/${edu.user.id}`).send({ positions: [w.vocal] }).expect(200);
    const res = await w.teamLeader.agent.post(`/api/join-requests/${asked.body.id}/approve`).send({ positions: [w.bateria] });
    expect(res.status, res.text).toBe(200);
    expect(res.body.positions).toEqual([
      { id: w.bateria, name: 'Bateria' },
      { id: w.vocal, name: 'Vocal' },
    ]);
    const audit = (await w.admin.agent.get(`/api/audit?subject_id=${edu.user.id}&action=team_member_changed`).expect(200)).body as Array<{ actor: { id: number }; details: Record<string, unknown> }>;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: { id: w.teamLeader.user.id }, details: { position_ids: [w.vocal, w.bateria].sort((a, b) => a - b), was_position_ids: [w.vocal] } });
  });

  it('a team’s own leader cannot ask to join it (409 already_member), and is not told of their own request to another team', async () => {
    expectApiError(await w.teamLeader.agent.post('/api/me/join-requests').send({ church_id: w.churchA, department_id: w.louvor, positions: [] }), 409, 'already_member');
    const asked = await w.teamLeader.agent.post('/api/me/join-requests').send({ church_id: w.churchA, department_id: w.infantil, positions: [] }).expect(201);
    const told = await w.t.database.db.selectFrom('outbox').select('recipient_id').where('dedupe_key', 'like', `join_requested:${asked.body.id}:%`).execute();
    expect(told).toEqual([{ recipient_id: w.admin.user.id }]);
    // Leading A/Louvor gives no say over A/Infantil, not even over one's own request.
    expectApiError(await w.teamLeader.agent.post(`/api/join-requests/${asked.body.id}/approve`).send({ positions: [] }), 403, 'forbidden');
  });
});
