import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { PASSWORD_RESET_TOKEN } from '../../shared/schemas/notifications.ts';
// From accounts: the same password rules and hash as the password change, and the account's sessions end; from
// calendarFeeds: the personal feed's token is replaced with them.
import {
  checkPasswordRules,
  deleteUserSessions,
  lockKey,
  passwordHasher,
  PASSWORD_RESET_ADDRESS_KEYS,
  PASSWORD_RESET_EMAIL_KEYS,
  setPasswordHash,
} from '../accounts/public.ts';
import { recordAudit } from '../audit/public.ts';
import { renewCalendarToken } from '../calendarFeeds/public.ts';
import type { DB } from '../db/schema.ts';
import { enqueueMessageToEmail } from '../outbox/outboxQueries.ts';
import { ResetLinkInvalid, TooManyResetRequests } from './errors.ts';
import { closeResets, findOpenReset, insertResetForEmail, recentRequests, recordRequest } from './passwordResetQueries.ts';

/** A link works this long. */
export const RESET_LINK_MS = 60 * 60 * 1000;
/** The window of both limits below. */
export const RESET_WINDOW_MS = 60 * 60 * 1000;
/** Requests from one client address per window; more answer 429. */
export const RESET_REQUESTS_PER_ADDRESS = 10;
/** Messages to one email per window; more requests are answered alike (202) and send nothing, so a mailbox is never flooded. */
export const RESET_MESSAGES_PER_EMAIL = 3;

/** The hash of a link's token: the SHA-256 the table keeps. An object so tests can see that it runs. */
export const resetTokenHasher = {
  hash: (token: string) => createHash('sha256').update(token).digest('hex'),
};
const hashToken = (token: string) => resetTokenHasher.hash(token);

/**
 * "Esqueceu sua senha?" (docs/product.md §1 departure 4). The answer never says whether an account has the email,
 * nor does the time it takes (issue 25, attack item 5): a link is made and hashed, and the same two inserts run,
 * whether or not an account has it — they store the link and queue its message only for an account. The link
 * is single-use, valid for an hour, and only the SHA-256 of its token is stored with the account.
 *
 * The requests of one email (then of one address) are serialised with the login throttle's advisory lock on
 * PostgreSQL, so parallel requests count exactly: never more than RESET_MESSAGES_PER_EMAIL links an hour (issue
 * 26, item 7); SQLite has one writer anyway.
 */
export async function requestPasswordReset(db: Kysely<DB>, request: { email: string; address: string; now: Date }): Promise<void> {
  const at = request.now.toISOString();
  const since = new Date(request.now.getTime() - RESET_WINDOW_MS).toISOString();
  await db.transaction().execute(async (trx) => {
    await lockKey(trx, PASSWORD_RESET_EMAIL_KEYS, request.email);
    await lockKey(trx, PASSWORD_RESET_ADDRESS_KEYS, request.address);
    const recent = await recentRequests(trx, request.address, request.email, since);
    if (recent.fromAddress.length >= RESET_REQUESTS_PER_ADDRESS) {
      const freeing = recent.fromAddress[RESET_REQUESTS_PER_ADDRESS - 1]!;
      throw new TooManyResetRequests(Math.max(1, Math.ceil((Date.parse(freeing) + RESET_WINDOW_MS - request.now.getTime()) / 1000)));
    }
    await recordRequest(trx, { email: request.email, address: request.address, at, forgetBefore: new Date(request.now.getTime() - 24 * RESET_WINDOW_MS).toISOString() });
    if (recent.forEmail >= RESET_MESSAGES_PER_EMAIL) return;
    const token = randomBytes(32).toString('base64url');
    const tokenHash = hashToken(token);
    const expiresAt = new Date(request.now.getTime() + RESET_LINK_MS).toISOString();
    await insertResetForEmail(trx, { email: request.email, tokenHash, createdAt: at, expiresAt });
    await enqueueMessageToEmail(trx, {
      email: request.email,
      kind: 'password_reset',
      key: `password_reset:${tokenHash}`,
      payload: { secret: token, expires_at: expiresAt },
      now: request.now,
    });
  });
}

/**
 * Sets the password of the link's account, ends every session of it and replaces its calendar feed's token: the
 * link is used up (with any other open link of the account). A link that does not exist, expired or was used is
 * `ResetLinkInvalid`; a password that breaks the rules leaves the link as it was.
 */
export async function resetPassword(db: Kysely<DB>, token: string, password: string, now: Date): Promise<void> {
  if (!PASSWORD_RESET_TOKEN.test(token)) throw new ResetLinkInvalid();
  const tokenHash = hashToken(token);
  const at = now.toISOString();
  if (!(await findOpenReset(db, tokenHash, at))) throw new ResetLinkInvalid();
  checkPasswordRules(password);
  const passwordHash = await passwordHasher.hash(password);
  await db.transaction().execute(async (trx) => {
    // Again inside the transaction: of two uses at once, one finds the link used.
    const reset = await findOpenReset(trx, tokenHash, at);
    if (!reset) throw new ResetLinkInvalid();
    await setPasswordHash(trx, reset.userId, passwordHash);
    // The account did it to itself, through its e-mail (docs/product.md §11); the link's token is not recorded.
    await recordAudit(trx, { actorId: reset.userId, action: 'password_reset', subjectId: reset.userId, at });
    await closeResets(trx, reset.userId, at);
    await deleteUserSessions(trx, reset.userId);
    // The personal feed's URL goes with the sessions (docs/product.md §11): the old one answers 404.
    await renewCalendarToken(trx, reset.userId, now);
  });
}
