import type { Database } from '../../../server/db/openDatabase.ts';
import { nameKey } from '../../../shared/nameKey.ts';
import { signedInAgent, type SignedIn } from '../../support/authAgent.ts';
import { departmentId, ESCALAS_NOW, escalasWorld, type EscalasWorld } from '../../support/escalasFixtures.ts';
import { insertEvents } from '../../support/eventFixtures.ts';
import type { TestDatabase } from '../../support/testDatabases.ts';

/**
 * The escalas world (admin, a network-wide `leader`, a member) plus a small network written straight in the
 * database: two churches, positions of Louvor, Infantil and Mídia, a team leader of Sede/Louvor (role `member`)
 * and a plain member of that team.
 */
export interface NetworkWorld extends EscalasWorld {
  sede: number;
  campinas: number;
  louvor: number;
  infantil: number;
  midia: number;
  vocal: number;
  bateria: number;
  professor: number;
  som: number;
  teamLeader: SignedIn;
  teamMember: SignedIn;
}

export async function insertChurch(database: Database, name: string): Promise<number> {
  const row = await database.db
    .insertInto('churches')
    .values({ name, name_key: nameKey(name), city: null, created_at: ESCALAS_NOW })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertPosition(database: Database, departmentId: number, name: string): Promise<number> {
  const row = await database.db
    .insertInto('positions')
    .values({ department_id: departmentId, name, name_key: nameKey(name) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function joinTeam(database: Database, team: { churchId: number; departmentId: number; userId: number; leader?: boolean }): Promise<void> {
  await database.db
    .insertInto('team_members')
    .values({ church_id: team.churchId, department_id: team.departmentId, user_id: team.userId, leader: team.leader ? 1 : 0, created_at: ESCALAS_NOW })
    .execute();
}

/** One event at `datetime` of the church (null: the whole network); returns its id. */
export async function eventOf(database: Database, datetime: string, churchId: number | null): Promise<number> {
  const [id] = await insertEvents(database.db, [{ datetime, type: 'Culto' }]);
  await database.db.updateTable('events').set({ church_id: churchId }).where('id', '=', id!).execute();
  return id!;
}

export async function networkWorld(open: () => Promise<TestDatabase>): Promise<NetworkWorld> {
  const world = await escalasWorld(open);
  const database = world.t.database;
  const [sede, campinas] = [await insertChurch(database, 'Sede'), await insertChurch(database, 'Campinas')];
  const [louvor, infantil, midia] = [await departmentId(database, 'Louvor'), await departmentId(database, 'Infantil'), await departmentId(database, 'Mídia')];
  const vocal = await insertPosition(database, louvor, 'Vocal');
  const bateria = await insertPosition(database, louvor, 'Bateria');
  const professor = await insertPosition(database, infantil, 'Professor');
  const som = await insertPosition(database, midia, 'Som');
  const [teamLeader, teamMember] = await Promise.all([
    signedInAgent(world.t.app, database, { role: 'member', name: 'Tereza Equipe' }),
    signedInAgent(world.t.app, database, { role: 'member', name: 'Tiago Time' }),
  ]);
  await joinTeam(database, { churchId: sede, departmentId: louvor, userId: teamLeader.user.id, leader: true });
  await joinTeam(database, { churchId: sede, departmentId: louvor, userId: teamMember.user.id });
  return { ...world, sede, campinas, louvor, infantil, midia, vocal, bateria, professor, som, teamLeader, teamMember };
}
