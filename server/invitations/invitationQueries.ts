import { sql, type Kysely, type Transaction } from 'kysely';
import type { Invitation } from '../../shared/schemas/invitations.ts';
import type { DB, Instant, InvitationStatus } from '../db/schema.ts';
import { groupPositions } from './teamFacts.ts';

type Db = Kysely<DB> | Transaction<DB>;

export interface InvitationRow {
  id: number;
  church_id: number;
  department_id: number;
  email: string;
  name: string;
  token_hash: string;
  status: InvitationStatus;
  invited_by: number | null;
  sent_at: Instant;
  sends: number;
  expires_at: Instant;
}

const columns = ['id', 'church_id', 'department_id', 'email', 'name', 'token_hash', 'status', 'invited_by', 'sent_at', 'sends', 'expires_at'] as const;
const iso = (value: Instant) => new Date(value).toISOString();

export async function findInvitationById(db: Db, id: number): Promise<InvitationRow | undefined> {
  return db.selectFrom('invitations').select(columns).where('id', '=', id).executeTakeFirst();
}

export async function findInvitationByHash(db: Db, tokenHash: string): Promise<InvitationRow | undefined> {
  return db.selectFrom('invitations').select(columns).where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** The team's pending invitations to any of `emails`. */
export async function pendingInvitationsTo(db: Db, churchId: number, departmentId: number, emails: readonly string[]) {
  if (emails.length === 0) return [];
  return db
    .selectFrom('invitations')
    .select(['id', 'email', 'status'])
    .where('church_id', '=', churchId)
    .where('department_id', '=', departmentId)
    .where('status', '=', 'pending')
    .where('email', 'in', emails)
    .execute();
}

export interface NewInvitation {
  email: string;
  name: string;
  tokenHash: string;
}

/**
 * Inserts pending invitations to the team; an address that has a pending one already (made meanwhile by another
 * request) is left out by the unique index. Returns the rows inserted.
 */
export async function insertInvitations(
  trx: Transaction<DB>,
  team: { churchId: number; departmentId: number; invitedBy: number; positions: readonly number[]; expiresAt: Date },
  people: readonly NewInvitation[],
  now: Date,
): Promise<Array<{ id: number; email: string }>> {
  if (people.length === 0) return [];
  const rows = await trx
    .insertInto('invitations')
    .values(
      people.map((person) => ({
        church_id: team.churchId,
        department_id: team.departmentId,
        email: person.email,
        name: person.name,
        token_hash: person.tokenHash,
        invited_by: team.invitedBy,
        created_at: now.toISOString(),
        sent_at: now.toISOString(),
        expires_at: team.expiresAt.toISOString(),
      })),
    )
    // The conflict target names the partial index by its predicate, written as a literal (SQLite matches it by text).
    .onConflict((oc) => oc.columns(['church_id', 'department_id', 'email']).where(sql.ref('status'), '=', sql.lit('pending')).doNothing())
    .returning(['id', 'email'])
    .execute();
  const links = rows.flatMap((row) => team.positions.map((position_id) => ({ invitation_id: row.id, position_id })));
  if (links.length > 0) await trx.insertInto('invitation_positions').values(links).execute();
  return rows;
}

export async function invitationPositions(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, Array<{ id: number; name: string }>>();
  const rows = await db
    .selectFrom('invitation_positions')
    .innerJoin('positions', 'positions.id', 'invitation_positions.position_id')
    .select(['invitation_positions.invitation_id as owner', 'positions.id', 'positions.name'])
    .where('invitation_positions.invitation_id', 'in', ids)
    .execute();
  return groupPositions(rows);
}

/** A team's invitations: pending first, then the newest. */
export async function listInvitations(db: Db, churchId: number, departmentId: number): Promise<Invitation[]> {
  const rows = await db
    .selectFrom('invitations')
    .leftJoin('users', 'users.id', 'invitations.invited_by')
    .select([
      'invitations.id',
      'invitations.name',
      'invitations.email',
      'invitations.status',
      'invitations.created_at',
      'invitations.sent_at',
      'invitations.expires_at',
      'invitations.closed_at',
      'users.id as inviter_id',
      'users.name as inviter_name',
    ])
    .where('invitations.church_id', '=', churchId)
    .where('invitations.department_id', '=', departmentId)
    .orderBy('invitations.id', 'desc')
    .execute();
  const positions = await invitationPositions(
    db,
    rows.map((row) => row.id),
  );
  return rows
    .sort((a, b) => Number(b.status === 'pending') - Number(a.status === 'pending'))
    .map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      positions: positions.get(row.id) ?? [],
      status: row.status,
      created_at: iso(row.created_at),
      sent_at: iso(row.sent_at),
      expires_at: iso(row.expires_at),
      closed_at: row.closed_at === null ? null : iso(row.closed_at),
      invited_by: row.inviter_id === null || row.inviter_name === null ? null : { id: row.inviter_id, name: row.inviter_name },
    }));
}

