import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../support/apiAssertions.ts';
import { createTestUser, signedInAgent } from '../../support/authAgent.ts';
import { departmentId, keysOf } from '../../support/escalasFixtures.ts';
import { testDatabases } from '../../support/testDatabases.ts';
import { networkWorld, type NetworkWorld } from './networkWorld.ts';

describe.each(testDatabases)('the network on $name: churches, positions, teams, roles', ({ open }) => {
  let w: NetworkWorld;
  beforeAll(async () => {
    w = await networkWorld(open);
  });
  afterAll(async () => {
    await w?.t.database.dispose();
  });

  describe('churches', () => {
    it('lists every church by name, for everyone (signed out too), as { id, name, city, timezone }', async () => {
      const res = await request(w.t.app).get('/api/churches').expect(200);
      expect(res.body).toEqual([
        { id: w.churchA, name: 'Igreja A', city: 'São Paulo', timezone: 'America/Sao_Paulo', address: null, service_times: null },
        { id: w.churchB, name: 'Igreja B', city: null, timezone: 'America/Sao_Paulo', address: null, service_times: null },
      ]);
      for (const church of res.body) expect(keysOf(church)).toEqual(['address', 'city', 'id', 'name', 'service_times', 'timezone']);
    });

    it('lets only admins add one; the same name (case, accents, spaces aside) is 409 church_exists', async () => {
      const created = await w.admin.agent.post('/api/churches').send({ name: '  Zona   Norte ', city: '  ' }).expect(201);
      expect(created.body).toEqual({ id: expect.any(Number), name: 'Zona Norte', city: null, timezone: 'America/Sao_Paulo', address: null, service_times: null });
      const duplicate = await w.admin.agent.post('/api/churches').send({ name: 'ZONA NÓRTE' });
      expectApiError(duplicate, 409, 'church_exists');
      expect(duplicate.body.error.message).toBe('Já existe uma igreja com esse nome.');
      expectApiError(await w.legacyLeader.agent.post('/api/churches').send({ name: 'Campinas' }), 403, 'forbidden');
      expectApiError(await w.teamLeader.agent.post('/api/churches').send({ name: 'Campinas' }), 403, 'forbidden');
      expectApiError(await request(w.t.app).post('/api/churches').send({ name: 'Campinas' }), 401, 'unauthenticated');
    });

    it('refuses a blank, too long or malformed body with 400 and the field', async () => {
      for (const body of [{}, { name: '   ' }, { name: 'x'.repeat(101) }, { name: 'Ok', city: 'y'.repeat(101) }, { name: 'Ok', extra: 1 }, { name: 7 }]) {
        const res = await w.admin.agent.post('/api/churches').send(body);
        expectApiError(res, 400, 'invalid_request');
      }
    });
  });

  describe('positions of a department', () => {
    it('lists a department’s positions by name for anyone signed in; 404 for an unknown department', async () => {
      const res = await w.member.agent.get(`/api/departments/${w.louvor}/positions`).expect(200);
      expect(res.body).toEqual([
        { id: w.bateria, name: 'Bateria', department_id: w.louvor },
        { id: w.vocal, name: 'Vocal', department_id: w.louvor },
      ]);
      expectApiError(await w.member.agent.get('/api/departments/999999/positions'), 404, 'not_found');
      expectApiError(await request(w.t.app).get(`/api/departments/${w.louvor}/positions`), 401, 'unauthenticated');
      expectApiError(await w.member.agent.get('/api/departments/abc/positions'), 400, 'invalid_request');
    });

    it('lets admins add one; a duplicate in the same department is 409, the same name elsewhere is fine', async () => {
      const midia = await departmentId(w.t.database, 'Mídia');
      expectApiError(await w.admin.agent.post(`/api/departments/${w.louvor}/positions`).send({ name: 'vócal' }), 409, 'position_exists');
      const other = await w.admin.agent.post(`/api/departments/${midia}/positions`).send({ name: 'Vocal' }).expect(201);
      expect(other.body).toEqual({ id: expect.any(Number), name: 'Vocal', department_id: midia });
      expectApiError(await w.admin.agent.post('/api/departments/999999/positions').send({ name: 'Som' }), 404, 'not_found');
      expectApiError(await w.legacyLeader.agent.post(`/api/departments/${midia}/positions`).send({ name: 'Som' }), 403, 'forbidden');
      expectApiError(await w.admin.agent.post(`/api/departments/${midia}/positions`).send({ name: '' }), 400, 'invalid_request');
    });
  });

  describe('team membership', () => {
    it('joins a member to a team with positions, answers the membership, and the team lists it (leaders first)', async () => {
      const ana = await createTestUser(w.t.database, { name: 'Ana Vocal' });
      const path = `/api/teams/${w.churchA}/${w.louvor}/members/${ana.id}`;
      const res = await w.admin.agent.put(path).send({ positions: [w.vocal, w.bateria, w.vocal] }).expect(200);
      expect(res.body).toEqual({
        church_id: w.churchA,
        department_id: w.louvor,
        member: { id: ana.id, name: 'Ana Vocal', email: ana.email },
        leader: false,
        positions: [
          { id: w.bateria, name: 'Bateria' },
          { id: w.vocal, name: 'Vocal' },
        ],
        // Ana set no monthly limit (docs/product.md §9).
        max_services_per_month: null,
      });
      // Positions are replaced; leader left out keeps its value.
      await w.admin.agent.put(path).send({ positions: [w.bateria], leader: true }).expect(200);
      const again = await w.admin.agent.put(path).send({ positions: [] }).expect(200);
      expect(again.body).toMatchObject({ leader: true, positions: [] });

      const list = await w.admin.agent.get(`/api/teams/${w.churchA}/${w.louvor}/members`).expect(200);
      expect(list.body.map((m: { member: { name: string }; leader: boolean }) => [m.member.name, m.leader])).toEqual([
        ['Ana Vocal', true],
        ['Tina Time', true],
      ]);
      await w.admin.agent.put(path).send({ positions: [w.vocal], leader: false }).expect(200);
      const after = await w.admin.agent.get(`/api/teams/${w.churchA}/${w.louvor}/members`).expect(200);
      expect(after.body.map((m: { member: { name: string } }) => m.member.name)).toEqual(['Tina Time', 'Ana Vocal']);
    });

    it('refuses a position of another department (422 unknown_position) and unknown church, department or user (404)', async () => {
      const bia = await createTestUser(w.t.database, { name: 'Bia' });
      const refused = await w.admin.agent.put(`/api/teams/${w.churchA}/${w.louvor}/members/${bia.id}`).send({ positions: [w.professor] });
      expectApiError(refused, 422, 'unknown_position');
      expectApiError(await w.admin.agent.put(`/api/teams/${w.churchA}/${w.louvor}/members/${bia.id}`).send({ positions: [999999] }), 422, 'unknown_position');
      // Nothing was written by the refused calls.
      const list = await w.admin.agent.get(`/api/teams/${w.churchA}/${w.louvor}/members`).expect(200);
      expect(list.body.some((m: { member: { id: number } }) => m.member.id === bia.id)).toBe(false);
      const notFound = [
        `/api/teams/999999/${w.louvor}/members/${bia.id}`,
        `/api/teams/${w.churchA}/999999/members/${bia.id}`,
        `/api/teams/${w.churchA}/${w.louvor}/members/999999`,
      ];
      for (const path of notFound) expectApiError(await w.admin.agent.put(path).send({ positions: [] }), 404, 'not_found');
      expectApiError(await w.admin.agent.put(`/api/teams/${w.churchA}/${w.louvor}/members/${bia.id}`).send({ positions: 'x' }), 400, 'invalid_request');
      expectApiError(await w.admin.agent.put(`/api/teams/x/${w.louvor}/members/${bia.id}`).send({ positions: [] }), 400, 'invalid_request');
    });

    it('answers 404 for an unknown church, department or user in every team path, and changes nothing', async () => {
      const eva = await createTestUser(w.t.database, { name: 'Eva' });
      const unknown = 2_000_000;
      for (const path of [`/api/teams/${unknown}/${w.louvor}/members`, `/api/teams/${w.churchA}/${unknown}/members`]) {
        const res = await w.admin.agent.get(path);
        expectApiError(res, 404, 'not_found');
        expectApiError(await w.legacyLeader.agent.get(path), 404, 'not_found');
      }
      expect((await w.admin.agent.get(`/api/teams/${unknown}/${w.louvor}/members`)).body.error.message).toBe('Igreja não encontrada.');
      expect((await w.admin.agent.get(`/api/teams/${w.churchA}/${unknown}/members`)).body.error.message).toBe('Departamento não encontrado.');
      const cases: Array<[string, string]> = [
        [`/api/teams/${unknown}/${w.louvor}/members/${eva.id}`, 'Igreja não encontrada.'],
        [`/api/teams/${w.churchA}/${unknown}/members/${eva.id}`, 'Departamento não encontrado.'],
        [`/api/teams/${w.churchA}/${w.louvor}/members/${unknown}`, 'Usuário não encontrado.'],
      ];
      for (const [path, message] of cases) {
        const put = await w.admin.agent.put(path).send({ positions: [], leader: true });
        expectApiError(put, 404, 'not_found');
        expect(put.body.error.message).toBe(message);
        const removed = await w.admin.agent.delete(path);
        expectApiError(removed, 404, 'not_found');
        expect(removed.body.error.message).toBe(message);
      }
      // A known user who is not on the team: 404 too, said so.
      const notOnTeam = await w.admin.agent.delete(`/api/teams/${w.churchB}/${w.infantil}/members/${eva.id}`);
      expectApiError(notOnTeam, 404, 'not_found');
      expect(notOnTeam.body.error.message).toBe('Esta pessoa não faz parte da equipe.');
      expect(await w.t.database.db.selectFrom('team_members').select('user_id').where('user_id', '=', eva.id).execute()).toEqual([]);
      // The positions of an unknown department, and the role of an unknown account.
      expect((await w.admin.agent.get(`/api/departments/${unknown}/positions`)).body.error.message).toBe('Departamento não encontrado.');
      expect((await w.admin.agent.patch(`/api/users/${unknown}`).send({ role: 'leader' })).body.error.message).toBe('Usuário não encontrado.');
    });

    it('is managed by admins only; the team list is for admins, network leaders and that team’s leaders', async () => {
      const cid = await createTestUser(w.t.database, { name: 'Cid' });
      const path = `/api/teams/${w.churchA}/${w.louvor}/members/${cid.id}`;
      expectApiError(await w.legacyLeader.agent.put(path).send({ positions: [] }), 403, 'forbidden');
      expectApiError(await w.teamLeader.agent.put(path).send({ positions: [] }), 403, 'forbidden');
      expectApiError(await w.member.agent.put(path).send({ positions: [] }), 403, 'forbidden');
      await w.legacyLeader.agent.get(`/api/teams/${w.churchA}/${w.louvor}/members`).expect(200);
      await w.teamLeader.agent.get(`/api/teams/${w.churchA}/${w.louvor}/members`).expect(200);
      expectApiError(await w.teamLeader.agent.get(`/api/teams/${w.churchA}/${w.infantil}/members`), 403, 'forbidden');
      expectApiError(await w.teamLeader.agent.get(`/api/teams/${w.churchB}/${w.louvor}/members`), 403, 'forbidden');
      expectApiError(await w.member.agent.get(`/api/teams/${w.churchA}/${w.louvor}/members`), 403, 'forbidden');
    });

    it('removes a membership (204; 404 when not on the team) with its positions', async () => {
      const dan = await createTestUser(w.t.database, { name: 'Dan' });
      const path = `/api/teams/${w.churchB}/${w.louvor}/members/${dan.id}`;
      await w.admin.agent.put(path).send({ positions: [w.vocal] }).expect(200);
      await w.admin.agent.delete(path).expect(204);
      expectApiError(await w.admin.agent.delete(path), 404, 'not_found');
      const left = await w.t.database.db.selectFrom('team_member_positions').select('user_id').where('user_id', '=', dan.id).execute();
      expect(left).toEqual([]);
    });

    it('GET /api/me/teams tells a member the teams they are on and whether they lead them', async () => {
      const res = await w.teamLeader.agent.get('/api/me/teams').expect(200);
      expect(res.body).toEqual([
        {
          church: { id: w.churchA, name: 'Igreja A', city: 'São Paulo' },
          department: { id: w.louvor, name: 'Louvor' },
          leader: true,
          positions: [{ id: w.vocal, name: 'Vocal' }],
        },
      ]);
      expect((await w.member.agent.get('/api/me/teams').expect(200)).body).toEqual([]);
      expectApiError(await request(w.t.app).get('/api/me/teams'), 401, 'unauthenticated');
    });
  });

  describe('roles', () => {
    it('lets an admin find accounts with their role and change it; it applies on the next request', async () => {
      const someone = await signedInAgent(w.t.app, w.t.database, { name: 'Rui Promovido' });
      const found = await w.admin.agent.get('/api/users?q=promovido').expect(200);
      expect(found.body).toEqual([{ id: someone.user.id, name: 'Rui Promovido', email: someone.user.email, role: 'member' }]);
      expectApiError(await someone.agent.get('/api/members'), 403, 'forbidden');
      const changed = await w.admin.agent.patch(`/api/users/${someone.user.id}`).send({ role: 'leader' }).expect(200);
      expect(changed.body).toEqual({ ...found.body[0], role: 'leader' });
      await someone.agent.get('/api/members').expect(200);
      expect((await someone.agent.get('/api/auth/me').expect(200)).body.user.role).toBe('leader');
    });

    it('is for admins only, refuses unknown roles and accounts, and never removes the last admin', async () => {
      expectApiError(await w.legacyLeader.agent.get('/api/users'), 403, 'forbidden');
      expectApiError(await w.legacyLeader.agent.patch(`/api/users/${w.member.user.id}`).send({ role: 'admin' }), 403, 'forbidden');
      expectApiError(await w.admin.agent.patch(`/api/users/${w.member.user.id}`).send({ role: 'owner' }), 400, 'invalid_request');
      expectApiError(await w.admin.agent.patch('/api/users/999999').send({ role: 'leader' }), 404, 'not_found');
      const last = await w.admin.agent.patch(`/api/users/${w.admin.user.id}`).send({ role: 'member' });
      expectApiError(last, 409, 'last_admin');
      // With a second admin, the first may step down.
      const second = await createTestUser(w.t.database, { role: 'admin', name: 'Segunda Admin' });
      const stepDown = await w.admin.agent.patch(`/api/users/${w.admin.user.id}`).send({ role: 'leader' }).expect(200);
      expect(stepDown.body.role).toBe('leader');
      // Restore for the other tests (as the second admin).
      const secondAgent = request.agent(w.t.app);
      await secondAgent.post('/api/auth/login').send({ email: second.email, password: second.password }).expect(200);
      await secondAgent.patch(`/api/users/${w.admin.user.id}`).send({ role: 'admin' }).expect(200);
    });
  });
});
