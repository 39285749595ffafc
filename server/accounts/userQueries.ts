import type { Kysely, Transaction } from 'kysely';
import type { User } from '../../shared/schemas/auth.ts';
import { isUniqueViolation } from '../db/isUniqueViolation.ts';
import type { DB, Role } from '../db/schema.ts';
import { passwordHasher } from './passwordHasher.ts';

export async function findUserByEmail(db: Kysely<DB>, email: string) {
  return db.selectFrom('users').select(['id', 'name', 'email', 'role', 'password_hash']).where('email', '=', email).executeTakeFirst();
}

export function toUser(row: User): User {
  return { id: row.id, name: row.name, email: row.email, role: row.role };
}

/** Inserts a user; returns undefined when the email is taken (decided by the unique index, not a read). */
export async function insertUser(
  db: Kysely<DB>,
  input: { name: string; email: string; password: string; role?: Role },
  now: Date,
): Promise<User | undefined> {
  const passwordHash = await passwordHasher.hash(input.password);
  try {
    const row = await db
      .insertInto('users')
      .values({ name: input.name, email: input.email, password_hash: passwordHash, role: input.role ?? 'member', created_at: now.toISOString() })
      .returning(['id', 'name', 'email', 'role'])
      .executeTakeFirstOrThrow();
    return toUser(row);
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

export async function setPasswordHash(db: Kysely<DB> | Transaction<DB>, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

/** False when no user has this email. */
export async function setRoleByEmail(db: Kysely<DB>, email: string, role: Role): Promise<boolean> {
  const result = await db.updateTable('users').set({ role }).where('email', '=', email).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The names of the accounts among `ids` (an anonymised account keeps its row, so its id still names someone). */
export async function namesOfUsers(db: Kysely<DB>, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'name']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}
