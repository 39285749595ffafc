import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../support/apiAssertions.ts';
import { createTestUser, signedInAgent, type SignedIn } from '../../support/authAgent.ts';
import { keysOf, postAllocation } from '../../support/escalasFixtures.ts';
import { testDatabases } from '../../support/testDatabases.ts';
import { createNetworkEvent, networkWorld, type NetworkWorld } from './networkWorld.ts';

/**
 * docs/product.md §8: a team leader allocates only in their team (the event's church and the department); admins and
 * accounts of role `leader` everywhere; events of the whole network only network-wide leaders.
 */
describe.each(testDatabases)('scoped leadership on $name', ({ open }) => {
  let w: NetworkWorld;
  let dayCount = 0;
  /** A new day for each event, so no allocation clashes with another. */
  const nextDay = () => new Date(Date.parse('2030-03-01T22:00:00.000Z') + dayCount++ * 2 * 86_400_000).toISOString();
  const event = (church: number | null) => createNetworkEvent(w.admin.agent, { datetime: nextDay(), church_id: church });

  beforeAll(async () => {
    w = await networkWorld(open);
  });
  afterAll(async () => {
    await w?.t.database.dispose();
  });

  describe('the scope matrix of POST /api/events/{id}/allocations', () => {
    it('team leader of A/Louvor: allowed on A/Louvor; 403 on A/Infantil, B/Louvor and a whole-network event', async () => {
      const person = await createTestUser(w.t.database, { name: 'Paulo Pessoa' });
      const a = await event(w.churchA);
      const ok = await postAllocation(w.teamLeader.agent, a, { department: w.louvor, member: person.id });
      expect(ok.status, ok.text).toBe(201);

      const infantil = await postAllocation(w.teamLeader.agent, await event(w.churchA), { department: 'Infantil', member: person.id });
      expectApiError(infantil, 403, 'forbidden');
      expect(infantil.body.error.message).toBe('Você só pode organizar as escalas das equipes que lidera (igreja e departamento do evento).');
      expectApiError(await postAllocation(w.teamLeader.agent, await event(w.churchB), { department: w.louvor, member: person.id }), 403, 'forbidden');
      const network = await postAllocation(w.teamLeader.agent, await event(null), { department: w.louvor, member: person.id });
      expectApiError(network, 403, 'forbidden');
      expect(network.body.error.message).toBe('Apenas administradores e líderes da rede organizam eventos de toda a rede.');
      // Nothing was written by the refused calls.
      const rows = await w.t.database.db.selectFrom('allocations').select('id').where('member_id', '=', person.id).execute();
      expect(rows).toHaveLength(1);
    });

    it.each([
      ['admin', (x: NetworkWorld) => x.admin],
      ['legacy leader', (x: NetworkWorld) => x.legacyLeader],
    ])('%s: allowed on A/Louvor, A/Infantil, B/Louvor and a whole-network event', async (_name, who) => {
      const leader: SignedIn = who(w);
      const person = await createTestUser(w.t.database);
      for (const [church, department] of [
        [w.churchA, w.louvor],
        [w.churchA, w.infantil],
        [w.churchB, w.louvor],
        [null, w.infantil],
      ] as const) {
        const res = await postAllocation(leader.agent, await event(church), { department, member: person.id });
        expect(res.status, res.text).toBe(201);
      }
    });

    it('a plain member, and a team member who does not lead, get 403 on every leader call', async () => {
      const follower = await createTestUser(w.t.database, { name: 'Sara Seguidora' });
      await w.admin.agent.put(`/api/teams/${w.churchA}/${w.louvor}/members/${follower.id}`).send({ positions: [] }).expect(200);
      const a = await event(w.churchA);
      for (const agent of [w.member.agent]) {
        expectApiError(await postAllocation(agent, a, { department: w.louvor, member: follower.id }), 403, 'forbidden');
        expectApiError(await agent.get('/api/members'), 403, 'forbidden');
        expectApiError(await agent.get(`/api/events/${a}/allocations`), 403, 'forbidden');
        expectApiError(await agent.get(`/api/events/${a}/candidates`), 403, 'forbidden');
        expectApiError(await agent.get('/api/allocations?from=2030-01-01&to=2030-12-31'), 403, 'forbidden');
      }
    });
  });

  describe('the scope matrix of the issue, for allocations and needs alike', () => {
    type Who = 'team leader of A/Louvor' | 'admin' | 'legacy leader';
    const places = ['A/Louvor', 'A/Infantil', 'B/Louvor'] as const;
    /** Whether each one may organise each place: the team leader only their own team; the others everywhere. */
    const allowed: Record<Who, Record<(typeof places)[number], boolean>> = {
      'team leader of A/Louvor': { 'A/Louvor': true, 'A/Infantil': false, 'B/Louvor': false },
      admin: { 'A/Louvor': true, 'A/Infantil': true, 'B/Louvor': true },
      'legacy leader': { 'A/Louvor': true, 'A/Infantil': true, 'B/Louvor': true },
    };
    const agentOf = (who: Who) => (who === 'admin' ? w.admin : who === 'legacy leader' ? w.legacyLeader : w.teamLeader).agent;
    const placeOf = (place: (typeof places)[number]) => ({
      church: place.startsWith('A') ? w.churchA : w.churchB,
      department: place.endsWith('Louvor') ? w.louvor : w.infantil,
      position: place.endsWith('Louvor') ? w.vocal : w.professor,
    });

    it.each(Object.keys(allowed) as Who[])('%s', async (who) => {
      for (const place of places) {
        const { church, department, position } = placeOf(place);
        const eventId = await event(church);
        const person = await createTestUser(w.t.database);
        const label = `${who} em ${place}`;
        const allocation = await postAllocation(agentOf(who), eventId, { department, member: person.id, position });
        const needs = await agentOf(who).put(`/api/events/${eventId}/needs`).send([{ department_id: department, position_id: position, count: 2 }]);
        const stored = await w.t.database.db.selectFrom('event_needs').select('count').where('event_id', '=', eventId).execute();
        const allocations = await w.t.database.db.selectFrom('allocations').select('id').where('event_id', '=', eventId).execute();
        if (allowed[who][place]) {
          expect(allocation.status, `${label}: ${allocation.text}`).toBe(201);
          expect(needs.status, `${label}: ${needs.text}`).toBe(200);
          expect(stored).toEqual([{ count: 2 }]);
          expect(allocations).toHaveLength(1);
          // And removes what they allocated.
          await agentOf(who).delete(`/api/allocations/${allocation.body.id}`).expect(204);
        } else {
          expectApiError(allocation, 403, 'forbidden');
          expectApiError(needs, 403, 'forbidden');
          expect(stored, label).toEqual([]);
          expect(allocations, label).toEqual([]);
          // Nor removes what someone else allocated there.
          const other = (await postAllocation(w.admin.agent, eventId, { department, member: person.id }).expect(201)).body.id;
          expectApiError(await agentOf(who).delete(`/api/allocations/${other}`), 403, 'forbidden');
        }
      }
    });
  });

  describe('DELETE /api/allocations/{id}', () => {
    it('a team leader removes allocations of their team only', async () => {
      const person = await createTestUser(w.t.database);
      const a = await event(w.churchA);
      const mine = (await postAllocation(w.admin.agent, a, { department: w.louvor, member: person.id }).expect(201)).body.id;
      const other = await createTestUser(w.t.database);
      const notMine = (await postAllocation(w.admin.agent, a, { department: w.infantil, member: other.id }).expect(201)).body.id;
      const b = (await postAllocation(w.admin.agent, await event(w.churchB), { department: w.louvor, member: other.id }).expect(201)).body.id;
      expectApiError(await w.teamLeader.agent.delete(`/api/allocations/${notMine}`), 403, 'forbidden');
      expectApiError(await w.teamLeader.agent.delete(`/api/allocations/${b}`), 403, 'forbidden');
      await w.teamLeader.agent.delete(`/api/allocations/${mine}`).expect(204);
      expectApiError(await w.teamLeader.agent.delete(`/api/allocations/${mine}`), 404, 'not_found');
      await w.legacyLeader.agent.delete(`/api/allocations/${b}`).expect(204);
    });
  });

  describe('the leader reads of a team leader (role member)', () => {
    it('reads the escala of their church’s events, the member search and the candidates; 403 for other churches', async () => {
      const person = await createTestUser(w.t.database, { name: 'Quésia Leitura' });
      const a = await event(w.churchA);
      const b = await event(w.churchB);
      await postAllocation(w.admin.agent, a, { department: w.infantil, member: person.id }).expect(201);
      await postAllocation(w.admin.agent, b, { department: w.louvor, member: person.id }).expect(201);

      // The whole escala of an A event (every department): they organise beside the others.
      const list = await w.teamLeader.agent.get(`/api/events/${a}/allocations`).expect(200);
      expect(list.body.map((x: { member: { id: number } }) => x.member.id)).toEqual([person.id]);
      expectApiError(await w.teamLeader.agent.get(`/api/events/${b}/allocations`), 403, 'forbidden');
      expectApiError(await w.teamLeader.agent.get(`/api/events/${await event(null)}/allocations`), 403, 'forbidden');

      const range = await w.teamLeader.agent.get('/api/allocations?from=2030-01-01&to=2030-12-31').expect(200);
      const eventIds = new Set(range.body.map((x: { event_id: number }) => x.event_id));
      expect(eventIds.has(a)).toBe(true);
      expect(eventIds.has(b)).toBe(false);
      const all = await w.admin.agent.get('/api/allocations?from=2030-01-01&to=2030-12-31').expect(200);
      expect(all.body.length).toBeGreaterThan(range.body.length);

      await w.teamLeader.agent.get('/api/members?q=quésia').expect(200);
      await w.teamLeader.agent.get(`/api/events/${a}/candidates`).expect(200);
      expectApiError(await w.teamLeader.agent.get(`/api/events/${b}/candidates`), 403, 'forbidden');
      await w.teamLeader.agent.get(`/api/events/${a}/team`).expect(200);
      // The WhatsApp links of an escala (docs/product.md §7) too.
      const share = await w.teamLeader.agent.get(`/api/events/${a}/whatsapp`).expect(200);
      expect(share.body.escala.text).toContain('Quésia Leitura');
      expectApiError(await w.teamLeader.agent.get(`/api/events/${b}/whatsapp`), 403, 'forbidden');
      expectApiError(await w.member.agent.get(`/api/events/${a}/whatsapp`), 403, 'forbidden');
    });

    it('loses the leader calls once no longer a team leader', async () => {
      const { agent, user } = await signedInAgent(w.t.app, w.t.database, { name: 'Ex Líder' });
      const id = user.id;
      const path = `/api/teams/${w.churchB}/${w.infantil}/members/${id}`;
      await w.admin.agent.put(path).send({ positions: [w.professor], leader: true }).expect(200);
      await agent.get('/api/members').expect(200);
      await w.admin.agent.put(path).send({ positions: [w.professor], leader: false }).expect(200);
      expectApiError(await agent.get('/api/members'), 403, 'forbidden');
    });
  });

  describe('positions on allocations', () => {
    it('names a position of the department: JSON position { id, name } in the leader and member views', async () => {
      const a = await event(w.churchA);
      const res = await postAllocation(w.teamLeader.agent, a, { department: w.louvor, member: w.member.user.id, position: w.bateria });
      expect(res.status, res.text).toBe(201);
      expect(res.body.position).toEqual({ id: w.bateria, name: 'Bateria' });
      expect(keysOf(res.body.position)).toEqual(['id', 'name']);
      const listed = await w.teamLeader.agent.get(`/api/events/${a}/allocations`).expect(200);
      expect(listed.body[0].position).toEqual({ id: w.bateria, name: 'Bateria' });
      const mine = (await w.member.agent.get('/api/me/events').expect(200)).body.find((e: { id: number }) => e.id === a);
      expect(mine.position).toEqual({ id: w.bateria, name: 'Bateria' });
      // Without a position: null.
      const other = await createTestUser(w.t.database);
      const plain = await postAllocation(w.teamLeader.agent, a, { department: w.louvor, member: other.id, position: null }).expect(201);
      expect(plain.body.position).toBeNull();
    });

    it('a position of another department, or an unknown one, is 422 unknown_position', async () => {
      const a = await event(w.churchA);
      const person = await createTestUser(w.t.database);
      const res = await postAllocation(w.admin.agent, a, { department: w.louvor, member: person.id, position: w.professor });
      expectApiError(res, 422, 'unknown_position');
      expect(res.body.error.message).toBe('Função não encontrada neste departamento.');
      expectApiError(await postAllocation(w.admin.agent, a, { department: w.louvor, member: person.id, position: 999999 }), 422, 'unknown_position');
      expectApiError(await postAllocation(w.admin.agent, a, { department: w.louvor, member: person.id, position: 'Vocal' }), 400, 'invalid_request');
    });
  });

  describe('the member picker with ?department_id=', () => {
    it('offers the team’s members first, with their positions, then the others', async () => {
      const a = await event(w.churchA);
      const zeca = await createTestUser(w.t.database, { name: 'Aaron Fora' });
      const yara = await createTestUser(w.t.database, { name: 'Zuleica Dentro' });
      await w.admin.agent.put(`/api/teams/${w.churchA}/${w.louvor}/members/${yara.id}`).send({ positions: [w.vocal, w.bateria] }).expect(200);
      const team = (await w.admin.agent.get(`/api/teams/${w.churchA}/${w.louvor}/members`).expect(200)).body.map((m: { member: { name: string } }) => m.member.name);
      const teamByName = [...team].sort();
      expect(teamByName).toContain('Zuleica Dentro');
      const res = await w.teamLeader.agent.get(`/api/events/${a}/candidates?department_id=${w.louvor}`).expect(200);
      const names = res.body.map((c: { name: string }) => c.name);
      // The team by name (Tina Time leads it), then everyone else by name.
      expect(names.slice(0, team.length)).toEqual(teamByName);
      expect(names).toContain('Ada Admin');
      expect(names.indexOf('Zuleica Dentro')).toBeLessThan(names.indexOf('Ada Admin'));
      expect(res.body[names.indexOf('Zuleica Dentro')]).toMatchObject({
        id: yara.id,
        team: { leader: false, positions: [{ id: w.bateria, name: 'Bateria' }, { id: w.vocal, name: 'Vocal' }] },
      });
      expect(res.body[names.indexOf('Tina Time')].team).toEqual({ leader: true, positions: [{ id: w.vocal, name: 'Vocal' }] });
      expect(res.body.find((c: { id: number }) => c.id === w.admin.user.id).team).toBeNull();
      expect(keysOf(res.body[0])).toEqual(['allocated', 'blockouts', 'conflicts', 'email', 'id', 'name', 'team']);
      // The search narrows both groups.
      const searched = await w.teamLeader.agent.get(`/api/events/${a}/candidates?department_id=${w.louvor}&q=a`).expect(200);
      const searchedNames = searched.body.map((c: { name: string }) => c.name);
      const teamWithA = teamByName.filter((name: string) => name.toLowerCase().includes('a'));
      expect(searchedNames.slice(0, teamWithA.length)).toEqual(teamWithA);
      expect(searchedNames.indexOf(zeca.name)).toBeGreaterThanOrEqual(teamWithA.length);
      expectApiError(await w.teamLeader.agent.get(`/api/events/${a}/candidates?department_id=999999`), 404, 'not_found');
      expectApiError(await w.teamLeader.agent.get(`/api/events/${a}/candidates?department_id=x`), 400, 'invalid_request');
    });
  });
});
