import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { expect } from 'vitest';
import type { Role } from '../../../shared/schemas/auth.ts';
import type { Event } from '../../../shared/schemas/events.ts';
import { apiTestApp, type ApiTestApp } from '../../support/apiTestApp.ts';
import { createTestUser, type Agent } from '../../support/authAgent.ts';
import { insertAllocation } from '../../support/escalasFixtures.ts';
import { insertEvents } from '../../support/eventFixtures.ts';
import { freshSqlite, type TestDatabase } from '../../support/testDatabases.ts';
import { requestLog, unloggedRequest, attachBackend, type Backend } from './apiHarness.ts';
import { NOW, PEOPLE, type Person } from './fixtures.ts';

/** The real API app (createApiApp, through the API suite's helpers) on a fresh SQLite file, on 127.0.0.1. */
export interface RealApi extends Backend, ApiTestApp {}

/** Starts the API on a new temporary SQLite file, its clock at `now`; `close` stops it and deletes the file. */
export async function startRealApi(now: Date = NOW): Promise<RealApi> {
  const t = await apiTestApp(freshSqlite);
  t.clock.set(now);
  const server = http.createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...t,
    port,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await t.database.dispose();
    },
  };
}

export interface PortalSeed {
  /** The network's events, inserted in order: each fixture's id must be its place (1, 2, …). None by default. */
  events?: Event[];
  /** The accounts, created in order (ids 1, 2, …); PEOPLE by default. */
  people?: Person[];
  /** Signed in through `POST /api/auth/login` before the page starts: the browser holds the session cookie. */
  signedIn?: Person;
  /** Allocations at start: the member serves at the event in that department. */
  allocations?: Array<{ event: number; department: string; member: Person }>;
  /** The API's clock (sessions, throttling, "upcoming"); NOW by default. */
  now?: Date;
}

type UserRow = Awaited<ReturnType<typeof selectUser>>;

function selectUser(database: TestDatabase, id: number) {
  return database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/**
 * Each person's row as the fixture first created it in this test file (its password hash costs ~40 ms); keyed by
 * the file too, since a worker keeps this module for its next files (isolate: false) and their clocks differ.
 */
const peopleRows = new Map<string, UserRow>();

/**
 * Creates a person with the API suite's fixture (createTestUser) the first time in a test file; later tests
 * get a copy of that row (the same account, without hashing the password again).
 */
async function createPerson(database: TestDatabase, person: Person): Promise<void> {
  const key = JSON.stringify([expect.getState().testPath, person]);
  const row = peopleRows.get(key);
  if (row) {
    await database.db.insertInto('users').values(row).execute();
    return;
  }
  const created = await createTestUser(database, person);
  if (created.id !== person.id) throw new Error(`openPortal: ${person.email} recebeu o id ${created.id}, não ${person.id}`);
  peopleRows.set(key, await selectUser(database, created.id));
}

/** The test's portal: the real API seeded for it, and the request log and overrides of the harness. */
export type Portal = typeof requestLog & {
  api: RealApi;
  /** The ids of the seed's allocations, in order. */
  allocationIds: number[];
  /** A supertest agent signed in as `person`: another browser, whose requests the page's log does not see. */
  agentOf(person: Person): Promise<Agent>;
  /** A supertest agent that never signed in: another browser. */
  anonymousAgent(): Agent;
  /** Changes a person's role in the database (an admin did it elsewhere); the session follows at once. */
  setRole(person: Person, role: Role): Promise<void>;
  /** Stores a calendar feed token for a person, as if they had made the link before. */
  setCalendarToken(person: Person, token: string): Promise<void>;
};

/**
 * The real API for this test, seeded through the API suite's fixtures, with the signed-in person's session in
 * the browser's cookie jar. Call it before rendering; a test that does not gets an empty network on its
 * first request.
 */
export async function openPortal(seed: PortalSeed = {}): Promise<Portal> {
  const starting = startRealApi(seed.now);
  attachBackend(starting);
  const api = await starting;
  const { database } = api;

  const events = seed.events ?? [];
  const eventIds = await insertEvents(
    database.db,
    events.map((event) => ({ datetime: event.datetime, type: event.event_types?.name ?? null })),
  );
  events.forEach((event, index) => {
    if (eventIds[index] !== event.id) throw new Error(`openPortal: o evento ${event.id} recebeu o id ${eventIds[index]}`);
  });

  for (const person of seed.people ?? PEOPLE) await createPerson(database, person);

  const allocationIds: number[] = [];
  for (const allocation of seed.allocations ?? []) {
    allocationIds.push(
      await insertAllocation(database, {
        eventId: allocation.event,
        memberId: allocation.member.id,
        department: allocation.department,
        at: api.clock.now.toISOString(),
      }),
    );
  }

  if (seed.signedIn) {
    const { email, password } = seed.signedIn;
    const response = await unloggedRequest('POST', '/api/auth/login', { email, password });
    if (response.status !== 200) throw new Error(`openPortal: o login de ${email} respondeu ${response.status}`);
  }

  return Object.assign(Object.create(requestLog) as typeof requestLog, {
    api,
    allocationIds,
    async agentOf(person: Person) {
      const agent = request.agent(api.app);
      await agent.post('/api/auth/login').send({ email: person.email, password: person.password }).expect(200);
      return agent;
    },
    anonymousAgent() {
      return request.agent(api.app);
    },
    async setRole(person: Person, role: Role) {
      await database.db.updateTable('users').set({ role }).where('id', '=', person.id).execute();
    },
    async setCalendarToken(person: Person, token: string) {
      await database.db
        .insertInto('calendar_tokens')
        .values({ user_id: person.id, token, created_at: api.clock.now.toISOString() })
        .execute();
    },
  });
}

/** What a test that seeds nothing talks to: the real API over an empty database. */
export function startEmptyApi(): Promise<Backend> {
  return startRealApi();
}
