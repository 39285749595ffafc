import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CHURCHES, DEMO_PEOPLE, DEMO_POSITIONS, DEMO_TEAM_LEADER_EMAIL } from '../../../server/demo/demoNetwork.ts';
import { removeDemo } from '../../../server/demo/removeDemo.ts';
import { seedDemo, type DemoSeedResult } from '../../../server/demo/seedDemo.ts';
import { expectApiError, expectEventShape } from '../../support/apiAssertions.ts';
import { apiTestApp, type ApiTestApp } from '../../support/apiTestApp.ts';
import type { Agent } from '../../support/authAgent.ts';
import { testDatabases } from '../../support/testDatabases.ts';

interface OverviewItem {
  event: { id: number; datetime: string; event_types: { name: string } | null; church_id: number | null; timezone: string };
  needs: Array<{ department: { name: string }; position: { name: string } | null; needed: number; pending: number; confirmed: number; declined: number }>;
}
const cells = (item: OverviewItem) => item.needs.map((need) => [need.department.name, need.position?.name ?? null, need.needed, need.pending, need.confirmed, need.declined]);

/** Tuesday 8 January 2030, noon in São Paulo: the next Sunday is the 13th. */
const NOW = '2030-01-08T15:00:00.000Z';
const PASSWORD = 'demo-rede-senha-conhecida-42';

