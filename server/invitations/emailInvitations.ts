import type { Kysely, Transaction } from 'kysely';
import {
  INVITATION_RESEND_MINUTES,
  INVITATION_VALID_DAYS,
  type CreatedInvitation,
  type EmailInvitationPreview,
  type Invitation,
  type InvitedPerson,
  type JoinedTeam,
} from '../../shared/schemas/invitations.ts';
import type { DB } from '../db/schema.ts';
import { enqueueMessages, type NewMessage } from '../outbox/outboxQueries.ts';
import { addToTeam } from '../teams/public.ts';
import { InvitationClosed, InvitationEmailMismatch, InvitationExpired, InvitationNotFound, InvitationUsed, ResendTooSoon } from './errors.ts';
import {
  closeInvitation,
  findInvitationByHash,
  findInvitationById,
  insertInvitations,
  invitationPositions,
  listInvitations,
  pendingInvitationsTo,
  renewInvitation,
  type InvitationRow,
} from './invitationQueries.ts';
import { hashInviteToken, newInviteToken } from './inviteTokens.ts';
import { departmentPositions, findTeamNames } from './teamFacts.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const RESEND_MS = INVITATION_RESEND_MINUTES * 60 * 1000;
const validUntil = (now: Date) => new Date(now.getTime() + INVITATION_VALID_DAYS * DAY_MS);

/**
 * The e-mail of one send (docs/adr/0003): to the invitation's address, composed when it goes out
 * (server/notifications). The outbox names an account as recipient; an invited person may have none, so the row
 * names the account that invited them and the message goes to the invitation's address.
 */
function invitationMessage(invitation: { id: number; sends: number; invitedBy: number }, token: string, now: Date): NewMessage {
  return {
    kind: 'team_invitation',
    key: `team_invitation:${invitation.id}:${invitation.sends}`,
    recipientId: invitation.invitedBy,
    payload: { invitation_id: invitation.id, secret: token },
    now,
  };
}

export interface CreateEmailInvitations {
  churchId: number;
  departmentId: number;
  /** Position ids of the department (`UnknownPosition` otherwise). */
  positions: readonly number[];
  people: readonly InvitedPerson[];
  /** The account that invites them (a team leader or admin). */
  invitedBy: number;
  now: Date;
}

/**
 * Invites people to a team by e-mail in the caller's transaction, and queues each one's e-mail in it (docs/product.md
 * §13): the invitation and its e-mail are stored together, or neither. An address invited twice (in the list, or with
 * an invitation to the team still pending) keeps its one pending invitation and gets no second e-mail; the answer
 * names it all the same, in the order of `people`.
 */
export async function createEmailInvitations(trx: Transaction<DB>, input: CreateEmailInvitations): Promise<CreatedInvitation[]> {
  const { churchId, departmentId, invitedBy, now } = input;
  const positions = (await departmentPositions(trx, departmentId, input.positions)).map((position) => position.id);
  // The first name given for each address.
  const names = new Map<string, string>();
  for (const person of input.people) if (!names.has(person.email)) names.set(person.email, person.name);
  const emails = [...names.keys()];
  const byEmail = new Map<string, CreatedInvitation>();
  const CHUNK = 500;
  for (let start = 0; start < emails.length; start += CHUNK) {
    const chunk = emails.slice(start, start + CHUNK);
    for (const row of await pendingInvitationsTo(trx, churchId, departmentId, chunk)) byEmail.set(row.email, row);
    const fresh = chunk
      .filter((email) => !byEmail.has(email))
      .map((email) => ({ email, name: names.get(email)!, ...newInviteToken() }));
    const inserted = await insertInvitations(
      trx,
      { churchId, departmentId, invitedBy, positions, expiresAt: validUntil(now) },
      fresh.map((person) => ({ email: person.email, name: person.name, tokenHash: person.hash })),
      now,
    );
    const tokens = new Map(fresh.map((person) => [person.email, person.token]));
    await enqueueMessages(
      trx,
      inserted.map((row) => invitationMessage({ id: row.id, sends: 1, invitedBy }, tokens.get(row.email)!, now)),
    );
    for (const row of inserted) byEmail.set(row.email, { id: row.id, email: row.email, status: 'pending' });
    // An address invited by another request meanwhile: its invitation.
    const missing = chunk.filter((email) => !byEmail.has(email));
    for (const row of await pendingInvitationsTo(trx, churchId, departmentId, missing)) byEmail.set(row.email, row);
  }
  return emails.flatMap((email) => {
    const invitation = byEmail.get(email);
    return invitation ? [{ id: invitation.id, email: invitation.email, status: invitation.status }] : [];
  });
}

export { listInvitations };

/** The invitation's team, for the permission check of its routes; `InvitationNotFound` when none. */
export async function invitationTeam(db: Kysely<DB>, id: number): Promise<InvitationRow> {
  const invitation = await findInvitationById(db, id);
  if (!invitation) throw new InvitationNotFound();
  return invitation;
}

export async function cancelInvitation(db: Kysely<DB>, id: number, now: Date): Promise<void> {
  if (!(await closeInvitation(db, id, { status: 'cancelled' }, now))) throw new InvitationClosed();
}

