import type { Kysely } from 'kysely';
import type { AccountExport } from '../../shared/schemas/accountData.ts';
import { auditEntriesAbout, recordAudit } from '../audit/public.ts';
import { blockoutsOfMember } from '../availability/public.ts';
import { calendarFeedOf } from '../calendarFeeds/public.ts';
import type { DB } from '../db/schema.ts';
import { allocationsOfMember } from '../escalas/public.ts';
import { findPreferences } from '../notifications/public.ts';
import { messagesTo } from '../outbox/recipientMessages.ts';
import { listMyTeams } from '../teams/public.ts';
import { coverRequestsOf } from '../coverRequests/public.ts';
import { joinRequestsOf } from '../joinRequests/public.ts';

/**
 * Everything the portal holds about the person (docs/product.md §11), read in one transaction that also records the
 * export in the audit log (`actorId` asked for it: the person, or an admin acting on their request). Of other people
 * it holds names only (a leader's in the audit, none elsewhere); of secrets (tokens, the password) nothing.
 * Undefined when there is no such account.
 */
export async function exportAccount(db: Kysely<DB>, userId: number, actorId: number, now: Date): Promise<AccountExport | undefined> {
  return db.transaction().execute(async (trx) => {
    const account = await trx.selectFrom('users').select(['id', 'name', 'email', 'role', 'created_at', 'deleted_at']).where('id', '=', userId).executeTakeFirst();
    if (!account) return undefined;
    const at = now.toISOString();
    // Recorded first, so the export lists its own entry too: what the person reads is what the log says.
    await recordAudit(trx, { actorId, action: 'data_exported', subjectId: userId, details: { by: actorId === userId ? 'self' : 'admin' }, at });
    const allocations = await allocationsOfMember(trx, userId);
    const sessions = await trx.selectFrom('sessions').select(['created_at', 'last_seen_at as last_used_at']).where('user_id', '=', userId).orderBy('created_at').execute();
    const devices = await trx.selectFrom('recognised_devices').select(['created_at', 'last_used_at']).where('user_id', '=', userId).orderBy('created_at').execute();
    return {
      exported_at: at,
      account,
      preferences: await findPreferences(trx, userId),
      teams: await listMyTeams(trx, userId),
      allocations,
      blockouts: await blockoutsOfMember(trx, userId),
      cover_requests: (await coverRequestsOf(trx, userId)).map(({ id, allocation_id, status, note, created_at, escalated_at, closed_at }) => ({ id, allocation_id, status, note, created_at, escalated_at, closed_at })),
      signups: allocations.filter((allocation) => allocation.source === 'signup'),
      join_requests: await joinRequestsOf(trx, userId),
      sessions,
      devices,
      calendar_feed: await calendarFeedOf(trx, userId),
      messages: await messagesTo(trx, userId),
      audit: await auditEntriesAbout(trx, userId),
    };
  });
}
