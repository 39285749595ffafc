import { randomBytes } from 'node:crypto';
import type { Express } from 'express';
import request from 'supertest';
import type { Role, User } from '../../shared/schemas/auth.ts';
import type { Database } from '../../server/db/openDatabase.ts';
import { insertUser } from '../../server/accounts/userQueries.ts';

/** A supertest agent: keeps the session cookie between its requests, like a browser. */
export type Agent = ReturnType<typeof request.agent>;

/** A password that passes the rules (long enough, not on the common list). */
export const TEST_PASSWORD = 'pao-de-queijo-com-cafe-42';

export interface NewUser {
  role?: Role;
  name?: string;
  email?: string;
  password?: string;
}

/** An email no other test uses, e.g. `leader-3fa2c1d0@test.koinonia`. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@test.koinonia`;
}

/** Creates a user straight in the database (one argon2 hash, no API call). */
export async function createTestUser(database: Database, options: NewUser = {}): Promise<User & { password: string }> {
  const role = options.role ?? 'member';
  const password = options.password ?? TEST_PASSWORD;
  const user = await insertUser(
    database.db,
    { name: options.name ?? `Pessoa ${role}`, email: options.email ?? uniqueEmail(role), password, role },
    new Date(),
  );
  if (!user) throw new Error(`createTestUser: email já existe: ${options.email}`);
  return { ...user, password };
}

export interface SignedIn {
  agent: Agent;
  user: User;
  password: string;
  /** The raw session token the API sent (the cookie's value). */
  token: string;
}

/**
 * A user with the given role, signed in through `POST /api/auth/login`: the returned agent sends the
 * session cookie on every request.
 *
 *   const { agent, user } = await signedInAgent(app, database, { role: 'leader' });
 *   await agent.post('/api/events').send({ ... }).expect(201);
 */
export async function signedInAgent(app: Express, database: Database, options: NewUser = {}): Promise<SignedIn> {
  const created = await createTestUser(database, options);
  const agent = request.agent(app);
  const res = await agent.post('/api/auth/login').send({ email: created.email, password: created.password });
  if (res.status !== 200) {
    throw new Error(`signedInAgent: login respondeu ${res.status} ${JSON.stringify(res.body)}`);
  }
  const cookie = sessionCookie(res);
  if (!cookie) throw new Error('signedInAgent: login sem cookie de sessão');
  const { password: _password, ...user } = created;
  return { agent, user, password: created.password, token: cookie.value };
}

export interface ParsedCookie {
  name: string;
  value: string;
  /** The raw header line. */
  header: string;
  /** Attribute names lower-cased (`httponly`, `secure`, ...) with their values ('' for flags). */
  attributes: Record<string, string>;
}

/** Parses every Set-Cookie header of a response. */
export function setCookies(res: { headers: Record<string, unknown> }): ParsedCookie[] {
  const raw = res.headers['set-cookie'];
  const lines = Array.isArray(raw) ? (raw as string[]) : typeof raw === 'string' ? [raw] : [];
  return lines.map((header) => {
    const [pair = '', ...parts] = header.split(';').map((part) => part.trim());
    const eq = pair.indexOf('=');
    const attributes: Record<string, string> = {};
    for (const part of parts) {
      const at = part.indexOf('=');
      if (at === -1) attributes[part.toLowerCase()] = '';
      else attributes[part.slice(0, at).toLowerCase()] = part.slice(at + 1);
    }
    return { name: pair.slice(0, eq), value: decodeURIComponent(pair.slice(eq + 1)), header, attributes };
  });
}

/** The session cookie a response set (either name), or undefined. */
export function sessionCookie(res: { headers: Record<string, unknown> }): ParsedCookie | undefined {
  return setCookies(res).find((cookie) => cookie.name === 'koinonia_session' || cookie.name === '__Host-koinonia_session');
}
