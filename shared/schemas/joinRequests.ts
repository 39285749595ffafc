import { z } from 'zod';
import { idSchema } from './common.ts';
import { departmentSchema, positionRefSchema } from './escalas.ts';
import { noteSchema } from './responses.ts';

// ---------------------------------------------------------------------------------------------------------------
// Join requests (docs/product.md §13): a member asks to serve in a team; its leaders approve or decline
// ---------------------------------------------------------------------------------------------------------------

export const joinRequestStatusSchema = z.enum(['pending', 'approved', 'declined']);
export type JoinRequestStatus = z.infer<typeof joinRequestStatusSchema>;

/** Positions of the team's department (may be empty: the member does not know yet); duplicates are ignored. */
const positionIds = z
  .array(idSchema)
  .max(50, { message: 'Informe no máximo 50 funções.' })
  .transform((ids) => [...new Set(ids)]);

/** `POST /api/me/join-requests`: "Quero servir" — the team (church + department), the positions, a note for the leaders. */
export const createJoinRequestSchema = z.strictObject({
  church_id: idSchema,
  department_id: idSchema,
  positions: positionIds,
  note: noteSchema,
});
export type CreateJoinRequest = z.input<typeof createJoinRequestSchema>;

/** The answer to the create: 201 `{ id, status: "pending" }`. */
export const createdJoinRequestSchema = z.strictObject({ id: z.number().int(), status: z.literal('pending') });
export type CreatedJoinRequest = z.infer<typeof createdJoinRequestSchema>;

/** `POST /api/join-requests/{id}/approve { positions }`: the positions the member joins with (the leader's choice). */
export const approveJoinRequestSchema = z.strictObject({ positions: positionIds });
export type ApproveJoinRequest = z.input<typeof approveJoinRequestSchema>;

/** `POST /api/join-requests/{id}/decline { reason? }`: the member reads the reason. */
export const declineJoinRequestSchema = z.strictObject({ reason: noteSchema });
export type DeclineJoinRequest = z.input<typeof declineJoinRequestSchema>;

const teamRefs = {
  church: z.object({ id: z.number().int(), name: z.string() }),
  department: departmentSchema,
};

/**
 * One of my requests (`GET /api/me/join-requests`, newest first): the team by name, the positions asked (by name),
 * my note, the state, and once decided, when and — declined — the leaders' reason.
 */
export const myJoinRequestSchema = z.object({
  id: z.number().int(),
  ...teamRefs,
  positions: z.array(positionRefSchema),
  note: z.string().nullable(),
  status: joinRequestStatusSchema,
  reason: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type MyJoinRequest = z.infer<typeof myJoinRequestSchema>;
export const myJoinRequestListSchema = z.array(myJoinRequestSchema);

/**
 * A request as the team's leaders see it (`GET /api/teams/{c}/{d}/join-requests`, `GET /api/join-requests`, the
 * decline's answer): who asks (name and e-mail, given to that team's leaders by asking), the team, the positions
 * asked, the note, the state.
 */
export const teamJoinRequestSchema = myJoinRequestSchema.extend({
  member: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
});
export type TeamJoinRequest = z.infer<typeof teamJoinRequestSchema>;
export const teamJoinRequestListSchema = z.array(teamJoinRequestSchema);

/** `?status=` of the leaders' lists: the requests in that state; pending when not said. */
export const joinRequestListQuerySchema = z.strictObject({ status: joinRequestStatusSchema.optional() });
export type JoinRequestListQuery = z.input<typeof joinRequestListQuerySchema>;