describe.each(testDatabases)('the demo network on $name', ({ open }) => {
  let t: ApiTestApp;
  let seeded: DemoSeedResult;
  const agents = new Map<string, Agent>();

  beforeAll(async () => {
    t = await apiTestApp(open);
    t.clock.set(NOW);
    seeded = await seedDemo(t.database, t.config, { now: new Date(NOW), password: PASSWORD });
    for (const email of ['lider@demo.koinonia', 'membro@demo.koinonia', DEMO_TEAM_LEADER_EMAIL]) {
      const agent = request.agent(t.app);
      await agent.post('/api/auth/login').send({ email, password: PASSWORD }).expect(200);
      agents.set(email, agent);
    }
  });
  afterAll(async () => {
    await t?.database.dispose();
  });

  const overview = async (email: string) => {
    const res = await agents.get(email)!.get('/api/escalas/overview');
    expect(res.status, res.text).toBe(200);
    return res.body as OverviewItem[];
  };
  const churchId = async (name: string) => (await t.database.db.selectFrom('churches').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

  it('creates three churches, the positions of four departments, teams, and a team leader who signs in', async () => {
    expect(seeded.accounts.map((account) => account.email)).toContain(DEMO_TEAM_LEADER_EMAIL);
    expect(seeded.users).toBe(seeded.accounts.length + DEMO_PEOPLE.length);
    const churches = await t.database.db.selectFrom('churches').select(['name', 'city']).orderBy('name').execute();
    expect(churches).toEqual([...DEMO_CHURCHES].sort((a, b) => a.name.localeCompare(b.name)).map(({ name, city }) => ({ name, city })));
    const positions = await t.database.db
      .selectFrom('positions')
      .innerJoin('departments', 'departments.id', 'positions.department_id')
      .select(['departments.name as department', 'positions.name'])
      .orderBy('positions.id')
      .execute();
    for (const [department, names] of Object.entries(DEMO_POSITIONS)) {
      expect(positions.filter((row) => row.department === department).map((row) => row.name)).toEqual([...names]);
    }
    const leads = await t.database.db
      .selectFrom('team_members')
      .innerJoin('users', 'users.id', 'team_members.user_id')
      .innerJoin('churches', 'churches.id', 'team_members.church_id')
      .innerJoin('departments', 'departments.id', 'team_members.department_id')
      .select(['users.email', 'users.role', 'churches.name as church', 'departments.name as department'])
      .where('team_members.leader', '=', 1)
      .orderBy('users.email')
      .execute();
    expect(leads).toEqual([
      { email: DEMO_TEAM_LEADER_EMAIL, role: 'member', church: 'Sede', department: 'Louvor' },
      { email: 'larissa.melo@demo.koinonia', role: 'member', church: 'Zona Norte', department: 'Infantil' },
    ]);
    // The people of the teams cannot sign in (nobody knows a password of theirs).
    expect((await request(t.app).post('/api/auth/login').send({ email: DEMO_PEOPLE[0]!.email, password: PASSWORD })).status).toBe(401);
  });

  it('shows the next Sunday nearly complete, with gaps, a decline and pending answers; later Sundays emptier', async () => {
    const sede = await churchId('Sede');
    const all = await overview('lider@demo.koinonia');
    const cultos = all.filter((item) => item.event.event_types?.name === 'Culto' && item.event.church_id === sede);
    expect(cultos.length).toBeGreaterThanOrEqual(4);
    // Manaus has its Culto at 19:00 of its own clock, a Thursday (docs/product.md §12).
    const manaus = all.filter((item) => item.event.timezone === 'America/Manaus');
    expect(manaus.map((item) => [item.event.event_types?.name, item.event.church_id, item.event.datetime])).toEqual([['Culto', await churchId('Manaus'), '2030-01-10T23:00:00.000Z']]);
    expect(cultos[0]!.event.datetime).toBe('2030-01-13T22:00:00.000Z');
    expect(cells(cultos[0]!)).toEqual([
      ['Infantil', 'Auxiliar', 1, 1, 0, 0],
      ['Infantil', 'Professor', 1, 0, 1, 0],
      ['Louvor', 'Bateria', 1, 0, 0, 1],
      ['Louvor', 'Teclado', 1, 1, 0, 0],
      ['Louvor', 'Violão', 1, 0, 1, 0],
      ['Louvor', 'Vocal', 2, 1, 1, 0],
      ['Mídia', 'Projeção', 1, 0, 1, 0],
      ['Mídia', 'Som', 1, 0, 1, 0],
      ['Mídia', 'Transmissão', 1, 1, 0, 0],
      ['Recepção', 'Acolhimento', 2, 0, 1, 0],
      ['Recepção', 'Estacionamento', 1, 0, 1, 0],
    ]);
    const filled = (item: OverviewItem) => item.needs.reduce((sum, need) => sum + need.pending + need.confirmed, 0);
    expect(filled(cultos[0]!)).toBeGreaterThan(filled(cultos[1]!));
    expect(filled(cultos[1]!)).toBeGreaterThan(filled(cultos[2]!));
    expect(filled(cultos[3]!)).toBe(0);
    expect(cultos[3]!.needs.every((need) => need.needed > 0)).toBe(true);
    // The other churches' services and the network's own events are there too.
    expect(all.find((item) => item.event.event_types?.name === 'Escola Bíblica')?.event.church_id).toBe(await churchId('Zona Norte'));
    expect(all.find((item) => item.event.event_types?.name === 'Célula')?.event.church_id).toBe(await churchId('Campinas'));
    expect(all.some((item) => item.event.church_id === null)).toBe(true);
  });

  it('gives the team leader the Sede’s Louvor only, and lets them set its needs; the member gets 403', async () => {
    const sede = await churchId('Sede');
    const mine = await overview(DEMO_TEAM_LEADER_EMAIL);
    expect(mine.length).toBeGreaterThan(0);
    for (const item of mine) {
      expect(item.event.church_id).toBe(sede);
      for (const need of item.needs) expect(need.department.name).toBe('Louvor');
    }
    expect(cells(mine[0]!)).toEqual([
      ['Louvor', 'Vocal', 2, 0, 0, 0],
      ['Louvor', 'Violão', 1, 0, 0, 0],
      ['Louvor', 'Bateria', 1, 0, 0, 0],
      ['Louvor', 'Teclado', 1, 0, 0, 0],
    ].sort((a, b) => String(a[1]).localeCompare(String(b[1]), 'pt-BR')));
    const culto = mine.find((item) => item.event.datetime === '2030-01-13T22:00:00.000Z')!;
    const louvor = (await t.database.db.selectFrom('departments').select('id').where('name', '=', 'Louvor').executeTakeFirstOrThrow()).id;
    await agents.get(DEMO_TEAM_LEADER_EMAIL)!.put(`/api/events/${culto.event.id}/needs`).send([{ department_id: louvor, position_id: null, count: 1 }]).expect(200);
    const zonaNorte = (await overview('lider@demo.koinonia')).find((item) => item.event.event_types?.name === 'Escola Bíblica')!;
    expectApiError(await agents.get(DEMO_TEAM_LEADER_EMAIL)!.put(`/api/events/${zonaNorte.event.id}/needs`).send([]), 403, 'forbidden');
    expectApiError(await agents.get('membro@demo.koinonia')!.get('/api/escalas/overview'), 403, 'forbidden');
  });

  it('keeps the anonymous visitor’s event JSON exactly the spec’s', async () => {
    const res = await request(t.app).get('/api/events?date=2030-01-13');
    expect(res.status).toBe(200);
    expect((res.body as unknown[]).length).toBe(2);
    for (const event of res.body as unknown[]) expectEventShape(event);
  });

  it('is taken out by npm run seed -- --remove: churches, positions, people and teams', async () => {
    await removeDemo(t.database);
    for (const table of ['churches', 'positions', 'team_members', 'team_member_positions', 'event_needs'] as const) {
      expect(await t.database.db.selectFrom(table).selectAll().execute(), table).toEqual([]);
    }
    expect(await t.database.db.selectFrom('users').select('email').execute()).toEqual([]);
  });
});
