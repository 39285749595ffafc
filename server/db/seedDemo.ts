import type { Config } from '../config.ts';
import type { Database } from './openDatabase.ts';
import { seedDemoEvents, type SeedResult } from './seed.ts';

/** Everything a newcomer needs to see the portal working. */
export async function seedDemo(database: Database, config: Pick<Config, 'timeZone'>, now = new Date()): Promise<SeedResult> {
  return seedDemoEvents(database.db, config.timeZone, now);
}
