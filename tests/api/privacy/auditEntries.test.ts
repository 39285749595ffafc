import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../support/apiAssertions.ts';
import { createTestUser, signedInAgent } from '../../support/authAgent.ts';
import { postAllocation } from '../../support/escalasFixtures.ts';
import { testDatabases } from '../../support/testDatabases.ts';
import { createNetworkEvent, networkWorld, NETWORK_NOW, type NetworkWorld } from '../network/networkWorld.ts';
import { auditEntries, refuseWrites, resetTokenOf } from './auditSupport.ts';

const NEW_PASSWORD = 'cafe-com-bolo-de-fuba-77';
/** Issue 25's example of what a decline reason may say: it must never reach the audit log. */
const REASON = 'Tratamento de saúde (quimioterapia) nesse dia';

/**
 * The audit log (docs/product.md §11): each change writes its entry — who, whom, what — in its own transaction,
 * and an entry goes when its change fails; no entry holds a password, token or reason.
 */
describe.each(testDatabases)('audit entries written with each change on $name', ({ open }) => {
  let w: NetworkWorld;
  const db = () => w.t.database.db;
  const admin = () => ({ id: w.admin.user.id, name: 'Ada Admin' });
  /** The entries about one person, newest first. */
  const about = (subjectId: number) => auditEntries(w.admin.agent, { subject_id: subjectId });
  let day = 0;
  /** A new day of March 2030 for each event, so no allocation clashes with another. */
  const nextEvent = () => createNetworkEvent(w.admin.agent, { datetime: eventAt(++day), church_id: w.churchA });
  const eventAt = (n: number) => `2030-03-${String(n).padStart(2, '0')}T22:00:00.000Z`;

  beforeAll(async () => {
    w = await networkWorld(open);
  });
  afterAll(async () => {
    await w?.t.database.dispose();
  });

  it('a role change: the admin, the person, from and to; the same role again or the last admin refused writes nothing', async () => {
    const joao = await createTestUser(w.t.database, { name: 'João Papel' });
    await w.admin.agent.patch(`/api/users/${joao.id}`).send({ role: 'leader' }).expect(200);
    await w.admin.agent.patch(`/api/users/${joao.id}`).send({ role: 'leader' }).expect(200);
    expectApiError(await w.admin.agent.patch(`/api/users/${w.admin.user.id}`).send({ role: 'member' }), 409, 'last_admin');

    expect(await about(joao.id)).toEqual([
      { id: expect.any(Number), at: NETWORK_NOW, actor: admin(), action: 'role_changed', subject: { id: joao.id, name: 'João Papel' }, details: { from: 'member', to: 'leader' } },
    ]);
    expect(await about(w.admin.user.id)).toEqual([]);
  });

  it('team membership: joined, positions and leader changed, removed — with church, department, leader and positions', async () => {
    const ana = await createTestUser(w.t.database, { name: 'Ana Equipe' });
    const path = `/api/teams/${w.churchA}/${w.louvor}/members/${ana.id}`;
    await w.admin.agent.put(path).send({ positions: [w.vocal] }).expect(200);
    await w.admin.agent.put(path).send({ positions: [w.bateria, w.vocal], leader: true }).expect(200);
    await w.admin.agent.put(path).send({ positions: [w.vocal, w.bateria] }).expect(200);
    await w.admin.agent.delete(path).expect(204);

    const team = { church_id: w.churchA, department_id: w.louvor };
    const both = [w.vocal, w.bateria].sort((a, b) => a - b);
    const entries = await about(ana.id);
    expect(entries.map((entry) => [entry.action, entry.actor, entry.subject, entry.details])).toEqual([
      ['team_member_removed', admin(), { id: ana.id, name: 'Ana Equipe' }, { ...team, leader: true, position_ids: both }],
      ['team_member_changed', admin(), { id: ana.id, name: 'Ana Equipe' }, { ...team, leader: true, position_ids: both, was_leader: false, was_position_ids: [w.vocal] }],
      ['team_member_added', admin(), { id: ana.id, name: 'Ana Equipe' }, { ...team, leader: false, position_ids: [w.vocal] }],
    ]);
    // Removing someone who is not on the team is refused and leaves no entry.
    expectApiError(await w.admin.agent.delete(path), 404, 'not_found');
    expect(await about(ana.id)).toHaveLength(3);
  });

  it('an allocation made and removed: by whom (the team leader), for whom, with its ids and source', async () => {
    const bia = await createTestUser(w.t.database, { name: 'Bia Escala' });
    const event = await nextEvent();
    const made = await postAllocation(w.teamLeader.agent, event, { department: w.louvor, member: bia.id, position: w.vocal }).expect(201);
    await w.teamLeader.agent.delete(`/api/allocations/${made.body.id}`).expect(204);

    // The event's start too: the log still reads when the event was after it is gone.
    const details = { allocation_id: made.body.id, event_id: event, event_at: eventAt(day), department_id: w.louvor, position_id: w.vocal, source: 'manual' };
    const tina = { id: w.teamLeader.user.id, name: 'Tina Time' };
    expect(await about(bia.id)).toEqual([
      { id: expect.any(Number), at: NETWORK_NOW, actor: tina, action: 'allocation_removed', subject: { id: bia.id, name: 'Bia Escala' }, details },
      { id: expect.any(Number), at: NETWORK_NOW, actor: tina, action: 'allocation_created', subject: { id: bia.id, name: 'Bia Escala' }, details },
    ]);
  });

  it('an event deleted with its people: each allocation removed by the one who deleted it, cause event_deleted', async () => {
    const caio = await createTestUser(w.t.database, { name: 'Caio Evento' });
    const event = await nextEvent();
    const made = await postAllocation(w.admin.agent, event, { department: w.louvor, member: caio.id }).expect(201);
    await w.admin.agent.delete(`/api/events/${event}?confirm=true`).expect(204);
    const [removed] = await about(caio.id);
    expect(removed).toMatchObject({
      actor: admin(),
      action: 'allocation_removed',
      details: { allocation_id: made.body.id, event_id: event, event_at: eventAt(day), department_id: w.louvor, position_id: null, source: 'manual', cause: 'event_deleted' },
    });
  });

  it('a draft published: one entry for the draft (id, how many made), and one per allocation with source draft', async () => {
    const event = await nextEvent();
    await w.admin.agent.put(`/api/events/${event}/needs`).send([{ department_id: w.louvor, position_id: w.vocal, count: 1 }]).expect(200);
    const draft = (await w.admin.agent.post('/api/escalas/drafts').send({ from: '2030-03-01', to: '2030-03-31', church_id: w.churchA, department_id: w.louvor }).expect(201)).body as { id: number };
    const published = (await w.admin.agent.post(`/api/escalas/drafts/${draft.id}/publish`).expect(200)).body as { created: number[] };
    expect(published.created.length).toBeGreaterThan(0);

    const [entry] = await auditEntries(w.admin.agent, { action: 'draft_published' });
    expect(entry).toEqual({ id: expect.any(Number), at: NETWORK_NOW, actor: admin(), action: 'draft_published', subject: null, details: { draft_id: draft.id, created: published.created.length } });
    const made = await auditEntries(w.admin.agent, { action: 'allocation_created', limit: published.created.length });
    expect(made.map((row) => row.details.allocation_id).sort()).toEqual([...published.created].sort());
    for (const row of made) expect(row.details.source).toBe('draft');
  });

  it('a password reset and a password change: the account did it to itself; nothing of the password or link is kept', async () => {
    const person = await signedInAgent(w.t.app, w.t.database, { name: 'Rita Senha' });
    const token = await resetTokenOf(w.t.app, w.t.database, person.user.email, person.user.id);
    await request(w.t.app).post(`/api/auth/password-reset/${token}`).send({ password: NEW_PASSWORD }).expect(204);
    const again = request.agent(w.t.app);
    await again.post('/api/auth/login').send({ email: person.user.email, password: NEW_PASSWORD }).expect(200);
    await again.post('/api/auth/password').send({ current: NEW_PASSWORD, new: `${NEW_PASSWORD}-b` }).expect(204);

    const rita = { id: person.user.id, name: 'Rita Senha' };
    expect(await about(person.user.id)).toEqual([
      { id: expect.any(Number), at: NETWORK_NOW, actor: rita, action: 'password_changed', subject: rita, details: {} },
      { id: expect.any(Number), at: NETWORK_NOW, actor: rita, action: 'password_reset', subject: rita, details: {} },
    ]);
    const stored = JSON.stringify(await db().selectFrom('audit_log').selectAll().execute());
    for (const secret of [token, NEW_PASSWORD, person.password, person.token]) expect(stored).not.toContain(secret);
  });

  it('a declined allocation removed: the decline reason never reaches the log', async () => {
    const davi = await signedInAgent(w.t.app, w.t.database, { name: 'Davi Motivo' });
    const made = await postAllocation(w.admin.agent, await nextEvent(), { department: w.louvor, member: davi.user.id }).expect(201);
    await davi.agent.post(`/api/allocations/${made.body.id}/response`).send({ answer: 'declined', reason: REASON }).expect(200);
    await w.admin.agent.delete(`/api/allocations/${made.body.id}`).expect(204);
    expect((await about(davi.user.id)).map((entry) => entry.action)).toEqual(['allocation_removed', 'allocation_created']);
    const rows = await db().selectFrom('audit_log').select(['action', 'details']).execute();
    expect(JSON.stringify(rows)).not.toContain('quimioterapia');
    for (const row of rows) expect(Object.keys(JSON.parse(row.details) as object).join()).not.toMatch(/reason|password|token|secret|body|note/);
  });

  describe('rolled back with its change', () => {
    it('an allocation whose invitation cannot be queued: neither the allocation nor its entry stays', async () => {
      const eva = await createTestUser(w.t.database, { name: 'Eva Rollback' });
      const event = await nextEvent();
      const allow = await refuseWrites(w.t.database, 'outbox', 'insert');
      try {
        expect((await postAllocation(w.admin.agent, event, { department: w.louvor, member: eva.id })).status).toBe(500);
      } finally {
        await allow();
      }
      expect(await db().selectFrom('allocations').select('id').where('member_id', '=', eva.id).execute()).toEqual([]);
      expect(await about(eva.id)).toEqual([]);
    });

    it('a role change whose write fails after its entry: the role and the log stay as they were', async () => {
      const fabio = await createTestUser(w.t.database, { name: 'Fábio Rollback' });
      const allow = await refuseWrites(w.t.database, 'users', 'update');
      try {
        expect((await w.admin.agent.patch(`/api/users/${fabio.id}`).send({ role: 'admin' })).status).toBe(500);
      } finally {
        await allow();
      }
      expect((await db().selectFrom('users').select('role').where('id', '=', fabio.id).executeTakeFirstOrThrow()).role).toBe('member');
      expect(await about(fabio.id)).toEqual([]);
    });

    it('a password change whose feed cannot be renewed: the old password still works, and no entry stays', async () => {
      const gil = await signedInAgent(w.t.app, w.t.database, { name: 'Gil Rollback' });
      await gil.agent.post('/api/me/calendar-token').expect(201);
      const allow = await refuseWrites(w.t.database, 'calendar_tokens', 'update');
      try {
        expect((await gil.agent.post('/api/auth/password').send({ current: gil.password, new: NEW_PASSWORD })).status).toBe(500);
      } finally {
        await allow();
      }
      await request(w.t.app).post('/api/auth/login').send({ email: gil.user.email, password: gil.password }).expect(200);
      expect(await about(gil.user.id)).toEqual([]);
    });

    it('the other way round: a team join whose entry cannot be written does not happen', async () => {
      const hugo = await createTestUser(w.t.database, { name: 'Hugo Rollback' });
      const allow = await refuseWrites(w.t.database, 'audit_log', 'insert');
      try {
        expect((await w.admin.agent.put(`/api/teams/${w.churchA}/${w.louvor}/members/${hugo.id}`).send({ positions: [w.vocal] })).status).toBe(500);
      } finally {
        await allow();
      }
      expect(await db().selectFrom('team_members').select('user_id').where('user_id', '=', hugo.id).execute()).toEqual([]);
    });
  });
});
