import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../support/apiAssertions.ts';
import { testDatabases } from '../../support/testDatabases.ts';
import { coverWorld, type CoverWorld } from './coverWorld.ts';

/**
 * docs/product.md §10, "Leaders see it all": `GET /api/escalas/healing` gives Lacunas the open cover requests (who
 * asked, since when, whether the leaders were told) and the places taken by cover, within the leader's teams.
 */
describe.each(testDatabases)('what the escala did on its own, for Lacunas, on $name', ({ open }) => {
  let w: CoverWorld;

  beforeAll(async () => {
    w = await coverWorld(open);
  });
  afterAll(async () => {
    await w?.t.database.dispose();
  });

  it('an open request, then the place taken by cover; a member 403; another church’s team leader sees none of it', async () => {
    const rita = await w.person('Rita Requer', [w.vocal]);
    const edu = await w.person('Edu Elegível', [w.vocal]);
    const sunday = await w.event('2030-01-20T22:00:00.000Z');
    const ritaSunday = await w.allocate(sunday, rita);
    const request = (await rita.agent.post(`/api/allocations/${ritaSunday}/cover`).send({}).expect(201)).body as { id: number; created_at: string };

    const asked = await w.teamLeader.agent.get('/api/escalas/healing').expect(200);
    expect(asked.body).toEqual({
      cover_requests: [
        {
          id: request.id,
          allocation_id: ritaSunday,
          created_at: request.created_at,
          escalated: false,
          member: { id: rita.user.id, name: 'Rita Requer' },
          event_id: sunday,
          department_id: w.louvor,
          position_id: w.vocal,
        },
      ],
      filled: [],
    });
    // Nothing else of the person: no e-mail, no note.
    expect(JSON.stringify(asked.body)).not.toContain('@');

    const taken = (await edu.agent.post(`/api/cover-requests/${request.id}/accept`).expect(200)).body as { id: number };
    expect((await w.admin.agent.get('/api/escalas/healing').expect(200)).body).toEqual({
      cover_requests: [],
      filled: [{ allocation_id: taken.id, source: 'cover', member: { id: edu.user.id, name: 'Edu Elegível' }, event_id: sunday, department_id: w.louvor, position_id: w.vocal }],
    });

    expectApiError(await w.member.agent.get('/api/escalas/healing'), 403, 'forbidden');
    // A leader of a team at Igreja B only.
    const other = await w.person('Otto Outra Igreja', []);
    await w.admin.agent.put(`/api/teams/${w.churchB}/${w.louvor}/members/${other.user.id}`).send({ positions: [], leader: true }).expect(200);
    expect((await other.agent.get('/api/escalas/healing').expect(200)).body).toEqual({ cover_requests: [], filled: [] });
    expectApiError(await w.teamLeader.agent.get('/api/escalas/healing?from=2030-01-01&to=2030-12-31'), 400, 'invalid_request');
  });
});
