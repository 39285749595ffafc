import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../support/apiAssertions.ts';
import { signedInAgent, type SignedIn } from '../../support/authAgent.ts';
import { outboxRows } from '../../support/outboxWorld.ts';
import { testDatabases } from '../../support/testDatabases.ts';
import { NETWORK_NOW, networkWorld, type NetworkWorld } from '../network/networkWorld.ts';

const keysOf = (value: object) => Object.keys(value).sort();
const ids = (list: number[]) => [...list].sort((a, b) => a - b);

/** docs/product.md §13, join requests: "Quero servir", one pending per team, the leaders' decision and its scope. */
describe.each(testDatabases)('join requests on $name', ({ open }) => {
  let w: NetworkWorld;
  let ana: SignedIn;
  let otto: SignedIn;
  let anaA: number;
  let anaB: number;

  const joinMessages = async (kind: string) =>
    (await outboxRows(w.t.database)).filter((row) => row.kind === kind).map((row) => ({ recipient: row.recipient_id, request: JSON.parse(row.payload).join_request_id as number }));

  beforeAll(async () => {
    w = await networkWorld(open);
    ana = await signedInAgent(w.t.app, w.t.database, { name: 'Ana Nova' });
    otto = await signedInAgent(w.t.app, w.t.database, { name: 'Otto Outra' });
    // Otto leads another team: Louvor at church B.
    await w.admin.agent.put(`/api/teams/${w.churchB}/${w.louvor}/members/${otto.user.id}`).send({ positions: [], leader: true }).expect(200);
  });
  afterAll(async () => {
    await w?.t.database.dispose();
  });

  it('asks to serve (201, exactly { id, status }) and tells the team’s leaders and the admins, no one else', async () => {
    const res = await ana.agent
      .post('/api/me/join-requests')
      .send({ church_id: w.churchA, department_id: w.louvor, positions: [w.vocal, w.bateria, w.vocal], note: '  Canto no coral há cinco anos.  ' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), status: 'pending' });
    anaA = res.body.id;
    expect(await joinMessages('join_requested')).toEqual(
      ids([w.teamLeader.user.id, w.admin.user.id]).map((recipient) => ({ recipient, request: anaA })),
    );
  });

  it('keeps one pending request per team: a second for the same team is 409 already_requested, another team is fine', async () => {
    expectApiError(await ana.agent.post('/api/me/join-requests').send({ church_id: w.churchA, department_id: w.louvor, positions: [] }), 409, 'already_requested');
    const other = await ana.agent.post('/api/me/join-requests').send({ church_id: w.churchB, department_id: w.louvor, positions: [w.bateria] });
    expect(other.status, other.text).toBe(201);
    anaB = other.body.id;
    // Otto leads B/Louvor: he and the admin are told; Tina (A/Louvor) is not.
    expect((await joinMessages('join_requested')).filter((message) => message.request === anaB)).toEqual(
      ids([otto.user.id, w.admin.user.id]).map((recipient) => ({ recipient, request: anaB })),
    );
  });

  it('lists my requests, newest first, with the team’s names, the positions by name and the state', async () => {
    const res = await ana.agent.get('/api/me/join-requests').expect(200);
    expect(res.body).toEqual([
      {
        id: anaB,
        church: { id: w.churchB, name: 'Igreja B' },
        department: { id: w.louvor, name: 'Louvor' },
        positions: [{ id: w.bateria, name: 'Bateria' }],
        note: null,
        status: 'pending',
        reason: null,
        created_at: NETWORK_NOW,
        decided_at: null,
      },
      {
        id: anaA,
        church: { id: w.churchA, name: 'Igreja A' },
        department: { id: w.louvor, name: 'Louvor' },
        positions: [
          { id: w.bateria, name: 'Bateria' },
          { id: w.vocal, name: 'Vocal' },
        ],
        note: 'Canto no coral há cinco anos.',
        status: 'pending',
        reason: null,
        created_at: NETWORK_NOW,
        decided_at: null,
      },
    ]);
    expect((await w.member.agent.get('/api/me/join-requests').expect(200)).body).toEqual([]);
  });

  it('shows a team’s pending requests to its leaders (with who asks) and to admins; other leaders and members are refused', async () => {
    const list = await w.teamLeader.agent.get(`/api/teams/${w.churchA}/${w.louvor}/join-requests`).expect(200);
    expect(list.body).toHaveLength(1);
    expect(keysOf(list.body[0])).toEqual(['church', 'created_at', 'decided_at', 'department', 'id', 'member', 'note', 'positions', 'reason', 'status']);
    expect(list.body[0]).toMatchObject({ id: anaA, member: { id: ana.user.id, name: 'Ana Nova', email: ana.user.email }, note: 'Canto no coral há cinco anos.' });
    expect((await w.admin.agent.get(`/api/teams/${w.churchA}/${w.louvor}/join-requests`).expect(200)).body).toHaveLength(1);
    expectApiError(await otto.agent.get(`/api/teams/${w.churchA}/${w.louvor}/join-requests`), 403, 'forbidden');
    expectApiError(await w.member.agent.get(`/api/teams/${w.churchA}/${w.louvor}/join-requests`), 403, 'forbidden');
    expectApiError(await ana.agent.get(`/api/teams/${w.churchA}/${w.louvor}/join-requests`), 403, 'forbidden');
    expectApiError(await w.teamLeader.agent.get(`/api/teams/999999/${w.louvor}/join-requests`), 404, 'not_found');
    expectApiError(await w.teamLeader.agent.get(`/api/teams/${w.churchA}/999999/join-requests`), 404, 'not_found');
    expectApiError(await w.teamLeader.agent.get(`/api/teams/${w.churchA}/${w.louvor}/join-requests?status=talvez`), 400, 'invalid_request');

    // The list across teams: each leader their own teams' requests; an admin every team's.
    const across = async (who: SignedIn) => ((await who.agent.get('/api/join-requests').expect(200)).body as Array<{ id: number }>).map((item) => item.id);
    expect(await across(w.teamLeader)).toEqual([anaA]);
    expect(await across(otto)).toEqual([anaB]);
    expect(await across(w.admin)).toEqual([anaA, anaB]);
    expectApiError(await w.member.agent.get('/api/join-requests'), 403, 'forbidden');
  });

  it('decides only for the teams one leads: another team’s leader, a member and the requester get 403; signed out 401', async () => {
    expectApiError(await otto.agent.post(`/api/join-requests/${anaA}/approve`).send({ positions: [w.vocal] }), 403, 'forbidden');
    expectApiError(await otto.agent.post(`/api/join-requests/${anaA}/decline`).send({}), 403, 'forbidden');
    expectApiError(await w.member.agent.post(`/api/join-requests/${anaA}/approve`).send({ positions: [w.vocal] }), 403, 'forbidden');
    expectApiError(await ana.agent.post(`/api/join-requests/${anaA}/approve`).send({ positions: [w.vocal] }), 403, 'forbidden');
    expectApiError(await w.teamLeader.agent.post(`/api/join-requests/${anaB}/decline`).send({ reason: 'Não' }), 403, 'forbidden');
    const anonymous = request(w.t.app);
    expectApiError(await anonymous.post('/api/me/join-requests').send({ church_id: w.churchA, department_id: w.louvor, positions: [] }), 401, 'unauthenticated');
    expectApiError(await anonymous.get('/api/me/join-requests'), 401, 'unauthenticated');
    expectApiError(await anonymous.get(`/api/teams/${w.churchA}/${w.louvor}/join-requests`), 401, 'unauthenticated');
    expectApiError(await anonymous.get('/api/join-requests'), 401, 'unauthenticated');
    expectApiError(await anonymous.post(`/api/join-requests/${anaA}/approve`).send({ positions: [] }), 401, 'unauthenticated');
    expectApiError(await anonymous.post(`/api/join-requests/${anaA}/decline`).send({}), 401, 'unauthenticated');
    // Nothing was decided.
    expect(((await ana.agent.get('/api/me/join-requests').expect(200)).body as Array<{ status: string }>).map((item) => item.status)).toEqual(['pending', 'pending']);
  });

  it('refuses bad input: 400 for malformed bodies and ids, 422 for a church, department or position that does not exist there', async () => {
    const ask = (body: unknown) => w.member.agent.post('/api/me/join-requests').send(body as object);
    expectApiError(await ask({ church_id: 999999, department_id: w.louvor, positions: [] }), 422, 'unknown_church');
    expectApiError(await ask({ church_id: w.churchA, department_id: 999999, positions: [] }), 422, 'unknown_department');
    expectApiError(await ask({ church_id: w.churchA, department_id: w.louvor, positions: [w.professor] }), 422, 'unknown_position');
    expectApiError(await ask({ church_id: w.churchA, department_id: w.louvor, positions: [999999] }), 422, 'unknown_position');
    expectApiError(await ask({ church_id: w.churchA, department_id: w.louvor }), 400, 'invalid_request');
    expectApiError(await ask({ church_id: String(w.churchA), department_id: w.louvor, positions: [] }), 400, 'invalid_request');
    expectApiError(await ask({ church_id: w.churchA, department_id: w.louvor, positions: [], team: 1 }), 400, 'invalid_request');
    expectApiError(await ask({ church_id: w.churchA, department_id: w.louvor, positions: [0] }), 400, 'invalid_request');
    expectApiError(await ask({ church_id: w.churchA, department_id: w.louvor, positions: [], note: 'x'.repeat(301) }), 400, 'invalid_request');
    expectApiError(await ask([]), 400, 'invalid_request');
    expectApiError(await w.teamLeader.agent.post(`/api/join-requests/${anaA}/approve`).send({ positions: 'Vocal' }), 400, 'invalid_request');
    expectApiError(await w.teamLeader.agent.post(`/api/join-requests/${anaA}/approve`).send({}), 400, 'invalid_request');
    expectApiError(await w.teamLeader.agent.post(`/api/join-requests/${anaA}/decline`).send({ reason: 'x'.repeat(301) }), 400, 'invalid_request');
    expectApiError(await w.teamLeader.agent.post('/api/join-requests/abc/approve').send({ positions: [] }), 400, 'invalid_request');
    expectApiError(await w.teamLeader.agent.post('/api/join-requests/999999/approve').send({ positions: [] }), 404, 'not_found');
    expectApiError(await w.teamLeader.agent.post('/api/join-requests/999999/decline').send({}), 404, 'not_found');
    // A position of another department is refused, and the request stays pending.
    expectApiError(await w.teamLeader.agent.post(`/api/join-requests/${anaA}/approve`).send({ positions: [w.professor] }), 422, 'unknown_position');
    expect((await w.member.agent.get('/api/me/join-requests').expect(200)).body).toEqual([]);
    expect(((await w.teamLeader.agent.get(`/api/teams/${w.churchA}/${w.louvor}/join-requests`).expect(200)).body as Array<{ id: number }>).map((item) => item.id)).toEqual([anaA]);
  });

  it('approves with the positions the leader chose: the member joins the team, the audit log says who added them, the member is told', async () => {
    w.t.clock.set('2030-01-02T09:00:00.000Z');
    const res = await w.teamLeader.agent.post(`/api/join-requests/${anaA}/approve`).send({ positions: [w.vocal] });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      church_id: w.churchA,
      department_id: w.louvor,
      member: { id: ana.user.id, name: 'Ana Nova', email: ana.user.email },
      leader: false,
      positions: [{ id: w.vocal, name: 'Vocal' }],
      max_services_per_month: null,
    });
    const team = (await w.admin.agent.get(`/api/teams/${w.churchA}/${w.louvor}/members`).expect(200)).body as Array<{ member: { id: number }; positions: unknown }>;
    expect(team.find((member) => member.member.id === ana.user.id)?.positions).toEqual([{ id: w.vocal, name: 'Vocal' }]);
    const mine = (await ana.agent.get('/api/me/teams').expect(200)).body as Array<{ church: { id: number }; leader: boolean }>;
    expect(mine.map((item) => item.church.id)).toEqual([w.churchA]);

    const audit = (await w.admin.agent.get(`/api/audit?action=team_member_added&subject_id=${ana.user.id}`).expect(200)).body as Array<Record<string, unknown>>;
    expect(audit).toEqual([
      {
        id: expect.any(Number),
        at: '2030-01-02T09:00:00.000Z',
        actor: { id: w.teamLeader.user.id, name: 'Tina Time' },
        action: 'team_member_added',
        subject: { id: ana.user.id, name: 'Ana Nova' },
        details: { church_id: w.churchA, department_id: w.louvor, leader: false, position_ids: [w.vocal] },
      },
    ]);
    expect(await joinMessages('join_approved')).toEqual([{ recipient: ana.user.id, request: anaA }]);
    const listed = ((await ana.agent.get('/api/me/join-requests').expect(200)).body as Array<{ id: number; status: string; decided_at: string | null }>).find((item) => item.id === anaA);
    expect(listed).toMatchObject({ status: 'approved', decided_at: '2030-01-02T09:00:00.000Z' });

    // Deciding twice is 409; the team's list no longer shows it (it does with ?status=approved); asking again: already a member.
    expectApiError(await w.teamLeader.agent.post(`/api/join-requests/${anaA}/approve`).send({ positions: [w.vocal] }), 409, 'already_decided');
    expectApiError(await w.admin.agent.post(`/api/join-requests/${anaA}/decline`).send({}), 409, 'already_decided');
    expect((await w.teamLeader.agent.get(`/api/teams/${w.churchA}/${w.louvor}/join-requests`).expect(200)).body).toEqual([]);
    expect(((await w.teamLeader.agent.get(`/api/teams/${w.churchA}/${w.louvor}/join-requests?status=approved`).expect(200)).body as Array<{ id: number }>).map((item) => item.id)).toEqual([anaA]);
    const again = await ana.agent.post('/api/me/join-requests').send({ church_id: w.churchA, department_id: w.louvor, positions: [] });
    expectApiError(again, 409, 'already_member');
    expect(again.body.error.message).toBe('Você já faz parte desta equipe.');
  });

  it('declines with a reason the member reads; the member is told; a declined request may be asked again', async () => {
    const res = await otto.agent.post(`/api/join-requests/${anaB}/decline`).send({ reason: '  A equipe está completa neste semestre.  ' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: anaB, status: 'declined', reason: 'A equipe está completa neste semestre.', decided_at: '2030-01-02T09:00:00.000Z', member: { id: ana.user.id } });
    const listed = ((await ana.agent.get('/api/me/join-requests').expect(200)).body as Array<{ id: number }>).find((item) => item.id === anaB);
    expect(listed).toMatchObject({ status: 'declined', reason: 'A equipe está completa neste semestre.' });
    expect(await joinMessages('join_declined')).toEqual([{ recipient: ana.user.id, request: anaB }]);
    expectApiError(await otto.agent.post(`/api/join-requests/${anaB}/approve`).send({ positions: [] }), 409, 'already_decided');
    // Nobody joined B/Louvor; the audit log has no entry for it.
    expect(((await w.admin.agent.get(`/api/teams/${w.churchB}/${w.louvor}/members`).expect(200)).body as Array<{ member: { id: number } }>).map((item) => item.member.id)).toEqual([otto.user.id]);
    // Declined is not pending: Ana may ask again.
    await ana.agent.post('/api/me/join-requests').send({ church_id: w.churchB, department_id: w.louvor, positions: [] }).expect(201);
  });

  it('lets exactly one of two decisions at once win; the other is 409 already_decided', async () => {
    const bruno = await signedInAgent(w.t.app, w.t.database, { name: 'Bruno Ao Mesmo Tempo' });
    const asked = await bruno.agent.post('/api/me/join-requests').send({ church_id: w.churchA, department_id: w.louvor, positions: [w.vocal] }).expect(201);
    const answers = await Promise.all([
      w.teamLeader.agent.post(`/api/join-requests/${asked.body.id}/approve`).send({ positions: [w.vocal] }),
      w.admin.agent.post(`/api/join-requests/${asked.body.id}/decline`).send({ reason: 'Duplicado' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.status === 409)!;
    expect(loser.body.error.code).toBe('already_decided');
    const status = ((await bruno.agent.get('/api/me/join-requests').expect(200)).body as Array<{ status: string }>)[0]!.status;
    const onTeam = ((await w.admin.agent.get(`/api/teams/${w.churchA}/${w.louvor}/members`).expect(200)).body as Array<{ member: { id: number } }>).some((item) => item.member.id === bruno.user.id);
    expect(onTeam).toBe(status === 'approved');
    expect((await joinMessages(status === 'approved' ? 'join_approved' : 'join_declined')).filter((message) => message.recipient === bruno.user.id)).toHaveLength(1);
    expect((await joinMessages(status === 'approved' ? 'join_declined' : 'join_approved')).filter((message) => message.recipient === bruno.user.id)).toHaveLength(0);
  });
});