/** Closes a pending invitation (accepted or cancelled); false when it was not pending any more. */
export async function closeInvitation(db: Db, id: number, change: { status: 'accepted' | 'cancelled'; acceptedBy?: number }, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ status: change.status, accepted_by: change.acceptedBy ?? null, closed_at: now.toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A new link for a pending invitation sent again, if the last send is older than `sentBefore`: a conditional update,
 * so two re-sends at once queue one e-mail. Undefined when it was not pending or was sent since.
 */
export async function renewInvitation(trx: Transaction<DB>, id: number, change: { tokenHash: string; expiresAt: Date; sentBefore: Date }, now: Date) {
  return trx
    .updateTable('invitations')
    .set((eb) => ({ token_hash: change.tokenHash, sent_at: now.toISOString(), expires_at: change.expiresAt.toISOString(), sends: eb('sends', '+', 1) }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('sent_at', '<=', change.sentBefore.toISOString())
    .returning(['id', 'sends', 'invited_by', 'email', 'status', 'sent_at'])
    .executeTakeFirst();
}

/** The invitations sent to `email`, whatever their state, with their positions (an account with it is removed). */
export async function forgetInvitationsTo(db: Db, email: string): Promise<number> {
  const ids = (await db.selectFrom('invitations').select('id').where('email', '=', email).execute()).map((row) => row.id);
  if (ids.length === 0) return 0;
  await db.deleteFrom('invitation_positions').where('invitation_id', 'in', ids).execute();
  const result = await db.deleteFrom('invitations').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * An account is removed (docs/product.md §11): the invitations and links it made stay the team's, made by no one —
 * what the foreign keys do when a user row goes, for an account that is anonymised instead. Its invitation e-mails
 * still to go out say "A liderança convidou você". Returns how many invitations and links it had made.
 */
export async function forgetMakerOf(db: Db, userId: number): Promise<number> {
  const invitations = await db.updateTable('invitations').set({ invited_by: null }).where('invited_by', '=', userId).executeTakeFirst();
  const links = await db.updateTable('invite_links').set({ created_by: null }).where('created_by', '=', userId).executeTakeFirst();
  return Number(invitations.numUpdatedRows) + Number(links.numUpdatedRows);
}

/**
 * The retention job's part (docs/product.md §11): e-mail invitations accepted or cancelled before `before`, and pending
 * ones whose link expired before it, go with their positions — they hold a person's name and address, who may never
 * have answered. Returns how many went.
 */
export async function eraseInvitationsBefore(db: Kysely<DB>, before: Instant): Promise<number> {
  const cutoff = new Date(before).toISOString();
  const ids = (
    await db
      .selectFrom('invitations')
      .select('id')
      .where((eb) => eb.or([eb('closed_at', '<', cutoff), eb.and([eb('status', '=', 'pending'), eb('expires_at', '<', cutoff)])]))
      .execute()
  ).map((row) => row.id);
  let erased = 0;
  for (let start = 0; start < ids.length; start += 500) {
    const chunk = ids.slice(start, start + 500);
    await db.deleteFrom('invitation_positions').where('invitation_id', 'in', chunk).execute();
    erased += Number((await db.deleteFrom('invitations').where('id', 'in', chunk).executeTakeFirst()).numDeletedRows);
  }
  return erased;
}
