import { apiTestApp, type ApiTestApp } from '../../support/apiTestApp.ts';
import { signedInAgent, type Agent, type SignedIn } from '../../support/authAgent.ts';
import { departmentId } from '../../support/escalasFixtures.ts';
import type { TestDatabase } from '../../support/testDatabases.ts';

/**
 * A network of two churches (A, B) with positions in Louvor (Vocal, Bateria) and Infantil (Professor), and the
 * people of the scope matrix: an admin, a legacy `leader`, a plain member, and Tina — role `member`, leader of
 * the team A/Louvor.
 */
export interface NetworkWorld {
  t: ApiTestApp;
  admin: SignedIn;
  legacyLeader: SignedIn;
  member: SignedIn;
  teamLeader: SignedIn;
  churchA: number;
  churchB: number;
  louvor: number;
  infantil: number;
  vocal: number;
  bateria: number;
  professor: number;
}

export const NETWORK_NOW = '2030-01-01T12:00:00.000Z';

export async function networkWorld(open: () => Promise<TestDatabase>, env: Record<string, string> = {}): Promise<NetworkWorld> {
  const t = await apiTestApp(open, env);
  t.clock.set(NETWORK_NOW);
  const [admin, legacyLeader, member, teamLeader] = await Promise.all([
    signedInAgent(t.app, t.database, { role: 'admin', name: 'Ada Admin' }),
    signedInAgent(t.app, t.database, { role: 'leader', name: 'Levi Líder' }),
    signedInAgent(t.app, t.database, { role: 'member', name: 'Maria Membro' }),
    signedInAgent(t.app, t.database, { role: 'member', name: 'Tina Time' }),
  ]);
  const churchA = (await admin.agent.post('/api/churches').send({ name: 'Igreja A', city: 'São Paulo' }).expect(201)).body.id as number;
  const churchB = (await admin.agent.post('/api/churches').send({ name: 'Igreja B' }).expect(201)).body.id as number;
  const louvor = await departmentId(t.database, 'Louvor');
  const infantil = await departmentId(t.database, 'Infantil');
  const position = async (department: number, name: string) =>
    (await admin.agent.post(`/api/departments/${department}/positions`).send({ name }).expect(201)).body.id as number;
  const vocal = await position(louvor, 'Vocal');
  const bateria = await position(louvor, 'Bateria');
  const professor = await position(infantil, 'Professor');
  await admin.agent.put(`/api/teams/${churchA}/${louvor}/members/${teamLeader.user.id}`).send({ positions: [vocal], leader: true }).expect(200);
  return { t, admin, legacyLeader, member, teamLeader, churchA, churchB, louvor, infantil, vocal, bateria, professor };
}

/** Creates an event through the API (as the admin) and returns its id. */
export async function createNetworkEvent(agent: Agent, body: Record<string, unknown>): Promise<number> {
  const res = await agent.post('/api/events').send({ event_type_id: null, ...body });
  if (res.status !== 201) throw new Error(`createNetworkEvent: ${res.status} ${res.text}`);
  return (res.body as { id: number }).id;
}
