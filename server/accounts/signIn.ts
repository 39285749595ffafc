import type { Kysely } from 'kysely';
import type { User } from '../../shared/schemas/auth.ts';
import type { DB } from '../db/schema.ts';
import { InvalidCredentials } from './errors.ts';
import { beginLoginAttempt, loginFailed, loginSucceeded } from './loginThrottle.ts';
import { dummyPasswordHash, passwordHasher } from './passwordHasher.ts';
import { findUserByEmail, setPasswordHash, toUser } from './userQueries.ts';

/** The user of an email and password, counted by the login throttle; a hash of older parameters is renewed. */
export async function signIn(db: Kysely<DB>, credentials: { email: string; password: string; ip: string }, now: Date): Promise<User> {
  const { email, password, ip } = credentials;
  // Counted as a failure before the password is checked (429 when over the limit), taken back on success.
  const attempt = await beginLoginAttempt(db, email, ip, now);
  const row = await findUserByEmail(db, email);
  // An unknown email is checked against a dummy hash: both failures take as long and read the same.
  const ok = await passwordHasher.verify(row?.password_hash ?? (await dummyPasswordHash()), password);
  if (!row || !ok) {
    await loginFailed(db, now);
    throw new InvalidCredentials();
  }
  await loginSucceeded(db, attempt);
  if (passwordHasher.needsRehash(row.password_hash)) await setPasswordHash(db, row.id, await passwordHasher.hash(password));
  return toUser(row);
}
