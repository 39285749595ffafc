import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { composeMessage } from '../../../server/notifications/composeMessage.ts';
import type { ClaimedMessage, MessageKind } from '../../../server/outbox/outboxQueries.ts';
import { expectApiError } from '../../support/apiAssertions.ts';
import { sessionCookie, signedInAgent, type SignedIn } from '../../support/authAgent.ts';
import { postAllocation } from '../../support/escalasFixtures.ts';
import { testDatabases } from '../../support/testDatabases.ts';
import { createNetworkEvent, networkWorld, type NetworkWorld } from '../network/networkWorld.ts';

const PAST_REASON = 'Consulta médica nesse dia';

type AllocationJson = { member: { id: number; name: string; email: string | null }; reason: string | null };

/**
 * docs/product.md §11: `DELETE /api/me { password }` anonymises the account — each effect below is one assertion.
 * Vera serves in A/Louvor (Tina leads it): a past service she declined with a reason, two services to come (one
 * confirmed, one pending, made by the admin), a blockout, a phone, a calendar feed, a draft proposing her.
 */
describe.each(testDatabases)('removing one’s own account on $name', ({ open }) => {
  let w: NetworkWorld;
  let vera: SignedIn;
  let past: number;
  let confirmed: number;
  let pending: number;
  let feedToken: string;
  let draftPlace: number;
  let veraDraft: number;
  const db = () => w.t.database.db;
  /** Lacunas' row of the confirmed service: [needed, pending, confirmed]. */
  const vocalPlace = async () => {
    const body = (await w.admin.agent.get('/api/escalas/overview?from=2030-02-10&to=2030-02-10').expect(200)).body as Array<{
      event: { id: number };
      needs: Array<{ needed: number; pending: number; confirmed: number }>;
    }>;
    const need = body.find((item) => item.event.id === confirmed)!.needs[0]!;
    return [need.needed, need.pending, need.confirmed];
  };

  beforeAll(async () => {
    w = await networkWorld(open);
    vera = await signedInAgent(w.t.app, w.t.database, { name: 'Vera Vocal' });
    await w.admin.agent.put(`/api/teams/${w.churchA}/${w.louvor}/members/${vera.user.id}`).send({ positions: [w.vocal] }).expect(200);
    await w.admin.agent.put(`/api/teams/${w.churchB}/${w.louvor}/members/${vera.user.id}`).send({ positions: [] }).expect(200);
    await vera.agent.patch('/api/me/preferences').send({ phone: '+5511988887771' }).expect(200);
    await vera.agent.post('/api/me/blockouts').send({ from: '2030-03-10', to: '2030-03-12', note: 'Retiro de casais' }).expect(201);
    feedToken = new URL((await vera.agent.post('/api/me/calendar-token').expect(201)).body.url as string).searchParams.get('token')!;
    past = await createNetworkEvent(w.admin.agent, { datetime: '2030-01-05T22:00:00.000Z', church_id: w.churchA });
    const pastPlace = await postAllocation(w.admin.agent, past, { department: w.louvor, member: vera.user.id }).expect(201);
    await vera.agent.post(`/api/allocations/${pastPlace.body.id}/response`).send({ answer: 'declined', reason: PAST_REASON }).expect(200);
    // Two weeks later: the first service is past, two are to come.
    w.t.clock.set('2030-01-15T12:00:00.000Z');
    confirmed = await createNetworkEvent(w.admin.agent, { datetime: '2030-02-10T22:00:00.000Z', church_id: w.churchA });
    pending = await createNetworkEvent(w.admin.agent, { datetime: '2030-02-17T22:00:00.000Z', church_id: w.churchA });
    const confirmedPlace = await postAllocation(w.admin.agent, confirmed, { department: w.louvor, member: vera.user.id, position: w.vocal }).expect(201);
    await vera.agent.post(`/api/allocations/${confirmedPlace.body.id}/response`).send({ answer: 'confirmed' }).expect(200);
    await w.admin.agent.put(`/api/events/${confirmed}/needs`).send([{ department_id: w.louvor, position_id: w.vocal, count: 1 }]).expect(200);
    await postAllocation(w.admin.agent, pending, { department: w.louvor, member: vera.user.id }).expect(201);
    // A draft of the admin proposes Vera; Vera has an open draft of her own (straight in the database).
    const at = '2030-01-15T12:00:00.000Z';
    const expires = '2030-01-22T12:00:00.000Z';
    const adminDraft = await db()
      .insertInto('drafts')
      .values({ author_id: w.admin.user.id, from_day: '2030-02-01', to_day: '2030-02-28', church_id: w.churchA, department_id: w.louvor, created_at: at, expires_at: expires })
      .returning('id')
      .executeTakeFirstOrThrow();
    draftPlace = (
      await db()
        .insertInto('draft_places')
        .values({ draft_id: adminDraft.id, event_id: pending, department_id: w.louvor, position_id: null, user_id: vera.user.id, reasons: JSON.stringify([{ code: 'fit', message: 'Vera Vocal está livre' }]) })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    veraDraft = (
      await db()
        .insertInto('drafts')
        .values({ author_id: vera.user.id, from_day: '2030-02-01', to_day: '2030-02-28', church_id: w.churchA, department_id: w.louvor, created_at: at, expires_at: expires })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await w?.t.database.dispose();
  });

  describe('the password is asked again', () => {
    it('none is 400, a wrong one 401 `invalid_credentials` (as a password change’s), counted by the login throttle; nothing changes', async () => {
      expectApiError(await vera.agent.delete('/api/me').send({}), 400, 'invalid_request');
      const failuresBefore = await db().selectFrom('login_failures').select('id').where('email', '=', vera.user.email).execute();
      expectApiError(await vera.agent.delete('/api/me').send({ password: 'não-é-a-senha-dela' }), 401, 'invalid_credentials');
      const failures = await db().selectFrom('login_failures').select('client').where('email', '=', vera.user.email).execute();
      expect(failures.length).toBe(failuresBefore.length + 1);
      expect(failures.at(-1)!.client).toMatch(/^session:/);
      expect((await vera.agent.get('/api/auth/me').expect(200)).body.user.name).toBe('Vera Vocal');
      expect(await vocalPlace()).toEqual([1, 0, 1]);
    });
  });

  describe('with the password', () => {
    let status: number;
    let clearedCookie: string | undefined;
    beforeAll(async () => {
      const res = await vera.agent.delete('/api/me').send({ password: vera.password });
      status = res.status;
      clearedCookie = sessionCookie(res)?.value;
    });

    it('answers 204 and signs the browser out', async () => {
      expect(status).toBe(204);
      expect(clearedCookie).toBe('');
      expect((await vera.agent.get('/api/auth/me').expect(200)).body.user).toBeNull();
    });

    it('the account is named "Pessoa removida", its e-mail and password erased, its role member, deleted_at set', async () => {
      const row = await db().selectFrom('users').selectAll().where('id', '=', vera.user.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ name: 'Pessoa removida', email: `removida-${vera.user.id}@invalid`, password_hash: '', role: 'member', deleted_at: '2030-01-15T12:00:00.000Z' });
    });

    it('every session and recognised browser ended', async () => {
      expect(await db().selectFrom('sessions').select('user_id').where('user_id', '=', vera.user.id).execute()).toEqual([]);
      expect(await db().selectFrom('recognised_devices').select('user_id').where('user_id', '=', vera.user.id).execute()).toEqual([]);
    });

    it('the calendar feed’s URL stops working', async () => {
      expectApiError(await request(w.t.app).get(`/api/me/calendar.ics?token=${feedToken}`), 404, 'not_found');
    });

    it('the services to come are removed (their places open again in Lacunas); the past one stays, without identity or reason', async () => {
      const rows = await db().selectFrom('allocations').select(['event_id', 'reason', 'response_token_hash']).where('member_id', '=', vera.user.id).execute();
      expect(rows).toEqual([{ event_id: past, reason: null, response_token_hash: null }]);
      expect((await w.admin.agent.get(`/api/events/${confirmed}/allocations`).expect(200)).body).toEqual([]);
      expect(await vocalPlace()).toEqual([1, 0, 0]);
      const history = (await w.admin.agent.get(`/api/events/${past}/allocations`).expect(200)).body as AllocationJson[];
      expect(history.map((allocation) => [allocation.member, allocation.reason])).toEqual([[{ id: vera.user.id, name: 'Pessoa removida', email: null }, null]]);
    });

    it('the leaders of the team (Tina) and whoever allocated (the admin) are told, in pt-BR, without her name', async () => {
      const notices = await db().selectFrom('outbox').selectAll().where('kind', '=', 'places_reopened').orderBy('recipient_id').execute();
      expect(notices.map((notice) => [notice.recipient_id, notice.status])).toEqual(
        [
          [w.admin.user.id, 'queued'],
          [w.teamLeader.user.id, 'queued'],
        ].sort((a, b) => (a[0] as number) - (b[0] as number)),
      );
      const tina = notices.find((notice) => notice.recipient_id === w.teamLeader.user.id)!;
      const claimed: ClaimedMessage = {
        id: tina.id,
        kind: tina.kind as MessageKind,
        recipient_id: tina.recipient_id,
        payload: JSON.parse(tina.payload) as ClaimedMessage['payload'],
        attempts: 1,
        due_at: tina.due_at,
        lease_id: 'test',
        message_key: 'test',
      };
      const composed = await composeMessage(db(), w.t.config, claimed, w.t.clock.now);
      if (!('mail' in composed)) throw new Error(`not sent: ${composed.reason}`);
      expect(composed.mail.to.address).toBe(w.teamLeader.user.email);
      expect(composed.mail.subject).toBe('2 lugares abertos na escala');
      expect(composed.mail.text).toContain('Uma pessoa escalada excluiu a conta no portal, e os lugares dela ficaram abertos:');
      expect(composed.mail.text).toContain('em Louvor (Vocal)');
      expect(composed.mail.text).not.toContain('Vera');
      expect(composed.mail.html).not.toContain('Vera');
    });

    it('blockouts and their notes are deleted', async () => {
      expect(await db().selectFrom('blockouts').select('id').where('member_id', '=', vera.user.id).execute()).toEqual([]);
    });

    it('the phone and preferences are erased', async () => {
      expect(await db().selectFrom('notification_preferences').selectAll().where('user_id', '=', vera.user.id).execute()).toEqual([]);
    });

    it('she leaves every team: the team list no longer shows her', async () => {
      expect(await db().selectFrom('team_members').select('church_id').where('user_id', '=', vera.user.id).execute()).toEqual([]);
      expect(await db().selectFrom('team_member_positions').select('church_id').where('user_id', '=', vera.user.id).execute()).toEqual([]);
      const team = (await w.admin.agent.get(`/api/teams/${w.churchA}/${w.louvor}/members`).expect(200)).body as Array<{ member: { id: number } }>;
      expect(team.map((membership) => membership.member.id)).not.toContain(vera.user.id);
    });

    it('unsent messages to her are dropped (her invitations)', async () => {
      expect(await db().selectFrom('outbox').select('id').where('recipient_id', '=', vera.user.id).where('status', '=', 'queued').execute()).toEqual([]);
    });

    it('drafts’ proposals of her are emptied, and her own open draft is discarded', async () => {
      const place = await db().selectFrom('draft_places').select(['user_id', 'reasons']).where('id', '=', draftPlace).executeTakeFirstOrThrow();
      expect(place.user_id).toBeNull();
      expect(place.reasons).not.toContain('Vera');
      expect((await db().selectFrom('drafts').select('status').where('id', '=', veraDraft).executeTakeFirstOrThrow()).status).toBe('discarded');
    });

    it('searches and the people list skip her; she cannot be allocated or added to a team', async () => {
      expect((await w.admin.agent.get('/api/users?q=Pessoa').expect(200)).body).toEqual([]);
      expect((await w.admin.agent.get('/api/members?q=removida').expect(200)).body).toEqual([]);
      expectApiError(await postAllocation(w.admin.agent, pending, { department: w.louvor, member: vera.user.id }), 422, 'unknown_member');
      expectApiError(await w.admin.agent.put(`/api/teams/${w.churchA}/${w.louvor}/members/${vera.user.id}`).send({ positions: [] }), 404, 'not_found');
      expectApiError(await w.admin.agent.patch(`/api/users/${vera.user.id}`).send({ role: 'admin' }), 404, 'not_found');
    });

    it('the audit log records it, without the e-mail', async () => {
      const entries = await db().selectFrom('audit_log').selectAll().where('action', '=', 'account_deleted').execute();
      expect(entries.map((entry) => [entry.actor_id, entry.subject_id, JSON.parse(entry.details)])).toEqual([
        [vera.user.id, vera.user.id, { by: 'self', allocations_removed: 2, places_reopened: 2, teams_left: 2 }],
      ]);
      expect(entries[0]!.details).not.toContain('@');
    });

    it('signing in with the old credentials is refused cleanly (401, not 500)', async () => {
      expectApiError(await request(w.t.app).post('/api/auth/login').send({ email: vera.user.email, password: vera.password }), 401, 'invalid_credentials');
      expectApiError(await request(w.t.app).post('/api/auth/login').send({ email: `removida-${vera.user.id}@invalid`, password: vera.password }), 400, 'invalid_request');
    });

    it('the e-mail can register again: a new account', async () => {
      const res = await request(w.t.app).post('/api/auth/register').send({ name: 'Vera de Novo', email: vera.user.email, password: vera.password }).expect(201);
      expect(res.body.user.id).not.toBe(vera.user.id);
      expect(res.body.user.email).toBe(vera.user.email);
    });
  });
});

describe.each(testDatabases)('an admin removing an account on $name', ({ open }) => {
  let w: NetworkWorld;
  afterAll(async () => {
    await w?.t.database.dispose();
  });
  beforeAll(async () => {
    w = await networkWorld(open);
  });

  it('the last admin cannot remove their account (409 `last_admin`), by either door', async () => {
    expectApiError(await w.admin.agent.delete('/api/me').send({ password: w.admin.password }), 409, 'last_admin');
    expectApiError(await w.admin.agent.delete(`/api/users/${w.admin.user.id}`), 409, 'last_admin');
    expect((await w.admin.agent.get('/api/auth/me').expect(200)).body.user.role).toBe('admin');
  });

  it('removes another account without a password (204); a removed one is 409 `already_deleted`, an unknown one 404', async () => {
    const other = await signedInAgent(w.t.app, w.t.database, { role: 'admin', name: 'Outra Admin' });
    await w.admin.agent.delete(`/api/users/${other.user.id}`).expect(204);
    expect((await other.agent.get('/api/auth/me').expect(200)).body.user).toBeNull();
    const entry = await w.t.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'account_deleted').executeTakeFirstOrThrow();
    expect([entry.actor_id, entry.subject_id, JSON.parse(entry.details).by]).toEqual([w.admin.user.id, other.user.id, 'admin']);
    expectApiError(await w.admin.agent.delete(`/api/users/${other.user.id}`), 409, 'already_deleted');
    expectApiError(await w.admin.agent.delete('/api/users/987654'), 404, 'not_found');
  });

  it('others may not (403)', async () => {
    expectApiError(await w.member.agent.delete(`/api/users/${w.teamLeader.user.id}`), 403, 'forbidden');
    expectApiError(await w.legacyLeader.agent.delete(`/api/users/${w.member.user.id}`), 403, 'forbidden');
  });
});
