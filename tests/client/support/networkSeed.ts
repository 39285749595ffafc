import { nameKey } from '../../../shared/nameKey.ts';
import type { Portal } from './realApi.ts';
import type { Person } from './fixtures.ts';

/**
 * The network's shape (docs/product.md §8) stored straight in the test API's database, for the client tests of the gap
 * matrix and the admin screens: churches, positions of the standing departments, team members, event needs.
 */
export interface NetworkSeed {
  churches?: Array<{ name: string; city?: string | null }>;
  /** Positions per department name (the departments the migrations create: Louvor, Mídia…). */
  positions?: Record<string, string[]>;
  /** Events (by id) of a church (by name). */
  eventChurches?: Record<number, string>;
  teamMembers?: Array<{ church: string; department: string; member: Person; leader?: boolean; positions?: string[] }>;
  needs?: Array<{ event: number; department: string; position: string | null; count: number }>;
}

export interface SeededNetwork {
  churchId(name: string): number;
  departmentId(name: string): number;
  positionId(department: string, name: string): number;
}

export async function seedNetwork(portal: Portal, seed: NetworkSeed): Promise<SeededNetwork> {
  const { db } = portal.api.database;
  const now = portal.api.clock.now.toISOString();
  const churches = new Map<string, number>();
  for (const church of seed.churches ?? []) {
    const row = await db
      .insertInto('churches')
      .values({ name: church.name, name_key: nameKey(church.name), city: church.city ?? null, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    churches.set(church.name, Number(row.id));
  }
  const departments = new Map((await db.selectFrom('departments').select(['id', 'name']).execute()).map((row) => [row.name, Number(row.id)]));
  const departmentId = (name: string) => {
    const id = departments.get(name);
    if (id === undefined) throw new Error(`seedNetwork: departamento ${name} não existe`);
    return id;
  };
  const churchId = (name: string) => {
    const id = churches.get(name);
    if (id === undefined) throw new Error(`seedNetwork: igreja ${name} não existe`);
    return id;
  };
  const positions = new Map<string, number>();
  for (const [department, names] of Object.entries(seed.positions ?? {})) {
    for (const name of names) {
      const row = await db
        .insertInto('positions')
        .values({ department_id: departmentId(department), name, name_key: nameKey(name) })
        .returning('id')
        .executeTakeFirstOrThrow();
      positions.set(`${department}/${name}`, Number(row.id));
    }
  }
  const positionId = (department: string, name: string) => {
    const id = positions.get(`${department}/${name}`);
    if (id === undefined) throw new Error(`seedNetwork: função ${department}/${name} não existe`);
    return id;
  };
  for (const [eventId, church] of Object.entries(seed.eventChurches ?? {})) {
    await db.updateTable('events').set({ church_id: churchId(church) }).where('id', '=', Number(eventId)).execute();
  }
  for (const member of seed.teamMembers ?? []) {
    const team = { church_id: churchId(member.church), department_id: departmentId(member.department), user_id: member.member.id };
    await db
      .insertInto('team_members')
      .values({ ...team, leader: member.leader ? 1 : 0, created_at: now })
      .execute();
    for (const position of member.positions ?? []) {
      await db
        .insertInto('team_member_positions')
        .values({ ...team, position_id: positionId(member.department, position) })
        .execute();
    }
  }
  for (const need of seed.needs ?? []) {
    await db
      .insertInto('event_needs')
      .values({
        event_id: need.event,
        department_id: departmentId(need.department),
        position_id: need.position === null ? null : positionId(need.department, need.position),
        count: need.count,
      })
      .execute();
  }
  return { churchId, departmentId, positionId };
}
