import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../support/apiAssertions.ts';
import { createEvent, escalasWorld, type EscalasWorld } from '../../support/escalasFixtures.ts';
import { testDatabases } from '../../support/testDatabases.ts';

describe.each(testDatabases)('extreme but valid dates ($name)', ({ open }) => {
  let world: EscalasWorld;
  beforeAll(async () => {
    world = await escalasWorld(open);
    await createEvent(world.t.database, '2999-12-31T22:00:00.000Z');
  });
  afterAll(() => world.t.database.dispose());

  it.each(['date=9999-12-31', 'date=0100-01-01', 'from=9999-01-01&to=9999-12-31', 'from=1899-12-01&to=1900-01-01'])(
    'GET /api/events?%s is a 400 that names the supported years, never a 500',
    async (query) => {
      const res = await world.anonymous.get(`/api/events?${query}`);
      expectApiError(res, 400, 'invalid_request');
      expect(res.body.error.message).toContain('1900 e 2999');
    },
  );

  it('answers the first and last supported days, with the events on them', async () => {
    const first = await world.anonymous.get('/api/events?date=1900-01-01');
    expect(first.status).toBe(200);
    expect(first.body).toEqual([]);
    const last = await world.anonymous.get('/api/events?from=2999-12-01&to=2999-12-31');
    expect(last.status).toBe(200);
    expect(last.body).toHaveLength(1);
  });

  it('treats the allocations range the same way', async () => {
    expectApiError(await world.leader.agent.get('/api/allocations?from=9999-01-01&to=9999-12-31'), 400, 'invalid_request');
    const last = await world.leader.agent.get('/api/allocations?from=2999-12-01&to=2999-12-31');
    expect(last.status).toBe(200);
    expect(last.body).toEqual([]);
  });
});
