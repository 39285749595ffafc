import { randomInt } from 'node:crypto';
import type { Config } from '../platform/config.ts';
import { departmentKey } from '../escalas/departmentKey.ts';
import { insertUser } from '../accounts/userQueries.ts';
import type { Role } from '../db/schema.ts';
import type { Database } from '../db/openDatabase.ts';
import { seedDemoEvents } from './demoEvents.ts';
import { DEMO_TEAM_LEADER_EMAIL, seedDemoNetwork } from './demoNetwork.ts';

export const DEMO_USERS: Array<{ email: string; name: string; role: Role }> = [
  { email: 'lider@demo.koinonia', name: 'Lídia Líder', role: 'leader' },
  { email: 'membro@demo.koinonia', name: 'Marcos Membro', role: 'member' },
  // A team leader (docs/product.md §8): role member, leader of the Sede's Louvor team (demoNetwork.ts).
  { email: DEMO_TEAM_LEADER_EMAIL, name: 'Débora Louvor', role: 'member' },
];

/** A demo account created just now, with its password: the only time anyone sees it. */
export interface DemoAccount {
  email: string;
  name: string;
  role: Role;
  password: string;
}

export interface DemoSeedResult {
  eventTypes: number;
  events: number;
  /** People created: the accounts below and the members of the demo teams (who have no known password). */
  users: number;
  allocations: number;
  /** The accounts this seed created (an account that already existed keeps its password and is not here). */
  accounts: DemoAccount[];
}

export interface DemoSeedOptions {
  now?: Date;
  /**
   * One password for the demo accounts, for tests that sign in with a known one. Never set by the portal
   * itself: every install gets passwords of its own, so no deployment has a publicly known password.
   */
  password?: string;
}

// Lower-case letters and digits without the look-alikes (0/o, 1/l/i): easy to copy from a terminal.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Four groups of four (about 79 bits), e.g. `k7mq-3xtd-pa9w-h2nc`. */
export function randomDemoPassword(): string {
  return Array.from({ length: 4 }, () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')).join('-');
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
  if (rows.length === 0) return 0;
  const inserted = await db.insertInto('allocations').values(rows).onConflict((oc) => oc.doNothing()).returning('id').execute();
  return inserted.length;
}

/**
 * Everything a newcomer needs to see the portal working: events of this month and the next, three accounts with
 * random passwords (given back here, once: a network-wide leader, a member, a team leader), an escala, and the
 * network (demoNetwork.ts): churches, positions, teams, the services' needs and their gaps. What it writes is
 * recorded for `removeDemo`.
 */
export async function seedDemo(database: Database, config: Pick<Config, 'timeZone'>, options: DemoSeedOptions = {}): Promise<DemoSeedResult> {
  const now = options.now ?? new Date();
  const { db } = database;
  const seeded = await seedDemoEvents(db, config.timeZone, now);
  const accounts: DemoAccount[] = [];
  const userIds: number[] = [];
  for (const demo of DEMO_USERS) {
    const password = options.password ?? randomDemoPassword();
    const user = await insertUser(db, { ...demo, password }, now);
    if (user) {
      accounts.push({ ...demo, password });
      userIds.push(user.id);
    }
  }
  const records = [
    ...seeded.eventTypeIds.map((id) => ({ table_name: 'event_types' as const, record_id: id })),
    ...seeded.eventIds.map((id) => ({ table_name: 'events' as const, record_id: id })),
    ...userIds.map((id) => ({ table_name: 'users' as const, record_id: id })),
  ];
  if (records.length > 0) await db.insertInto('demo_records').values(records).onConflict((oc) => oc.doNothing()).execute();
  const allocations = await seedDemoAllocations(database, now);
  const leader = await db.selectFrom('users').select('id').where('email', '=', DEMO_USERS[0]!.email).executeTakeFirst();
  const network = await seedDemoNetwork(db, { eventIds: seeded.eventIds, now, allocatedBy: leader?.id ?? null });
  return {
    eventTypes: seeded.eventTypes,
    events: seeded.events + network.events,
    users: accounts.length + network.peopleIds.length,
    allocations: allocations + network.allocations,
    accounts,
  };
}
