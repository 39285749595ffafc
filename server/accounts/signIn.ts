import type { Kysely } from 'kysely';
import type { User } from '../../shared/schemas/auth.ts';
import type { DB } from '../db/schema.ts';
import { InvalidCredentials } from './errors.ts';
import { beginLoginAttempt, loginFailed, loginSucceeded } from './loginThrottle.ts';
import { dummyPasswordHash, passwordHasher } from './passwordHasher.ts';
import { recognisedDeviceHash, rememberDevice } from './recognisedDevices.ts';
import { findUserByEmail, setPasswordHash, toUser } from './userQueries.ts';

export interface Credentials {
  email: string;
  password: string;
  /** The client's address (`req.ip`). */
  ip: string;
  /** The browser's device cookie, if it sent one. */
  deviceToken: string | undefined;
}

export interface SignedIn {
  user: User;
  /** The browser's new device cookie. */
  deviceToken: string;
}

/**
 * The user of an email and password, counted by the login throttle (a browser recognised for the account is
 * counted apart); a hash of older parameters is renewed.
 */
export async function signIn(db: Kysely<DB>, credentials: Credentials, now: Date): Promise<SignedIn> {
  const { email, password, ip } = credentials;
  const device = await recognisedDeviceHash(db, credentials.deviceToken, email, now);
  // Counted as a failure before the password is checked (429 when over the limit), taken back on success.
  const attempt = await beginLoginAttempt(
    db,
    { email, address: ip, client: device ? { kind: 'device', tokenHash: device } : { kind: 'unrecognised' } },
    now,
  );
  const row = await findUserByEmail(db, email);
  // An unknown email is checked against a dummy hash: both failures take as long and read the same.
  const ok = await passwordHasher.verify(row?.password_hash ?? (await dummyPasswordHash()), password);
  if (!row || !ok) {
    await loginFailed(db, now);
    throw new InvalidCredentials();
  }
  await loginSucceeded(db, attempt);
  if (passwordHasher.needsRehash(row.password_hash)) await setPasswordHash(db, row.id, await passwordHasher.hash(password));
  return { user: toUser(row), deviceToken: await rememberDevice(db, row.id, credentials.deviceToken, now) };
}
