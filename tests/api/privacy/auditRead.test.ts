import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../../server/audit/public.ts';
import { expectApiError } from '../../support/apiAssertions.ts';
import { createTestUser } from '../../support/authAgent.ts';
import { postAllocation } from '../../support/escalasFixtures.ts';
import { testDatabases } from '../../support/testDatabases.ts';
import { createNetworkEvent, networkWorld, type NetworkWorld } from '../network/networkWorld.ts';
import { auditEntries } from './auditSupport.ts';

/** `GET /api/audit` (docs/product.md §11): admins only; filters, newest first, pages of at most 200 by `before`. */
describe.each(testDatabases)('reading the audit log on $name', ({ open }) => {
  let w: NetworkWorld;
  let paula: { id: number };
  let rui: { id: number };
  let allocationId: number;

  beforeAll(async () => {
    w = await networkWorld(open);
    paula = await createTestUser(w.t.database, { name: 'Paula Filtro' });
    rui = await createTestUser(w.t.database, { name: 'Rui Filtro' });
    // São Paulo days: 2030-01-11T02:00Z is still 10 January there.
    w.t.clock.set('2030-01-10T12:00:00.000Z');
    await w.admin.agent.patch(`/api/users/${paula.id}`).send({ role: 'leader' }).expect(200);
    w.t.clock.set('2030-01-11T02:00:00.000Z');
    await w.admin.agent.patch(`/api/users/${rui.id}`).send({ role: 'leader' }).expect(200);
    w.t.clock.set('2030-01-12T12:00:00.000Z');
    const event = await createNetworkEvent(w.admin.agent, { datetime: '2030-03-05T22:00:00.000Z', church_id: w.churchA });
    allocationId = (await postAllocation(w.teamLeader.agent, event, { department: w.louvor, member: paula.id }).expect(201)).body.id as number;
  });
  afterAll(async () => {
    await w?.t.database.dispose();
  });

  it('answers each entry as { id, at, actor, action, subject, details }, newest first', async () => {
    const entries = await auditEntries(w.admin.agent);
    expect(entries.slice(0, 3).map((entry) => [entry.action, entry.subject?.name, entry.at])).toEqual([
      ['allocation_created', 'Paula Filtro', '2030-01-12T12:00:00.000Z'],
      ['role_changed', 'Rui Filtro', '2030-01-11T02:00:00.000Z'],
      ['role_changed', 'Paula Filtro', '2030-01-10T12:00:00.000Z'],
    ]);
    for (const entry of entries) expect(Object.keys(entry).sort()).toEqual(['action', 'actor', 'at', 'details', 'id', 'subject']);
    const ids = entries.map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('filters by actor, subject, action and days of the portal’s zone, together', async () => {
    const byTina = await auditEntries(w.admin.agent, { actor_id: w.teamLeader.user.id });
    expect(byTina).toEqual([
      expect.objectContaining({ actor: { id: w.teamLeader.user.id, name: 'Tina Time' }, action: 'allocation_created', details: expect.objectContaining({ allocation_id: allocationId }) }),
    ]);
    expect((await auditEntries(w.admin.agent, { subject_id: paula.id })).map((entry) => entry.action)).toEqual(['allocation_created', 'role_changed']);
    expect((await auditEntries(w.admin.agent, { subject_id: paula.id, action: 'role_changed' })).map((entry) => entry.subject?.id)).toEqual([paula.id]);
    expect((await auditEntries(w.admin.agent, { from: '2030-01-10', to: '2030-01-10' })).map((entry) => entry.subject?.id)).toEqual([rui.id, paula.id]);
    expect((await auditEntries(w.admin.agent, { from: '2030-01-11' })).map((entry) => entry.action)).toEqual(['allocation_created']);
    expect((await auditEntries(w.admin.agent, { to: '2030-01-09', subject_id: paula.id }))).toEqual([]);
    expect(await auditEntries(w.admin.agent, { action: 'data_exported' })).toEqual([]);
  });

  it('pages with limit and before: each page older than the last, none twice, none left out; at most 200, 50 unless said', async () => {
    const subject = await createTestUser(w.t.database, { name: 'Sara Páginas' });
    const at = '2030-01-13T12:00:00.000Z';
    // Entries the portal itself wrote (a job): no actor.
    await recordAudit(w.t.database.db, Array.from({ length: 205 }, (_, n) => ({ actorId: null, action: 'role_changed' as const, subjectId: subject.id, details: { n }, at })));
    const all = await auditEntries(w.admin.agent, { subject_id: subject.id, limit: 200 });
    expect(all).toHaveLength(200);
    expect(all[0]).toEqual({ id: expect.any(Number), at, actor: null, action: 'role_changed', subject: { id: subject.id, name: 'Sara Páginas' }, details: { n: 204 } });
    expect(await auditEntries(w.admin.agent, { subject_id: subject.id })).toHaveLength(50);

    const seen: number[] = [];
    let before: number | undefined;
    for (;;) {
      const page = await auditEntries(w.admin.agent, { subject_id: subject.id, limit: 60, ...(before ? { before } : {}) });
      if (page.length === 0) break;
      expect(page.length).toBeLessThanOrEqual(60);
      seen.push(...page.map((entry) => entry.details.n as number));
      before = page[page.length - 1]!.id;
    }
    expect(seen).toEqual(Array.from({ length: 205 }, (_, n) => 204 - n));
  });

  it('refuses a bad query with 400 and a pt-BR message naming the parameter', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ limit: '0' }, 'Requisição inválida (limit): O limite deve ser um número inteiro entre 1 e 200.'],
      [{ limit: '201' }, 'Requisição inválida (limit): O limite deve ser um número inteiro entre 1 e 200.'],
      [{ limit: 'dez' }, 'Requisição inválida (limit): O limite deve ser um número inteiro entre 1 e 200.'],
      [{ limit: '-1' }, 'Requisição inválida (limit): O limite deve ser um número inteiro entre 1 e 200.'],
      [{ action: 'senha_vista' }, 'Requisição inválida (action): Ação desconhecida.'],
      [{ from: '2030-02-31' }, 'Requisição inválida (from): Use uma data válida no formato aaaa-mm-dd.'],
      [{ from: '2030-02-02', to: '2030-02-01' }, 'Requisição inválida (to): A data final deve ser igual ou posterior à inicial.'],
      [{ actor_id: 'ana' }, 'Requisição inválida (actor_id): O identificador deve ser um número inteiro positivo.'],
      [{ before: '0' }, 'Requisição inválida (before): O identificador deve ser um número inteiro positivo.'],
      [{ page: '2' }, 'Requisição inválida: Campo não permitido: page.'],
    ];
    for (const [query, message] of cases) {
      const res = await w.admin.agent.get('/api/audit').query(query);
      expectApiError(res, 400, 'invalid_request');
      expect(res.body.error.message, JSON.stringify(query)).toBe(message);
    }
  });

  it('is for admins only: 403 for a team leader, a network leader and a member; 401 signed out', async () => {
    for (const person of [w.teamLeader, w.legacyLeader, w.member]) expectApiError(await person.agent.get('/api/audit'), 403, 'forbidden');
    expectApiError(await request(w.t.app).get('/api/audit'), 401, 'unauthenticated');
  });
});
