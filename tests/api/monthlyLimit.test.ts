import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../support/apiAssertions.ts';
import { signedInAgent, type SignedIn } from '../support/authAgent.ts';
import { testDatabases } from '../support/testDatabases.ts';
import { networkWorld, type NetworkWorld } from './network/networkWorld.ts';

/** docs/product.md §9: "no máximo N escalas por mês", a member's own preference, which leaders see in the team. */
describe.each(testDatabases)('the monthly limit of services on $name', ({ open }) => {
  let w: NetworkWorld;
  let lia: SignedIn;

  beforeAll(async () => {
    w = await networkWorld(open);
    lia = await signedInAgent(w.t.app, w.t.database, { name: 'Lia Limite' });
    await w.admin.agent.put(`/api/teams/${w.churchA}/${w.louvor}/members/${lia.user.id}`).send({ positions: [w.vocal] }).expect(200);
  });
  afterAll(async () => {
    await w?.t.database.dispose();
  });

  it('is none until the member sets it; set, kept beside the other preferences, and cleared with null', async () => {
    expect((await lia.agent.get('/api/me/preferences').expect(200)).body).toEqual({ email_notifications: true, phone: null, max_services_per_month: null });
    const set = await lia.agent.patch('/api/me/preferences').send({ max_services_per_month: 2 }).expect(200);
    expect(set.body).toEqual({ email_notifications: true, phone: null, max_services_per_month: 2 });
    await lia.agent.patch('/api/me/preferences').send({ email_notifications: false }).expect(200);
    expect((await lia.agent.get('/api/me/preferences').expect(200)).body.max_services_per_month).toBe(2);
    await lia.agent.patch('/api/me/preferences').send({ email_notifications: true, max_services_per_month: null }).expect(200);
    expect((await lia.agent.get('/api/me/preferences').expect(200)).body.max_services_per_month).toBeNull();
  });

  it.each([
    [0, 'O limite é de pelo menos 1 escala por mês.'],
    [32, 'O limite é de no máximo 31 escalas por mês.'],
    [1.5, 'Informe um número inteiro de 1 a 31.'],
    ['3', 'Informe um número de 1 a 31, ou nenhum limite.'],
  ])('%j is refused with 400 naming the field in pt-BR, and nothing changes', async (value, message) => {
    await lia.agent.patch('/api/me/preferences').send({ max_services_per_month: 4 }).expect(200);
    const res = await lia.agent.patch('/api/me/preferences').send({ max_services_per_month: value });
    expectApiError(res, 400, 'invalid_request');
    expect(JSON.stringify(res.body.error)).toContain(message);
    expect((await lia.agent.get('/api/me/preferences').expect(200)).body.max_services_per_month).toBe(4);
  });

  it('the team’s leaders see it beside the member', async () => {
    await lia.agent.patch('/api/me/preferences').send({ max_services_per_month: 3 }).expect(200);
    const team = await w.teamLeader.agent.get(`/api/teams/${w.churchA}/${w.louvor}/members`).expect(200);
    const entry = (team.body as Array<{ member: { id: number }; max_services_per_month: number | null }>).find((row) => row.member.id === lia.user.id);
    expect(entry?.max_services_per_month).toBe(3);
    const tina = (team.body as Array<{ member: { id: number }; max_services_per_month: number | null }>).find((row) => row.member.id === w.teamLeader.user.id);
    expect(tina?.max_services_per_month).toBeNull();
  });
});
