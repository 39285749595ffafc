import type { Config } from '../platform/config.ts';
import { departmentKey } from '../escalas/departmentKey.ts';
import { insertUser } from '../accounts/userQueries.ts';
import type { Role } from '../db/schema.ts';
import type { Database } from '../db/openDatabase.ts';
import { seedDemoEvents } from './demoEvents.ts';

export const DEMO_PASSWORD = 'demo12345';
export const DEMO_USERS: Array<{ email: string; name: string; role: Role }> = [
  { email: 'lider@demo.koinonia', name: 'Lídia Líder', role: 'leader' },
  { email: 'membro@demo.koinonia', name: 'Marcos Membro', role: 'member' },
];

export interface DemoSeedResult {
  eventTypes: number;
  events: number;
  users: number;
  allocations: number;
}

/** The member serves at the next two Sunday services, so My Events has something to show. */
async function seedDemoAllocations(database: Database, now: Date): Promise<number> {
  const { db } = database;
  const [leader, member] = await Promise.all(
    DEMO_USERS.map((user) => db.selectFrom('users').select('id').where('email', '=', user.email).executeTakeFirst()),
  );
  if (!leader || !member) return 0;
  const services = await db
    .selectFrom('events')
    .innerJoin('event_types', 'event_types.id', 'events.event_type_id')
    .select('events.id')
    .where('event_types.name', '=', 'Culto')
    .where('events.datetime', '>', now.toISOString())
    .orderBy('events.datetime')
    .limit(2)
    .execute();
  const departments = await db
    .selectFrom('departments')
    .select('id')
    .where('name_key', 'in', [departmentKey('Louvor'), departmentKey('Recepção')])
    .orderBy('name_key')
    .execute();
  const rows = services.flatMap((service, index) => {
    const department = departments[index % departments.length];
    return department
      ? [{ event_id: service.id, department_id: department.id, member_id: member.id, allocated_by: leader.id, created_at: now.toISOString() }]
      : [];
  });
  if (rows.length > 0) await db.insertInto('allocations').values(rows).onConflict((oc) => oc.doNothing()).execute();
  return rows.length;
}

/** Everything a newcomer needs to see the portal working: events of this month and the next, two accounts, an escala. */
export async function seedDemo(database: Database, config: Pick<Config, 'timeZone'>, now = new Date()): Promise<DemoSeedResult> {
  const events = await seedDemoEvents(database.db, config.timeZone, now);
  let users = 0;
  for (const demo of DEMO_USERS) {
    if (await insertUser(database.db, { ...demo, password: DEMO_PASSWORD }, now)) users += 1;
  }
  const allocations = await seedDemoAllocations(database, now);
  return { ...events, users, allocations };
}
