import { sql } from 'kysely';
import request from 'supertest';
import { expect } from 'vitest';
import type { Database } from '../../server/db/openDatabase.ts';
import { apiTestApp, type ApiTestApp } from './apiTestApp.ts';
import { signedInAgent, type Agent, type SignedIn } from './authAgent.ts';
import { insertEvents } from './eventFixtures.ts';
import type { TestDatabase } from './testDatabases.ts';

/** What every escalas test file starts from: an API on a fresh database, one signed-in user per role. */
export interface EscalasWorld {
  t: ApiTestApp;
  admin: SignedIn;
  leader: SignedIn;
  member: SignedIn;
  /** An agent that never signed in. */
  anonymous: Agent;
}

/** The instant the API believes it is in escalas tests: everything after it is "upcoming". */
export const ESCALAS_NOW = '2030-01-01T12:00:00.000Z';

export async function escalasWorld(open: () => Promise<TestDatabase>, env: Record<string, string> = {}): Promise<EscalasWorld> {
  const t = await apiTestApp(open, env);
  t.clock.set(ESCALAS_NOW);
  const [admin, leader, member] = await Promise.all([
    signedInAgent(t.app, t.database, { role: 'admin', name: 'Ada Admin' }),
    signedInAgent(t.app, t.database, { role: 'leader', name: 'Levi Líder' }),
    signedInAgent(t.app, t.database, { role: 'member', name: 'Maria Membro' }),
  ]);
  return { t, admin, leader, member, anonymous: request.agent(t.app) };
}

export const HOUR = 60 * 60 * 1000;
export const MINUTE = 60 * 1000;

/** An ISO instant `ms` after (or before, when negative) `base`. */
export function shift(base: string, ms: number): string {
  return new Date(Date.parse(base) + ms).toISOString();
}

/** Inserts one event straight in the database; returns its id. */
export async function createEvent(database: Database, datetime: string, type: string | null = 'Culto'): Promise<number> {
  const [id] = await insertEvents(database.db, [{ datetime, type }]);
  return id!;
}

export async function departmentId(database: Database, name: string): Promise<number> {
  const row = await database.db.selectFrom('departments').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}

/** Stores an allocation without the API (for tests about reading or deleting them); returns its id. */
export async function insertAllocation(
  database: Database,
  values: { eventId: number; memberId: number; department?: string; at?: string },
): Promise<number> {
  const row = await database.db
    .insertInto('allocations')
    .values({
      event_id: values.eventId,
      member_id: values.memberId,
      department_id: await departmentId(database, values.department ?? 'Louvor'),
      allocated_by: null,
      created_at: values.at ?? ESCALAS_NOW,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function countRows(database: Database, table: 'allocations' | 'departments' | 'calendar_tokens'): Promise<number> {
  const row = await sql<{ count: number | string }>`select count(*) as count from ${sql.table(table)}`.execute(database.db);
  return Number(row.rows[0]!.count);
}

export async function allocationsOf(database: Database, memberId: number) {
  return database.db.selectFrom('allocations').selectAll().where('member_id', '=', memberId).orderBy('id').execute();
}

/** `POST /api/events/{id}/allocations` as `agent`, JSON body. */
export function postAllocation(agent: Agent, eventId: number | string, body: unknown) {
  return agent.post(`/api/events/${eventId}/allocations`).send(body as object);
}

/** The sorted keys of an object, to assert exact response shapes. */
export function keysOf(value: unknown): string[] {
  expect(value).toBeTypeOf('object');
  expect(value).not.toBeNull();
  return Object.keys(value as object).sort();
}
