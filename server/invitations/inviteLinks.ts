import type { Kysely, Transaction } from 'kysely';
import type { CreatedInviteLink, InviteLinkPreview, JoinedTeam } from '../../shared/schemas/invitations.ts';
import type { DB } from '../db/schema.ts';
import { addToTeam, listMyTeams } from '../teams/public.ts';
import { InviteLinkExpired, InviteLinkNotFound, InviteLinkUsedUp } from './errors.ts';
import { hashInviteToken, newInviteToken } from './inviteTokens.ts';
import { claimLinkUse, findLinkByHash, insertInviteLink, linkPositions, linkState, recordLinkJoin, releaseLinkUse, type LinkRow } from './inviteLinkQueries.ts';
import { departmentPositions, findTeamNames } from './teamFacts.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A new link for the team (docs/product.md §13); `url` carries the raw token, which is not stored. */
export async function createInviteLink(
  db: Kysely<DB>,
  input: { churchId: number; departmentId: number; positions: readonly number[]; expiresInDays: number; maxUses: number | null; createdBy: number; urlOf: (token: string) => string },
  now: Date,
): Promise<CreatedInviteLink> {
  return db.transaction().execute(async (trx) => {
    const positions = await departmentPositions(trx, input.departmentId, input.positions);
    const { token, hash } = newInviteToken();
    const expiresAt = new Date(now.getTime() + input.expiresInDays * DAY_MS);
    const id = await insertInviteLink(
      trx,
      { churchId: input.churchId, departmentId: input.departmentId, tokenHash: hash, expiresAt, maxUses: input.maxUses, createdBy: input.createdBy, positions: positions.map((position) => position.id) },
      now,
    );
    return { id, url: input.urlOf(token), positions, expires_at: expiresAt.toISOString(), max_uses: input.maxUses, uses: 0 };
  });
}

/** The link of `token`, or why it cannot be used: unknown or revoked (404), expired or used up (410). */
function usableLink(link: LinkRow | undefined, now: Date): LinkRow {
  if (!link) throw new InviteLinkNotFound();
  const state = linkState(link, now);
  if (state === 'revoked') throw new InviteLinkNotFound();
  if (state === 'expired') throw new InviteLinkExpired();
  if (state === 'used_up') throw new InviteLinkUsedUp();
  return link;
}

/** What a link grants, for its page (changes nothing). */
export async function previewInviteLink(db: Kysely<DB>, token: string, now: Date): Promise<InviteLinkPreview> {
  const link = usableLink(await findLinkByHash(db, hashInviteToken(token)), now);
  const [{ church, department }, positions] = await Promise.all([findTeamNames(db, link.church_id, link.department_id), linkPositions(db, [link.id])]);
  if (!church || !department) throw new InviteLinkNotFound();
  return { church, department, positions: positions.get(link.id) ?? [], expires_at: new Date(link.expires_at).toISOString() };
}

/**
 * The user joins the link's team with its positions, in the caller's transaction (a registration's, or its own). A
 * use is counted only for someone not on the team yet, and is claimed first (a conditional update: never more than
 * `max_uses`, however many join at once); a member gets the positions added without one, even from a used-up link.
 * Two joins of one person at once both claim, and `addToTeam` (which takes the person's membership lock) tells the
 * second it found a member: its use is given back.
 */
export async function joinByInviteLink(trx: Transaction<DB>, token: string, userId: number, now: Date): Promise<JoinedTeam> {
  const link = await findLinkByHash(trx, hashInviteToken(token));
  const state = link ? linkState(link, now) : 'revoked';
  if (!link || state === 'revoked') throw new InviteLinkNotFound();
  if (state === 'expired') throw new InviteLinkExpired();
  const member = (await listMyTeams(trx, userId)).some((team) => team.church.id === link.church_id && team.department.id === link.department_id);
  const claimed = !member && (await claimLinkUse(trx, link.id, now));
  if (!member && !claimed) {
    // The last use went (or the link was revoked) meanwhile: say which.
    usableLink(await findLinkByHash(trx, hashInviteToken(token)), now);
    throw new InviteLinkUsedUp();
  }
  const positions = (await linkPositions(trx, [link.id])).get(link.id) ?? [];
  const { joined, membership } = await addToTeam(
    trx,
    { churchId: link.church_id, departmentId: link.department_id, userId },
    { positions: positions.map((position) => position.id), actorId: userId },
    now,
  );
  if (joined) await recordLinkJoin(trx, link.id, userId, now);
  else if (claimed) await releaseLinkUse(trx, link.id);
  return { church_id: membership.church_id, department_id: membership.department_id, positions: membership.positions };
}
