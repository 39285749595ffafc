import type { Config } from '../config.ts';
import { insertUser } from '../users/userQueries.ts';
import type { Role } from './schema.ts';
import type { Database } from './openDatabase.ts';
import { seedDemoEvents } from './seed.ts';

export const DEMO_PASSWORD = 'demo12345';
export const DEMO_USERS: Array<{ email: string; name: string; role: Role }> = [
  { email: 'lider@demo.koinonia', name: 'Lídia Líder', role: 'leader' },
  { email: 'membro@demo.koinonia', name: 'Marcos Membro', role: 'member' },
];

export interface DemoSeedResult {
  eventTypes: number;
  events: number;
  users: number;
}

/** Everything a newcomer needs to see the portal working: events of this month and the next, two accounts. */
export async function seedDemo(database: Database, config: Pick<Config, 'timeZone'>, now = new Date()): Promise<DemoSeedResult> {
  const events = await seedDemoEvents(database.db, config.timeZone, now);
  let users = 0;
  for (const demo of DEMO_USERS) {
    if (await insertUser(database.db, { ...demo, password: DEMO_PASSWORD }, now)) users += 1;
  }
  return { ...events, users };
}
