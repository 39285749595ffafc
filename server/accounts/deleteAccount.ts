import { sql, type Kysely } from 'kysely';
import type { User } from '../../shared/schemas/auth.ts';
import { recordAudit } from '../audit/public.ts';
import { deleteBlockoutsOf } from '../availability/public.ts';
import { deleteCalendarToken } from '../calendarFeeds/public.ts';
import { dialectOf } from '../db/dialect.ts';
import type { DB } from '../db/schema.ts';
import { forgetCoverRequestsOf } from '../coverRequests/public.ts';
import { forgetDraftsOf } from '../drafts/public.ts';
import { forgetInvitationsTo, forgetMakerOf } from '../invitations/public.ts';
import { forgetJoinRequestsOf } from '../joinRequests/public.ts';
import { releasePlacesOf } from '../escalas/public.ts';
import { deletePreferences } from '../notifications/public.ts';
import { dropMessagesTo } from '../outbox/recipientMessages.ts';
import { forgetResetsOf } from '../passwordReset/public.ts';
import { removeFromAllTeams } from '../teams/public.ts';
import { AccountAlreadyDeleted, InvalidCredentials, LastAdmin } from './errors.ts';
import { beginLoginAttempt, loginFailed, loginSucceeded } from './loginThrottle.ts';
import { passwordHasher } from './passwordHasher.ts';
import { findUserByEmail } from './userQueries.ts';

/** The name a removed account keeps, so the escala's history and the audit log still read (docs/product.md §11). */
export const REMOVED_NAME = 'Pessoa removida';

/**
 * The e-mail a removed account keeps: users.email is unique and required, so each gets its own, with a domain no
 * address can have (`.invalid` is reserved, and without a dot the e-mail schema refuses it): nobody can register
 * it, sign in with it or receive mail at it, and the person's own address is free to register again.
 */
export const removedEmail = (userId: number) => `removida-${userId}@invalid`;

/** Serialises the admin count with role changes (roleChange.ts takes the same lock). */
const ADMIN_COUNT_LOCK = 6_000_015;

/**
 * The person asking to remove their own account types their password again: a wrong one counts against this
 * session in the login throttle, as a password change does (changePassword.ts), and is 401 `invalid_credentials`.
 */
export async function confirmOwnPassword(db: Kysely<DB>, user: User, check: { password: string; ip: string; sessionTokenHash: string }, now: Date): Promise<void> {
  const attempt = await beginLoginAttempt(db, { email: user.email, address: check.ip, client: { kind: 'session', tokenHash: check.sessionTokenHash } }, now);
  const row = await findUserByEmail(db, user.email);
  if (!row || !(await passwordHasher.verify(row.password_hash, check.password))) {
    await loginFailed(db, now);
    throw new InvalidCredentials('A senha está incorreta.');
  }
  await loginSucceeded(db, attempt);
}

export interface AccountRemoval {
  /** Whose account. */
  userId: number;
  /** Who asked: the person themselves, or an admin acting on their request. */
  actorId: number;
}

/**
 * Anonymises an account (docs/product.md §11) in one transaction, each table through its owner: the name becomes
 * "Pessoa removida", the e-mail a placeholder, the password and role go, sessions, recognised browsers, reset links
 * and the calendar feed end; allocations of events still to come go (their places reopen and the leaders are told),
 * past ones stay without reason; blockouts, preferences (the phone), team memberships, join requests and drafts' proposals go;
 * unsent messages to the person are dropped. The audit log records who did it. False when there is no such
 * account; a removed one is 409 `already_deleted`, the network's last admin 409 `last_admin`.
 */
export async function deleteAccount(db: Kysely<DB>, removal: AccountRemoval, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (dialectOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(${sql.lit(ADMIN_COUNT_LOCK)})`.execute(trx);
    const user = await trx.selectFrom('users').select(['id', 'email', 'role', 'deleted_at']).where('id', '=', removal.userId).executeTakeFirst();
    if (!user) return false;
    if (user.deleted_at !== null) throw new AccountAlreadyDeleted();
    if (user.role === 'admin') {
      const { count } = await trx
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('role', '=', 'admin')
        .executeTakeFirstOrThrow();
      if (Number(count) <= 1) throw new LastAdmin('Esta é a última conta de administrador da rede: promova outra pessoa antes de excluí-la.');
    }
    const at = now.toISOString();
    // The row first: on PostgreSQL its lock makes an allocation of this person being made now wait for the removal.
    await trx
      .updateTable('users')
      .set({ name: REMOVED_NAME, email: removedEmail(user.id), password_hash: '', role: 'member', deleted_at: at })
      .where('id', '=', user.id)
      .execute();
    await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    await trx.deleteFrom('recognised_devices').where('user_id', '=', user.id).execute();
    await trx.deleteFrom('login_failures').where('email', '=', user.email).execute();
    await forgetResetsOf(trx, user.id, user.email);
    await deleteCalendarToken(trx, user.id);
    await forgetCoverRequestsOf(trx, user.id, now);
    const places = await releasePlacesOf(trx, user.id, now);
    await deleteBlockoutsOf(trx, user.id);
    await deletePreferences(trx, user.id);
    const teamsLeft = await removeFromAllTeams(trx, user.id);
    await forgetDraftsOf(trx, user.id);
    await forgetJoinRequestsOf(trx, user.id);
    // The invitations sent to the address name the person (docs/product.md §13).
    await forgetInvitationsTo(trx, user.email);
    // Those it sent stay the team's: still delivered, naming no one.
    await forgetMakerOf(trx, user.id);
    await dropMessagesTo(trx, user.id);
    await recordAudit(trx, {
      actorId: removal.actorId,
      action: 'account_deleted',
      subjectId: user.id,
      details: { by: removal.actorId === user.id ? 'self' : 'admin', allocations_removed: places.removed, places_reopened: places.reopened, teams_left: teamsLeft },
      at,
    });
    return true;
  });
}