/**
 * Sends a pending invitation again with a new personal link (the old one stops working), at most once an hour
 * (`ResendTooSoon` with the seconds to wait). The one who re-sends becomes the account the message is queued under.
 */
export async function resendInvitation(db: Kysely<DB>, id: number, resentBy: number, now: Date): Promise<Invitation> {
  await db.transaction().execute(async (trx) => {
    const current = await findInvitationById(trx, id);
    if (!current) throw new InvitationNotFound();
    if (current.status !== 'pending') throw new InvitationClosed();
    const { token, hash } = newInviteToken();
    const renewed = await renewInvitation(trx, id, { tokenHash: hash, expiresAt: validUntil(now), sentBefore: new Date(now.getTime() - RESEND_MS) }, now);
    if (!renewed) {
      const latest = (await findInvitationById(trx, id)) ?? current;
      if (latest.status !== 'pending') throw new InvitationClosed();
      throw new ResendTooSoon(Math.max(1, Math.ceil((Date.parse(latest.sent_at) + RESEND_MS - now.getTime()) / 1000)));
    }
    await enqueueMessages(trx, [invitationMessage({ id, sends: renewed.sends, invitedBy: resentBy }, token, now)]);
  });
  const current = await findInvitationById(db, id);
  return (await listInvitations(db, current!.church_id, current!.department_id)).find((invitation) => invitation.id === id)!;
}

/** The invitation of a personal link that can still be accepted, or why not. */
function openInvitation(invitation: InvitationRow | undefined, now: Date): InvitationRow {
  if (!invitation || invitation.status === 'cancelled') throw new InvitationNotFound();
  if (invitation.status === 'accepted') throw new InvitationUsed();
  if (Date.parse(invitation.expires_at) <= now.getTime()) throw new InvitationExpired();
  return invitation;
}

/** What a personal link grants and for which address (changes nothing). */
export async function previewEmailInvitation(db: Kysely<DB>, token: string, now: Date): Promise<EmailInvitationPreview> {
  const invitation = openInvitation(await findInvitationByHash(db, hashInviteToken(token)), now);
  const [{ church, department }, positions, account] = await Promise.all([
    findTeamNames(db, invitation.church_id, invitation.department_id),
    invitationPositions(db, [invitation.id]),
    db.selectFrom('users').select('id').where('email', '=', invitation.email).where('deleted_at', 'is', null).executeTakeFirst(),
  ]);
  if (!church || !department) throw new InvitationNotFound();
  return {
    church,
    department,
    positions: positions.get(invitation.id) ?? [],
    name: invitation.name,
    email: invitation.email,
    expires_at: new Date(invitation.expires_at).toISOString(),
    has_account: account !== undefined,
  };
}

/**
 * The user of `email` accepts the invitation of `token` in the caller's transaction (a registration's, or its own):
 * the address must be the invitation's, and the link works once (a conditional update: two accepts at once, one wins).
 */
export async function acceptEmailInvitation(trx: Transaction<DB>, token: string, user: { id: number; email: string }, now: Date): Promise<JoinedTeam> {
  const invitation = openInvitation(await findInvitationByHash(trx, hashInviteToken(token)), now);
  if (invitation.email !== user.email.toLowerCase()) throw new InvitationEmailMismatch(invitation.email);
  if (!(await closeInvitation(trx, invitation.id, { status: 'accepted', acceptedBy: user.id }, now))) {
    openInvitation(await findInvitationById(trx, invitation.id), now);
    throw new InvitationUsed();
  }
  const positions = (await invitationPositions(trx, [invitation.id])).get(invitation.id) ?? [];
  const { membership } = await addToTeam(
    trx,
    { churchId: invitation.church_id, departmentId: invitation.department_id, userId: user.id },
    { positions: positions.map((position) => position.id), actorId: user.id },
    now,
  );
  return { church_id: membership.church_id, department_id: membership.department_id, positions: membership.positions };
}

/** What the e-mail of a send says, read when it goes out; undefined when it is not to be sent (no longer pending, re-sent since). */
export async function invitationMessageFacts(db: Kysely<DB>, invitationId: number, token: string, now: Date) {
  const invitation = await findInvitationById(db, invitationId);
  if (!invitation || invitation.status !== 'pending') return undefined;
  if (invitation.token_hash !== hashInviteToken(token) || Date.parse(invitation.expires_at) <= now.getTime()) return undefined;
  const [{ church, department }, positions, inviter] = await Promise.all([
    findTeamNames(db, invitation.church_id, invitation.department_id),
    invitationPositions(db, [invitation.id]),
    invitation.invited_by === null ? undefined : db.selectFrom('users').select('name').where('id', '=', invitation.invited_by).executeTakeFirst(),
  ]);
  if (!church || !department) return undefined;
  return {
    name: invitation.name,
    email: invitation.email,
    church: church.name,
    department: department.name,
    positions: (positions.get(invitation.id) ?? []).map((position) => position.name),
    inviter: inviter?.name ?? null,
    expiresAt: new Date(invitation.expires_at).toISOString(),
  };
}
export type InvitationMessageFacts = NonNullable<Awaited<ReturnType<typeof invitationMessageFacts>>>;
