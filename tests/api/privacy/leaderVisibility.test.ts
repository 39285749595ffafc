import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../support/apiAssertions.ts';
import { signedInAgent, type SignedIn } from '../../support/authAgent.ts';
import { postAllocation } from '../../support/escalasFixtures.ts';
import { testDatabases } from '../../support/testDatabases.ts';
import { createNetworkEvent, networkWorld, type NetworkWorld } from '../network/networkWorld.ts';

const HEALTH_REASON = 'Tratamento de saúde (quimioterapia) nesse dia';

type Person = { id: number; name: string; email: string | null };
type AllocationJson = { member: Person; reason: string | null; department: { id: number } };

/**
 * docs/product.md §11, the attack's findings 1 and 2: Tina leads A/Louvor only. She reads e-mails and phones of
 * her team's members only, decline reasons of her team's places only, and of people outside her teams neither
 * their e-mail nor where else they serve nor how long they are away — at every endpoint that returns people.
 * Admins see it all.
 */
describe.each(testDatabases)('what a team leader reads of other people on $name', ({ open }) => {
  let w: NetworkWorld;
  let vocalist: SignedIn; // A/Louvor, Tina's team
  let teacher: SignedIn; // A/Infantil: same church, another team
  let outsider: SignedIn; // B/Louvor: another church
  let sunday: number; // church A, 2030-03-03 19:00 in São Paulo
  let churchBService: number; // church B, the same evening
  const day = '2030-03-03';

  beforeAll(async () => {
    w = await networkWorld(open);
    [vocalist, teacher, outsider] = await Promise.all([
      signedInAgent(w.t.app, w.t.database, { name: 'Vera Vocal' }),
      signedInAgent(w.t.app, w.t.database, { name: 'Paula Professora' }),
      signedInAgent(w.t.app, w.t.database, { name: 'Otto de Fora' }),
    ]);
    const join = (church: number, department: number, who: SignedIn, positions: number[]) =>
      w.admin.agent.put(`/api/teams/${church}/${department}/members/${who.user.id}`).send({ positions }).expect(200);
    await join(w.churchA, w.louvor, vocalist, [w.vocal]);
    await join(w.churchA, w.infantil, teacher, [w.professor]);
    await join(w.churchB, w.louvor, outsider, [w.vocal]);
    for (const [who, phone] of [
      [vocalist, '+5511988887771'],
      [teacher, '+5511988887772'],
      [outsider, '+5511988887773'],
    ] as const) {
      await who.agent.patch('/api/me/preferences').send({ phone }).expect(200);
    }
    sunday = await createNetworkEvent(w.admin.agent, { datetime: `${day}T22:00:00.000Z`, church_id: w.churchA });
    churchBService = await createNetworkEvent(w.admin.agent, { datetime: `${day}T21:30:00.000Z`, church_id: w.churchB });
    await postAllocation(w.admin.agent, sunday, { department: w.louvor, member: vocalist.user.id, position: w.vocal }).expect(201);
    const infantil = await postAllocation(w.admin.agent, sunday, { department: w.infantil, member: teacher.user.id }).expect(201);
    await teacher.agent.post(`/api/allocations/${infantil.body.id}/response`).send({ answer: 'declined', reason: HEALTH_REASON }).expect(200);
    await postAllocation(w.admin.agent, churchBService, { department: w.louvor, member: outsider.user.id }).expect(201);
    await outsider.agent.post('/api/me/blockouts').send({ from: '2030-03-01', to: '2030-03-20', note: 'Viagem com a família' }).expect(201);
  });
  afterAll(async () => {
    await w?.t.database.dispose();
  });

  const byName = (list: AllocationJson[], name: string) => list.find((allocation) => allocation.member.name === name)!;

  it.each([
    ['GET /api/events/{id}/allocations', () => `/api/events/${sunday}/allocations`],
    ['GET /api/allocations?from&to', () => `/api/allocations?from=${day}&to=${day}`],
  ])('%s: the team leader reads her team member’s e-mail, and neither the e-mail nor the decline reason of another team; the admin reads both', async (_call, path) => {
    const tina = (await w.teamLeader.agent.get(path()).expect(200)).body as AllocationJson[];
    expect(byName(tina, 'Vera Vocal').member.email).toBe(vocalist.user.email);
    const declined = byName(tina, 'Paula Professora');
    expect(declined.member).toEqual({ id: teacher.user.id, name: 'Paula Professora', email: null });
    expect(declined.reason).toBeNull();
    expect(JSON.stringify(tina)).not.toContain('quimioterapia');
    expect(JSON.stringify(tina)).not.toContain(teacher.user.email);

    const admin = (await w.admin.agent.get(path()).expect(200)).body as AllocationJson[];
    expect(byName(admin, 'Paula Professora').member.email).toBe(teacher.user.email);
    expect(byName(admin, 'Paula Professora').reason).toBe(HEALTH_REASON);
  });

  it('the team leader’s own team keeps its decline reasons: a vocalist’s reason reaches her', async () => {
    const easter = await createNetworkEvent(w.admin.agent, { datetime: '2030-04-20T22:00:00.000Z', church_id: w.churchA });
    const allocation = await postAllocation(w.teamLeader.agent, easter, { department: w.louvor, member: vocalist.user.id }).expect(201);
    await vocalist.agent.post(`/api/allocations/${allocation.body.id}/response`).send({ answer: 'declined', reason: 'Plantão no hospital' }).expect(200);
    const list = (await w.teamLeader.agent.get(`/api/events/${easter}/allocations`).expect(200)).body as AllocationJson[];
    expect(list[0]!.reason).toBe('Plantão no hospital');
  });

  it('GET /api/events/{id}/whatsapp: per-member links (with the phone) only for her team’s members', async () => {
    const tina = (await w.teamLeader.agent.get(`/api/events/${sunday}/whatsapp`).expect(200)).body as { members: Array<{ member: Person; url: string }> };
    expect(tina.members.map((link) => link.member.name)).toEqual(['Vera Vocal']);
    expect(JSON.stringify(tina)).not.toContain('988887772');
    // The declined teacher has no link for anyone; an admin gets the vocalist's too.
    const admin = (await w.admin.agent.get(`/api/events/${sunday}/whatsapp`).expect(200)).body as { members: Array<{ url: string }> };
    expect(admin.members.map((link) => link.url).join()).toContain('5511988887771');
  });

  it('GET /api/members?q=: everyone by name, e-mails only of her teams’ members (admins included nowhere)', async () => {
    const found = (await w.teamLeader.agent.get('/api/members?q=a').expect(200)).body as Person[];
    const emails = new Map(found.map((person) => [person.name, person.email]));
    expect(emails.get('Vera Vocal')).toBe(vocalist.user.email);
    expect(emails.get('Tina Time')).toBe(w.teamLeader.user.email);
    for (const name of ['Paula Professora', 'Otto de Fora', 'Ada Admin', 'Maria Membro']) {
      expect(emails.has(name), name).toBe(true);
      expect(emails.get(name), name).toBeNull();
    }
    const admin = (await w.admin.agent.get('/api/members?q=Otto').expect(200)).body as Person[];
    expect(admin[0]!.email).toBe(outsider.user.email);
  });

  it('GET /api/events/{id}/candidates: of someone outside her teams, only that the day is blocked — not the range, not the service at the other church', async () => {
    const list = (await w.teamLeader.agent.get(`/api/events/${sunday}/candidates?q=Otto&department_id=${w.louvor}`).expect(200)).body as Array<
      Person & { blockouts: unknown[]; conflicts: unknown[] }
    >;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: outsider.user.id, email: null, blockouts: [{ from: day, to: day }], conflicts: [] });
    const admin = (await w.admin.agent.get(`/api/events/${sunday}/candidates?q=Otto&department_id=${w.louvor}`).expect(200)).body as Array<{
      blockouts: unknown[];
      conflicts: Array<{ event: { id: number } }>;
    }>;
    expect(admin[0]!.blockouts).toEqual([{ from: '2030-03-01', to: '2030-03-20' }]);
    expect(admin[0]!.conflicts.map((conflict) => conflict.event.id)).toEqual([churchBService]);
  });

  it('allocating someone outside her teams: the refusal says the day is blocked without the range, and the created allocation carries no e-mail', async () => {
    const refused = await postAllocation(w.teamLeader.agent, sunday, { department: w.louvor, member: outsider.user.id });
    expectApiError(refused, 409, 'member_unavailable');
    expect(refused.body.error.blockouts).toEqual([{ from: day, to: day }]);
    expect(refused.text).not.toContain('Viagem');
    const forced = await postAllocation(w.teamLeader.agent, sunday, { department: w.louvor, member: outsider.user.id, force: true }).expect(201);
    expect(forced.body.member).toEqual({ id: outsider.user.id, name: 'Otto de Fora', email: null });
  });

  it('the schedule clash at another church is refused without naming it', async () => {
    const other = await signedInAgent(w.t.app, w.t.database, { name: 'Olga de Fora' });
    await w.admin.agent.put(`/api/teams/${w.churchB}/${w.louvor}/members/${other.user.id}`).send({ positions: [] }).expect(200);
    await postAllocation(w.admin.agent, churchBService, { department: w.louvor, member: other.user.id }).expect(201);
    const refused = await postAllocation(w.teamLeader.agent, sunday, { department: w.louvor, member: other.user.id });
    expectApiError(refused, 409, 'schedule_conflict');
    expect(refused.body.error.conflicts).toEqual([]);
    const admin = await postAllocation(w.admin.agent, sunday, { department: w.louvor, member: other.user.id });
    expectApiError(admin, 409, 'schedule_conflict');
    expect(admin.body.error.conflicts.map((conflict: { event: { id: number } }) => conflict.event.id)).toEqual([churchBService]);
  });
});
