import type { Kysely, Transaction } from 'kysely';
import type { InviteLink, InviteLinkState } from '../../shared/schemas/invitations.ts';
import type { DB, Instant } from '../db/schema.ts';
import { groupPositions } from './teamFacts.ts';

type Db = Kysely<DB> | Transaction<DB>;

export interface LinkRow {
  id: number;
  church_id: number;
  department_id: number;
  expires_at: Instant;
  max_uses: number | null;
  uses: number;
  revoked_at: Instant | null;
}

const iso = (value: Instant | Date | null): string | null => (value === null ? null : new Date(value).toISOString());

export function linkState(link: Pick<LinkRow, 'expires_at' | 'max_uses' | 'uses' | 'revoked_at'>, now: Date): InviteLinkState {
  if (link.revoked_at !== null) return 'revoked';
  if (Date.parse(iso(link.expires_at)!) <= now.getTime()) return 'expired';
  if (link.max_uses !== null && link.uses >= link.max_uses) return 'used_up';
  return 'active';
}

export async function insertInviteLink(
  trx: Transaction<DB>,
  link: { churchId: number; departmentId: number; tokenHash: string; expiresAt: Date; maxUses: number | null; createdBy: number; positions: readonly number[] },
  now: Date,
): Promise<number> {
  const { id } = await trx
    .insertInto('invite_links')
    .values({
      church_id: link.churchId,
      department_id: link.departmentId,
      token_hash: link.tokenHash,
      expires_at: link.expiresAt.toISOString(),
      max_uses: link.maxUses,
      created_by: link.createdBy,
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (link.positions.length > 0) await trx.insertInto('invite_link_positions').values(link.positions.map((position_id) => ({ link_id: id, position_id }))).execute();
  return id;
}

const linkColumns = ['id', 'church_id', 'department_id', 'expires_at', 'max_uses', 'uses', 'revoked_at'] as const;

export async function findLinkById(db: Db, id: number): Promise<LinkRow | undefined> {
  return db.selectFrom('invite_links').select(linkColumns).where('id', '=', id).executeTakeFirst();
}

export async function findLinkByHash(db: Db, tokenHash: string): Promise<LinkRow | undefined> {
  return db.selectFrom('invite_links').select(linkColumns).where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function linkPositions(db: Db, linkIds: readonly number[]) {
  if (linkIds.length === 0) return new Map<number, Array<{ id: number; name: string }>>();
  const rows = await db
    .selectFrom('invite_link_positions')
    .innerJoin('positions', 'positions.id', 'invite_link_positions.position_id')
    .select(['invite_link_positions.link_id as owner', 'positions.id', 'positions.name'])
    .where('invite_link_positions.link_id', 'in', linkIds)
    .execute();
  return groupPositions(rows);
}

/** A team's links, newest first, with who made each and who joined through it. */
export async function listInviteLinks(db: Db, churchId: number, departmentId: number, now: Date): Promise<InviteLink[]> {
  const links = await db
    .selectFrom('invite_links')
    .leftJoin('users', 'users.id', 'invite_links.created_by')
    .select([...linkColumns.map((column) => `invite_links.${column}` as const), 'invite_links.created_at', 'users.id as creator_id', 'users.name as creator_name'])
    .where('invite_links.church_id', '=', churchId)
    .where('invite_links.department_id', '=', departmentId)
    .orderBy('invite_links.id', 'desc')
    .execute();
  const ids = links.map((link) => link.id);
  const [positions, joins] = await Promise.all([
    linkPositions(db, ids),
    ids.length === 0
      ? []
      : db
          .selectFrom('invite_link_joins')
          .innerJoin('users', 'users.id', 'invite_link_joins.user_id')
          .select(['invite_link_joins.link_id', 'users.id', 'users.name', 'invite_link_joins.joined_at'])
          .where('invite_link_joins.link_id', 'in', ids)
          .orderBy('invite_link_joins.joined_at')
          .orderBy('users.id')
          .execute(),
  ]);
  return links.map((link) => ({
    id: link.id,
    positions: positions.get(link.id) ?? [],
    expires_at: iso(link.expires_at)!,
    max_uses: link.max_uses,
    uses: link.uses,
    state: linkState(link, now),
    created_at: iso(link.created_at)!,
    revoked_at: iso(link.revoked_at),
    created_by: link.creator_id === null || link.creator_name === null ? null : { id: link.creator_id, name: link.creator_name },
    joined: joins.filter((join) => join.link_id === link.id).map((join) => ({ id: join.id, name: join.name, joined_at: iso(join.joined_at)! })),
  }));
}

export async function revokeInviteLink(db: Db, id: number, now: Date): Promise<void> {
  await db.updateTable('invite_links').set({ revoked_at: now.toISOString() }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}

/**
 * Counts one use if the link still has one: a conditional update, so however many join at once, no more than
 * `max_uses` succeed — on PostgreSQL the second of two updates of the row waits for the first and checks again.
 */
export async function claimLinkUse(trx: Transaction<DB>, id: number, now: Date): Promise<boolean> {
  const result = await trx
    .updateTable('invite_links')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives back the use a member who was on the team already took (no use is counted for them). */
export async function releaseLinkUse(trx: Transaction<DB>, id: number): Promise<void> {
  await trx
    .updateTable('invite_links')
    .set((eb) => ({ uses: eb('uses', '-', 1) }))
    .where('id', '=', id)
    .execute();
}

export async function recordLinkJoin(trx: Transaction<DB>, linkId: number, userId: number, now: Date): Promise<void> {
  await trx
    .insertInto('invite_link_joins')
    .values({ link_id: linkId, user_id: userId, joined_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['link_id', 'user_id']).doNothing())
    .execute();
}
