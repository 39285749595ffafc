import { z } from 'zod';
import { INVITE_LINK_DEFAULT_DAYS, INVITE_LINK_MAX_DAYS } from '../inviteLink.ts';
import { emailSchema, nameSchema } from './auth.ts';
import { idSchema } from './common.ts';
import { departmentSchema, positionRefSchema } from './escalas.ts';

// ---------------------------------------------------------------------------------------------------------------
// Getting people into a team (docs/product.md §13): invitation links and e-mail invitations
// ---------------------------------------------------------------------------------------------------------------

/** How many people one `POST …/invitations` may invite. */
export const INVITATIONS_MAX_PEOPLE = 200;
/** How long an e-mail invitation's personal link works (a re-send makes a new one). */
export const INVITATION_VALID_DAYS = 30;
/** An e-mail invitation is sent again at most once in this time. */
export const INVITATION_RESEND_MINUTES = 60;

const positionIds = z
  .array(idSchema)
  .max(50, { message: 'Informe no máximo 50 funções.' })
  .transform((ids) => [...new Set(ids)]);

/** `POST /api/teams/{churchId}/{departmentId}/invite-links`. */
export const createInviteLinkSchema = z.strictObject({
  positions: positionIds,
  expires_in_days: z
    .number()
    .int({ message: 'Informe um número inteiro de dias.' })
    .min(1, { message: 'O link vale no mínimo 1 dia.' })
    .max(INVITE_LINK_MAX_DAYS, { message: `O link vale no máximo ${INVITE_LINK_MAX_DAYS} dias.` })
    .default(INVITE_LINK_DEFAULT_DAYS),
  max_uses: z
    .number()
    .int({ message: 'Informe um número inteiro de usos.' })
    .min(1, { message: 'O limite de usos é no mínimo 1.' })
    .max(100_000, { message: 'O limite de usos é no máximo 100000.' })
    .nullable()
    .default(null),
});
export type CreateInviteLink = z.input<typeof createInviteLinkSchema>;

/** The answer to the POST: the only place the raw token (in `url`) ever appears. */
export const createdInviteLinkSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  positions: z.array(positionRefSchema),
  expires_at: z.string(),
  max_uses: z.number().int().nullable(),
  uses: z.number().int(),
});
export type CreatedInviteLink = z.infer<typeof createdInviteLinkSchema>;

export const inviteLinkStateSchema = z.enum(['active', 'expired', 'revoked', 'used_up']);
export type InviteLinkState = z.infer<typeof inviteLinkStateSchema>;

/** A link as `GET …/invite-links` lists them (newest first; no token): its state and who joined through it. */
export const inviteLinkSchema = z.object({
  id: z.number().int(),
  positions: z.array(positionRefSchema),
  expires_at: z.string(),
  max_uses: z.number().int().nullable(),
  uses: z.number().int(),
  state: inviteLinkStateSchema,
  created_at: z.string(),
  revoked_at: z.string().nullable(),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  joined: z.array(z.object({ id: z.number().int(), name: z.string(), joined_at: z.string() })),
});
export type InviteLink = z.infer<typeof inviteLinkSchema>;
export const inviteLinkListSchema = z.array(inviteLinkSchema);

const teamRef = { church: z.object({ id: z.number().int(), name: z.string() }), department: departmentSchema };

/** `GET /api/invite-links/{token}` (anyone): what the link grants. */
export const inviteLinkPreviewSchema = z.object({ ...teamRef, positions: z.array(positionRefSchema), expires_at: z.string() });
export type InviteLinkPreview = z.infer<typeof inviteLinkPreviewSchema>;

/** The membership a join (by link or e-mail invitation) leaves: the team and all the member's positions in it. */
export const joinedTeamSchema = z.object({ church_id: z.number().int(), department_id: z.number().int(), positions: z.array(positionRefSchema) });
export type JoinedTeam = z.infer<typeof joinedTeamSchema>;

/** One person to invite: a name and an e-mail address. */
export const invitedPersonSchema = z.strictObject({ name: nameSchema, email: emailSchema });
export type InvitedPerson = z.infer<typeof invitedPersonSchema>;

/** `POST /api/teams/{churchId}/{departmentId}/invitations`. */
export const createInvitationsSchema = z.strictObject({
  people: z
    .array(invitedPersonSchema)
    .min(1, { message: 'Informe ao menos uma pessoa.' })
    .max(INVITATIONS_MAX_PEOPLE, { message: `Convide no máximo ${INVITATIONS_MAX_PEOPLE} pessoas de uma vez.` }),
  positions: positionIds,
});
export type CreateInvitations = z.input<typeof createInvitationsSchema>;

export const invitationStatusSchema = z.enum(['pending', 'accepted', 'cancelled']);
export type InvitationStatus = z.infer<typeof invitationStatusSchema>;

/** The POST's answer, one per person (an address with a pending invitation to the team keeps that one). */
export const createdInvitationSchema = z.object({ id: z.number().int(), email: z.string(), status: invitationStatusSchema });
export type CreatedInvitation = z.infer<typeof createdInvitationSchema>;
export const createdInvitationListSchema = z.array(createdInvitationSchema);

/** An invitation as `GET …/invitations` lists them (pending first, then newest). */
export const invitationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  positions: z.array(positionRefSchema),
  status: invitationStatusSchema,
  created_at: z.string(),
  /** The last time it was sent; `POST …/resend` works again an hour later. */
  sent_at: z.string(),
  expires_at: z.string(),
  closed_at: z.string().nullable(),
  invited_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationListSchema = z.array(invitationSchema);

/** `GET /api/email-invitations/{token}` (the link's holder): what it grants and for which address. */
export const emailInvitationPreviewSchema = z.object({
  ...teamRef,
  positions: z.array(positionRefSchema),
  name: z.string(),
  email: z.string(),
  expires_at: z.string(),
  /** Whether an account has the address: the page offers to sign in instead of registering. */
  has_account: z.boolean(),
});
export type EmailInvitationPreview = z.infer<typeof emailInvitationPreviewSchema>;
