import type { Kysely } from 'kysely';
import type { User } from '../../shared/schemas/auth.ts';
import { recordAudit } from '../audit/public.ts';
import { renewCalendarToken } from '../calendarFeeds/public.ts';
import type { DB } from '../db/schema.ts';
import { InvalidCredentials } from './errors.ts';
import { beginLoginAttempt, loginFailed, loginSucceeded } from './loginThrottle.ts';
import { passwordHasher } from './passwordHasher.ts';
import { checkPasswordRules } from './passwordRules.ts';
import { deleteUserSessions } from './sessions.ts';
import { findUserByEmail, setPasswordHash } from './userQueries.ts';

export interface PasswordChange {
  current: string;
  new: string;
  ip: string;
  /** The session that asked for the change: its guesses are counted; the user's other sessions end. */
  sessionTokenHash: string;
}

export async function changePassword(db: Kysely<DB>, user: User, change: PasswordChange, now: Date): Promise<void> {
  // A guess at the current password counts against this session only: someone at an unlocked computer cannot
  // try passwords here forever, and strangers failing at the sign-in form never lock the owner's change.
  const attempt = await beginLoginAttempt(db, { email: user.email, address: change.ip, client: { kind: 'session', tokenHash: change.sessionTokenHash } }, now);
  const row = await findUserByEmail(db, user.email);
  if (!row || !(await passwordHasher.verify(row.password_hash, change.current))) {
    await loginFailed(db, now);
    throw new InvalidCredentials('A senha atual está incorreta.');
  }
  await loginSucceeded(db, attempt);
  checkPasswordRules(change.new);
  const passwordHash = await passwordHasher.hash(change.new);
  // The new password, the end of the other sessions and the audit entry (docs/product.md §11) go together.
  await db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, user.id, passwordHash);
    await recordAudit(trx, { actorId: user.id, action: 'password_changed', subjectId: user.id, at: now.toISOString() });
    await deleteUserSessions(trx, user.id, change.sessionTokenHash);
    // As the other sessions end, the personal feed's old URL stops working (docs/product.md §11).
    await renewCalendarToken(trx, user.id, now);
  });
}
