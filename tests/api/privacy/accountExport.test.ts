import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { AccountExport } from '../../../shared/schemas/accountData.ts';
import { expectApiError } from '../../support/apiAssertions.ts';
import { signedInAgent, type SignedIn } from '../../support/authAgent.ts';
import { postAllocation } from '../../support/escalasFixtures.ts';
import { testDatabases } from '../../support/testDatabases.ts';
import { createNetworkEvent, networkWorld, type NetworkWorld } from '../network/networkWorld.ts';

const MY_REASON = 'Viagem para o casamento da minha irmã';
const OTHERS_REASON = 'Tratamento de saúde (quimioterapia) nesse dia';

/**
 * docs/product.md §11: `GET /api/me/export` is everything the portal holds about the caller — and nothing of anyone
 * else but names. Vera serves in A/Louvor; Paula, of A/Infantil, serves at the same event and declines with a reason.
 */
describe.each(testDatabases)('data export on $name', ({ open }) => {
  let w: NetworkWorld;
  let vera: SignedIn;
  let paula: SignedIn;
  let sunday: number;
  let easter: number;
  let feedUrl: string;
  let mine: AccountExport;
  let mineText: string;
  let disposition: string;

  beforeAll(async () => {
    w = await networkWorld(open);
    [vera, paula] = await Promise.all([
      signedInAgent(w.t.app, w.t.database, { name: 'Vera Vocal' }),
      signedInAgent(w.t.app, w.t.database, { name: 'Paula Professora' }),
    ]);
    await w.admin.agent.put(`/api/teams/${w.churchA}/${w.louvor}/members/${vera.user.id}`).send({ positions: [w.vocal] }).expect(200);
    await w.admin.agent.put(`/api/teams/${w.churchA}/${w.infantil}/members/${paula.user.id}`).send({ positions: [w.professor] }).expect(200);
    await vera.agent.patch('/api/me/preferences').send({ phone: '+5511988887771', max_services_per_month: 3 }).expect(200);
    await paula.agent.patch('/api/me/preferences').send({ phone: '+5511988887772' }).expect(200);
    await vera.agent.post('/api/me/blockouts').send({ from: '2030-03-10', to: '2030-03-12', note: 'Retiro de casais' }).expect(201);
    await paula.agent.post('/api/me/blockouts').send({ from: '2030-03-10', to: '2030-03-12', note: 'Cirurgia marcada' }).expect(201);
    feedUrl = (await vera.agent.post('/api/me/calendar-token').expect(201)).body.url as string;
    sunday = await createNetworkEvent(w.admin.agent, { datetime: '2030-03-03T22:00:00.000Z', church_id: w.churchA });
    easter = await createNetworkEvent(w.admin.agent, { datetime: '2030-04-20T22:00:00.000Z', church_id: w.churchA });
    await postAllocation(w.admin.agent, sunday, { department: w.louvor, member: vera.user.id, position: w.vocal }).expect(201);
    const paulaPlace = await postAllocation(w.admin.agent, sunday, { department: w.infantil, member: paula.user.id }).expect(201);
    await paula.agent.post(`/api/allocations/${paulaPlace.body.id}/response`).send({ answer: 'declined', reason: OTHERS_REASON }).expect(200);
    const veraEaster = await postAllocation(w.teamLeader.agent, easter, { department: w.louvor, member: vera.user.id }).expect(201);
    await vera.agent.post(`/api/allocations/${veraEaster.body.id}/response`).send({ answer: 'declined', reason: MY_REASON }).expect(200);

    const res = await vera.agent.get('/api/me/export').expect(200);
    disposition = String(res.headers['content-disposition']);
    mineText = res.text;
    mine = JSON.parse(res.text) as AccountExport;
  });
  afterAll(async () => {
    await w?.t.database.dispose();
  });

  it('is a JSON file to download, named with the day', () => {
    expect(disposition).toBe('attachment; filename="koinonia-meus-dados-2030-01-01.json"');
  });

  it('holds my account and my preferences, phone and monthly limit included', () => {
    expect(mine.account).toEqual({ id: vera.user.id, name: 'Vera Vocal', email: vera.user.email, role: 'member', created_at: expect.any(String), deleted_at: null });
    expect(mine.preferences).toEqual({ email_notifications: true, phone: '+5511988887771', max_services_per_month: 3 });
  });

  it('holds my team and position', () => {
    expect(mine.teams).toEqual([
      {
        church: { id: w.churchA, name: 'Igreja A', city: 'São Paulo' },
        department: { id: w.louvor, name: 'Louvor' },
        leader: false,
        positions: [{ id: w.vocal, name: 'Vocal' }],
      },
    ]);
  });

  it('holds my allocations with my answers and my reason, and names only of what they are about', () => {
    expect(mine.allocations.map((allocation) => [allocation.event.id, allocation.department.name, allocation.status, allocation.reason])).toEqual([
      [sunday, 'Louvor', 'pending', null],
      [easter, 'Louvor', 'declined', MY_REASON],
    ]);
    expect(mine.allocations[0]!.position).toEqual({ id: w.vocal, name: 'Vocal' });
    expect(mine.allocations[0]!.event.church).toEqual({ id: w.churchA, name: 'Igreja A' });
    expect(mine.allocations[1]!.responded_at).toBe('2030-01-01T12:00:00.000Z');
    expect(mine.cover_requests).toEqual([]);
    expect(mine.signups).toEqual([]);
  });

  it('holds my blockouts with their notes', () => {
    expect(mine.blockouts).toEqual([{ id: expect.any(Number), from: '2030-03-10', to: '2030-03-12', note: 'Retiro de casais', created_at: '2030-01-01T12:00:00.000Z' }]);
  });

  it('holds my sessions, browsers and calendar feed by their times, never a token', () => {
    expect(mine.sessions.length).toBeGreaterThanOrEqual(1);
    expect(Object.keys(mine.sessions[0]!).sort()).toEqual(['created_at', 'last_used_at']);
    expect(mine.devices.length).toBeGreaterThanOrEqual(1);
    expect(mine.calendar_feed).toEqual({ created_at: '2030-01-01T12:00:00.000Z' });
    expect(mineText).not.toContain(new URL(feedUrl).searchParams.get('token')!);
    expect(mineText).not.toContain(vera.token);
    expect(mineText).not.toMatch(/token_hash|password|\$argon2/);
  });

  it('holds the messages sent to me by kind and state, never their content', () => {
    expect(mine.messages.map((message) => message.kind)).toEqual(['invitation', 'invitation']);
    expect(Object.keys(mine.messages[0]!).sort()).toEqual(['created_at', 'id', 'kind', 'sent_at', 'status']);
    expect(mine.messages[0]!.status).toBe('queued');
  });

  it('holds the audit entries about me, this export among them', () => {
    const exported = mine.audit.filter((entry) => entry.action === 'data_exported');
    expect(exported).toEqual([{ id: expect.any(Number), at: '2030-01-01T12:00:00.000Z', action: 'data_exported', actor: { id: vera.user.id, name: 'Vera Vocal' }, details: { by: 'self' } }]);
  });

  it('holds nothing of other people but names: not their e-mails, phones, reasons or notes', () => {
    for (const secret of [paula.user.email, w.admin.user.email, w.teamLeader.user.email, '+5511988887772', OTHERS_REASON, 'Cirurgia marcada']) {
      expect(mineText).not.toContain(secret);
    }
  });

  it('an admin exports an account on request, and the log says who did', async () => {
    const res = await w.admin.agent.get(`/api/users/${paula.user.id}/export`).expect(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="koinonia-dados-conta-${paula.user.id}-2030-01-01.json"`);
    const data = JSON.parse(res.text) as AccountExport;
    expect(data.account.email).toBe(paula.user.email);
    expect(data.allocations[0]!.reason).toBe(OTHERS_REASON);
    expect(res.text).not.toContain(vera.user.email);
    const entries = await w.t.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'data_exported').where('subject_id', '=', paula.user.id).execute();
    expect(entries.map((entry) => [entry.actor_id, JSON.parse(entry.details)])).toEqual([[w.admin.user.id, { by: 'admin' }]]);
  });

  it('others may not export an account (403), an unknown one is 404, and signed out is 401', async () => {
    expectApiError(await vera.agent.get(`/api/users/${paula.user.id}/export`), 403, 'forbidden');
    expectApiError(await w.teamLeader.agent.get(`/api/users/${vera.user.id}/export`), 403, 'forbidden');
    expectApiError(await w.admin.agent.get('/api/users/987654/export'), 404, 'not_found');
    expectApiError(await request(w.t.app).get('/api/me/export'), 401, 'unauthenticated');
  });
});
