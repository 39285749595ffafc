import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAgent, TEST_PASSWORD, uniqueEmail, type SignedIn } from '../../support/authAgent.ts';
import { testDatabases } from '../../support/testDatabases.ts';
import { NETWORK_NOW, networkWorld, type NetworkWorld } from '../network/networkWorld.ts';

const tokenOf = (url: string) => new URL(url).searchParams.get('convite')!;

/** docs/product.md §13: a team's invitation links — made by its leaders, read by anyone, joined by the signed in. */
describe.each(testDatabases)('invitation links on $name', ({ open }) => {
  let w: NetworkWorld;
  let links: string;

  beforeAll(async () => {
    w = await networkWorld(open, { PUBLIC_URL: 'https://portal.igreja.test' });
    links = `/api/teams/${w.churchA}/${w.louvor}/invite-links`;
  });
  afterAll(() => w.t.database.dispose());

  async function newLink(body: Record<string, unknown> = {}, leader: SignedIn = w.teamLeader) {
    const res = await leader.agent.post(links).send({ positions: [w.vocal], ...body }).expect(201);
    return { id: res.body.id as number, token: tokenOf(res.body.url as string), body: res.body };
  }

  it('a team leader creates a link: 201 with the url (PUBLIC_URL/equipe?convite=<token>), positions, expiry in 14 days, no limit', async () => {
    const res = await w.teamLeader.agent.post(links).send({ positions: [w.vocal, w.bateria] }).expect(201);
    expect(Object.keys(res.body).sort()).toEqual(['expires_at', 'id', 'max_uses', 'positions', 'url', 'uses']);
    expect(res.body.url).toMatch(/^https:\/\/portal\.igreja\.test\/equipe\?convite=[A-Za-z0-9_-]{43}$/);
    expect(res.body.positions).toEqual([
      { id: w.bateria, name: 'Bateria' },
      { id: w.vocal, name: 'Vocal' },
    ]);
    expect(res.body.expires_at).toBe(new Date(Date.parse(NETWORK_NOW) + 14 * 86_400_000).toISOString());
    expect(res.body).toMatchObject({ max_uses: null, uses: 0 });
    // Only the hash is stored.
    const row = await w.t.database.db.selectFrom('invite_links').select('token_hash').where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.token_hash).not.toContain(tokenOf(res.body.url));
  });

  it('without PUBLIC_URL the url is on the request origin', async () => {
    const local = await networkWorld(open);
    try {
      const res = await local.teamLeader.agent.post(`/api/teams/${local.churchA}/${local.louvor}/invite-links`).set('Host', 'igreja.local:8080').send({ positions: [] }).expect(201);
      expect(res.body.url).toMatch(/^http:\/\/igreja\.local:8080\/equipe\?convite=/);
    } finally {
      await local.t.database.dispose();
    }
  });

  it('bad input: positions of another department 422 unknown_position; expiry out of 1–90, max_uses 0, extra keys 400', async () => {
    expect((await w.teamLeader.agent.post(links).send({ positions: [w.professor] }).expect(422)).body.error.code).toBe('unknown_position');
    for (const body of [{ positions: [], expires_in_days: 0 }, { positions: [], expires_in_days: 91 }, { positions: [], max_uses: 0 }, { positions: [], token: 'x' }, {}]) {
      expect((await w.teamLeader.agent.post(links).send(body).expect(400)).body.error.code).toBe('invalid_request');
    }
  });

  it('the list has no token, and says who joined', async () => {
    const { id, token } = await newLink({ max_uses: 5 });
    const joiner = await signedInAgent(w.t.app, w.t.database, { name: 'Joana Nova' });
    await joiner.agent.post(`/api/invite-links/${token}/join`).expect(200);
    const res = await w.teamLeader.agent.get(links).expect(200);
    expect(JSON.stringify(res.body)).not.toContain(token);
    const listed = res.body.find((link: { id: number }) => link.id === id);
    expect(listed).toMatchObject({ uses: 1, max_uses: 5, state: 'active', revoked_at: null, created_by: { id: w.teamLeader.user.id, name: 'Tina Time' } });
    expect(listed.joined).toEqual([{ id: joiner.user.id, name: 'Joana Nova', joined_at: NETWORK_NOW }]);
    expect(listed).not.toHaveProperty('url');
  });

  it('GET by token (anyone, signed out too) tells what it grants and changes nothing', async () => {
    const { id, token } = await newLink({ expires_in_days: 3 });
    const res = await request(w.t.app).get(`/api/invite-links/${token}`).expect(200);
    expect(res.body).toEqual({
      church: { id: w.churchA, name: 'Igreja A' },
      department: { id: w.louvor, name: 'Louvor' },
      positions: [{ id: w.vocal, name: 'Vocal' }],
      expires_at: new Date(Date.parse(NETWORK_NOW) + 3 * 86_400_000).toISOString(),
    });
    const row = await w.t.database.db.selectFrom('invite_links').select('uses').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.uses).toBe(0);
    expect((await request(w.t.app).get(`/api/invite-links/${'A'.repeat(43)}`).expect(404)).body.error.code).toBe('not_found');
    expect((await request(w.t.app).get('/api/invite-links/curto').expect(404)).body.error.code).toBe('not_found');
  });

  it('join: 200 the membership; the member appears on the team with the positions; a member again gets positions added and no use counted', async () => {
    const { id, token } = await newLink({ positions: [w.bateria] });
    const person = await signedInAgent(w.t.app, w.t.database, { name: 'Paulo Novo' });
    const joined = await person.agent.post(`/api/invite-links/${token}/join`).expect(200);
    expect(joined.body).toEqual({ church_id: w.churchA, department_id: w.louvor, positions: [{ id: w.bateria, name: 'Bateria' }] });
    const members = (await w.teamLeader.agent.get(`/api/teams/${w.churchA}/${w.louvor}/members`).expect(200)).body as Array<{ member: { id: number } }>;
    expect(members.map((member) => member.member.id)).toContain(person.user.id);
    await person.agent.post(`/api/invite-links/${token}/join`).expect(200);
    // The team leader (already a member, Vocal) joins through a Bateria link: both positions, no use.
    const again = await w.teamLeader.agent.post(`/api/invite-links/${token}/join`).expect(200);
    expect(again.body.positions).toEqual([
      { id: w.bateria, name: 'Bateria' },
      { id: w.vocal, name: 'Vocal' },
    ]);
    const row = await w.t.database.db.selectFrom('invite_links').select('uses').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.uses).toBe(1);
    // The join is in the audit log (docs/product.md §11), by the person who joined.
    const audit = await w.t.database.db.selectFrom('audit_log').select(['action', 'actor_id']).where('subject_id', '=', person.user.id).execute();
    expect(audit).toEqual([{ action: 'team_member_added', actor_id: person.user.id }]);
    // Signed out: 401.
    expect((await request(w.t.app).post(`/api/invite-links/${token}/join`).set('Content-Type', 'application/json').send({}).expect(401)).body.error.code).toBe('unauthenticated');
  });

  it('expired (by the clock): GET and join answer 410 link_expired', async () => {
    const { token } = await newLink({ expires_in_days: 1 });
    const person = await signedInAgent(w.t.app, w.t.database);
    try {
      w.t.clock.set(new Date(Date.parse(NETWORK_NOW) + 86_400_000));
      expect((await request(w.t.app).get(`/api/invite-links/${token}`).expect(410)).body.error).toMatchObject({ code: 'link_expired', message: expect.stringMatching(/expirou/) });
      expect((await person.agent.post(`/api/invite-links/${token}/join`).expect(410)).body.error.code).toBe('link_expired');
    } finally {
      w.t.clock.set(NETWORK_NOW);
    }
    await person.agent.post(`/api/invite-links/${token}/join`).expect(200);
  });

  it('revoked: 204, then GET and join answer 404; the list shows it revoked', async () => {
    const { id, token } = await newLink();
    await w.teamLeader.agent.delete(`/api/invite-links/${id}`).expect(204);
    expect((await request(w.t.app).get(`/api/invite-links/${token}`).expect(404)).body.error.code).toBe('not_found');
    const person = await signedInAgent(w.t.app, w.t.database);
    expect((await person.agent.post(`/api/invite-links/${token}/join`).expect(404)).body.error.code).toBe('not_found');
    const listed = (await w.teamLeader.agent.get(links).expect(200)).body.find((link: { id: number }) => link.id === id);
    expect(listed).toMatchObject({ state: 'revoked', revoked_at: NETWORK_NOW });
    expect((await w.teamLeader.agent.delete('/api/invite-links/999999').expect(404)).body.error.code).toBe('not_found');
  });

  it('used up: the use limit is reached, then GET and join answer 410 link_used_up', async () => {
    const { token } = await newLink({ max_uses: 1 });
    const [first, second] = await Promise.all([signedInAgent(w.t.app, w.t.database), signedInAgent(w.t.app, w.t.database)]);
    await first.agent.post(`/api/invite-links/${token}/join`).expect(200);
    expect((await request(w.t.app).get(`/api/invite-links/${token}`).expect(410)).body.error.code).toBe('link_used_up');
    expect((await second.agent.post(`/api/invite-links/${token}/join`).expect(410)).body.error.code).toBe('link_used_up');
    // A member takes no use: the used-up link still adds its positions to the team's leader.
    const res = await w.teamLeader.agent.post(`/api/invite-links/${token}/join`).expect(200);
    expect(res.body.positions.map((position: { name: string }) => position.name)).toContain('Vocal');
  });

  it('10 people join at once through a link of 3 uses: exactly 3 join, the others 410 link_used_up', async () => {
    const { id, token } = await newLink({ max_uses: 3 });
    const people = await Promise.all(Array.from({ length: 10 }, (_, i) => signedInAgent(w.t.app, w.t.database, { name: `Corrida ${i}` })));
    const answers = await Promise.all(people.map((person) => person.agent.post(`/api/invite-links/${token}/join`)));
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([200, 200, 200, 410, 410, 410, 410, 410, 410, 410]);
    for (const res of answers.filter((answer) => answer.status === 410)) expect(res.body.error.code).toBe('link_used_up');
    const row = await w.t.database.db.selectFrom('invite_links').select('uses').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.uses).toBe(3);
    const joined = await w.t.database.db.selectFrom('invite_link_joins').select('user_id').where('link_id', '=', id).execute();
    expect(joined).toHaveLength(3);
    const onTeam = await w.t.database.db
      .selectFrom('team_members')
      .select('user_id')
      .where('church_id', '=', w.churchA)
      .where('department_id', '=', w.louvor)
      .where('user_id', 'in', people.map((person) => person.user.id))
      .execute();
    expect(onTeam).toHaveLength(3);
  });

  it('one person joining 5 times at once takes one use', async () => {
    const { id, token } = await newLink({ max_uses: 5 });
    const person = await signedInAgent(w.t.app, w.t.database);
    const answers = await Promise.all(Array.from({ length: 5 }, () => person.agent.post(`/api/invite-links/${token}/join`)));
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
    const row = await w.t.database.db.selectFrom('invite_links').select('uses').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.uses).toBe(1);
  });

  it('scope: a leader of another team and a member 403, signed out 401; admins and network leaders may', async () => {
    // Tina leads A/Louvor only: B/Louvor is not hers.
    const other = `/api/teams/${w.churchB}/${w.louvor}/invite-links`;
    expect((await w.teamLeader.agent.post(other).send({ positions: [] }).expect(403)).body.error.code).toBe('forbidden');
    expect((await w.teamLeader.agent.get(other).expect(403)).body.error.code).toBe('forbidden');
    expect((await w.member.agent.post(links).send({ positions: [] }).expect(403)).body.error.code).toBe('forbidden');
    expect((await w.member.agent.get(links).expect(403)).body.error.code).toBe('forbidden');
    expect((await request(w.t.app).get(links).expect(401)).body.error.code).toBe('unauthenticated');
    await w.admin.agent.post(other).send({ positions: [] }).expect(201);
    const { id } = await newLink({}, w.legacyLeader);
    // Revoking a link of a team one does not lead: 403.
    const foreign = (await w.admin.agent.post(other).send({ positions: [] }).expect(201)).body.id as number;
    expect((await w.teamLeader.agent.delete(`/api/invite-links/${foreign}`).expect(403)).body.error.code).toBe('forbidden');
    expect((await w.member.agent.delete(`/api/invite-links/${id}`).expect(403)).body.error.code).toBe('forbidden');
    expect((await w.teamLeader.agent.post(`/api/teams/999999/${w.louvor}/invite-links`).send({ positions: [] }).expect(404)).body.error.code).toBe('not_found');
  });

  it('register with invite: the account and the membership in one step; an unusable link creates no account', async () => {
    const { id, token } = await newLink({ max_uses: 1 });
    const email = uniqueEmail('convidada');
    const agent = request.agent(w.t.app);
    const res = await agent.post('/api/auth/register').send({ name: 'Clara Convidada', email, password: TEST_PASSWORD, invite: token }).expect(201);
    expect(Object.keys(res.body)).toEqual(['user']);
    const mine = (await agent.get('/api/me/teams').expect(200)).body;
    expect(mine).toEqual([expect.objectContaining({ church: expect.objectContaining({ id: w.churchA }), department: { id: w.louvor, name: 'Louvor' }, positions: [{ id: w.vocal, name: 'Vocal' }] })]);
    const listed = (await w.teamLeader.agent.get(links).expect(200)).body.find((link: { id: number }) => link.id === id);
    expect(listed.joined.map((join: { name: string }) => join.name)).toEqual(['Clara Convidada']);
    // Used up now: a second registration through it fails whole.
    const late = uniqueEmail('tarde');
    expect((await request(w.t.app).post('/api/auth/register').send({ name: 'Tarde', email: late, password: TEST_PASSWORD, invite: token }).expect(410)).body.error.code).toBe('link_used_up');
    expect(await w.t.database.db.selectFrom('users').select('id').where('email', '=', late).executeTakeFirst()).toBeUndefined();
    expect((await request(w.t.app).post('/api/auth/register').send({ name: 'X', email: uniqueEmail(), password: TEST_PASSWORD, invite: 'nada' }).expect(400)).body.error.code).toBe('invalid_request');
    // A registration without invite is as before.
    await request(w.t.app).post('/api/auth/register').send({ name: 'Sem Convite', email: uniqueEmail(), password: TEST_PASSWORD }).expect(201);
  });
});
