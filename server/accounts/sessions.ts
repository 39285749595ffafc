import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { User } from '../../shared/schemas/auth.ts';

export const SESSION_IDLE_DAYS = 30;
const IDLE_MS = SESSION_IDLE_DAYS * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reading pages does not mean a write per request. */
const TOUCH_EVERY_MS = 60 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new 256-bit session; returns the token for the cookie (only its hash is stored). */
export async function createSession(db: Kysely<DB>, userId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const at = now.toISOString();
  await db.insertInto('sessions').values({ token_hash: hashToken(token), user_id: userId, created_at: at, last_seen_at: at }).execute();
  return token;
}

export interface SessionLookup {
  user: User;
  tokenHash: string;
  /** True when last_seen_at moved forward (the cookie's lifetime can be renewed). */
  touched: boolean;
}

/**
 * The signed-in user of a token, or undefined; an idle-expired session is deleted. With `onTouchFailed`, a
 * last_seen_at that cannot be written (a full disk, a read-only database) is reported there and the session
 * still answers: a read must not fail over its bookkeeping.
 */
export async function findSession(
  db: Kysely<DB>,
  token: string,
  now: Date,
  onTouchFailed?: (error: unknown) => void,
): Promise<SessionLookup | undefined> {
  const tokenHash = hashToken(token);
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.name', 'users.email', 'users.role', 'sessions.last_seen_at'])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const idle = now.getTime() - Date.parse(row.last_seen_at);
  if (idle > IDLE_MS) {
    await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    return undefined;
  }
  let touched = idle > TOUCH_EVERY_MS;
  if (touched) {
    try {
      await db.updateTable('sessions').set({ last_seen_at: now.toISOString() }).where('token_hash', '=', tokenHash).execute();
    } catch (error) {
      if (!onTouchFailed) throw error;
      onTouchFailed(error);
      touched = false;
    }
  }
  return { user: { id: row.id, name: row.name, email: row.email, role: row.role }, tokenHash, touched };
}

export async function deleteSession(db: Kysely<DB>, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

export async function deleteUserSessions(db: Kysely<DB>, userId: number, exceptTokenHash?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptTokenHash) query = query.where('token_hash', '!=', exceptTokenHash);
  await query.execute();
}
