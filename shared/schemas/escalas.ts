import { z } from 'zod';
import { idParamSchema, idSchema } from './common.ts';
import { emailSchema } from './auth.ts';
import { eventSchema } from './events.ts';
import { printableName } from './names.ts';

/** PostgreSQL cannot store a NUL, and half a surrogate pair is no text: both refused as malformed input. */
const withoutNul = (value: string) => !value.includes('\u0000') && !/\p{Cs}/u.test(value);
const NUL_MESSAGE = { message: 'O texto contém um caractere inválido.' };

export const departmentSchema = z.object({ id: z.number().int(), name: z.string() });
export type Department = z.infer<typeof departmentSchema>;
export const departmentListSchema = z.array(departmentSchema);

export const createDepartmentRequestSchema = z.strictObject({
  name: printableName('O nome do departamento')
    .trim()
    .min(1, { message: 'Informe o nome do departamento.' })
    .max(100, { message: 'O nome pode ter no máximo 100 caracteres.' })
    .refine(withoutNul, NUL_MESSAGE),
});
export type CreateDepartmentRequest = z.input<typeof createDepartmentRequestSchema>;

/** A position of a department (docs/product.md §8): Vocal, Bateria... */
export const positionRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type PositionRef = z.infer<typeof positionRefSchema>;

/**
 * A member as a leader sees them: `email` is null where the leader may not read it — a team leader reads the
 * e-mails of their teams' members only (docs/product.md §11); they find and allocate anyone else by name and id.
 */
export const memberSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable() });
export type Member = z.infer<typeof memberSchema>;
export const memberListSchema = z.array(memberSchema);
export const memberSearchQuerySchema = z.strictObject({ q: z.string().max(100).refine(withoutNul, NUL_MESSAGE).optional() });

/**
 * An allocation is an invitation (docs/product.md §6): `pending` until the member confirms or declines it; `covered`
 * once someone took the place through a cover request (§10) — it no longer counts anywhere.
 */
export const allocationStatusSchema = z.enum(['pending', 'confirmed', 'declined', 'covered']);
/** How an allocation came to be (docs/product.md §9): placed by a leader, published from a draft, signed up for, or a cover taken. */
export const allocationSourceSchema = z.enum(['manual', 'draft', 'signup', 'cover']);
export type AllocationSource = z.infer<typeof allocationSourceSchema>;
export type AllocationStatus = z.infer<typeof allocationStatusSchema>;

/** Where a cover request stands (docs/product.md §10). */
export const coverRequestStatusSchema = z.enum(['open', 'taken', 'withdrawn', 'expired']);
export type CoverRequestStatus = z.infer<typeof coverRequestStatusSchema>;
/** The allocation's latest cover request: the open one if any, else the last made; null when none was ever made. */
export const coverStateSchema = z.object({ id: z.number().int(), status: coverRequestStatusSchema });
export type CoverState = z.infer<typeof coverStateSchema>;

/** The delivery state of an allocation's last message. */
export const deliveryStateSchema = z.enum(['queued', 'sent', 'failed', 'opted_out']);
export type DeliveryState = z.infer<typeof deliveryStateSchema>;

/** The leader's view of an allocation (the allocated member's own answer returns it too). */
export const allocationSchema = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
  department: departmentSchema,
  member: memberSchema,
  created_at: z.string(),
  status: allocationStatusSchema,
  /** When the member last answered (ISO UTC); null while pending. */
  responded_at: z.string().nullable(),
  /** The member's note on a decline; null otherwise. */
  reason: z.string().nullable(),
  /**
   * How the last message about it went (docs/product.md §7): queued (a retried one stays queued), sent, failed after its
   * tries, or not sent because the member turned e-mail off; null when no message was ever queued.
   */
  delivery: deliveryStateSchema.nullable(),
  /** The position it fills (one of its department's); null when none was named. */
  position: positionRefSchema.nullable(),
  source: allocationSourceSchema,
  /** Its latest cover request (docs/product.md §10), or null. */
  cover: coverStateSchema.nullable(),
});
export type Allocation = z.infer<typeof allocationSchema>;
export const allocationListSchema = z.array(allocationSchema);

/** A department or a member may be named (name / email) or given by id. */
export const createAllocationRequestSchema = z.strictObject({
  department: z.union([idSchema, z.string().trim().min(1, { message: 'Informe o departamento.' }).max(100).refine(withoutNul, NUL_MESSAGE)]),
  member: z.union([idSchema, emailSchema]),
  /** A position of the department (id); 422 `unknown_position` for another department's or an unknown one. */
  position: idSchema.nullable().optional(),
  force: z.boolean().optional(),
});
export type CreateAllocationRequest = z.input<typeof createAllocationRequestSchema>;

export const scheduleConflictSchema = z.object({
  event: eventSchema,
  department: departmentSchema,
});
export type ScheduleConflict = z.infer<typeof scheduleConflictSchema>;

/** A day range a member blocked, as a leader sees it: never the member's note. */
export const blockedRangeSchema = z.object({ from: z.string(), to: z.string() });
export type BlockedRange = z.infer<typeof blockedRangeSchema>;

/** The body of `409 schedule_conflict`. */
export const scheduleConflictErrorSchema = z.object({
  error: z.object({ code: z.literal('schedule_conflict'), message: z.string(), conflicts: z.array(scheduleConflictSchema) }),
});
export type ScheduleConflictError = z.infer<typeof scheduleConflictErrorSchema>;

/** The body of `409 member_unavailable`: the member blocked the event's day (network timezone). */
export const memberUnavailableErrorSchema = z.object({
  error: z.object({ code: z.literal('member_unavailable'), message: z.string(), blockouts: z.array(blockedRangeSchema) }),
});
export type MemberUnavailableError = z.infer<typeof memberUnavailableErrorSchema>;

/** An event I serve at: the event's own keys plus where I serve. */
export const myEventSchema = eventSchema.extend({
  allocation_id: z.number().int(),
  department: departmentSchema,
  /** My answer; declined events stay listed. */
  status: allocationStatusSchema,
  responded_at: z.string().nullable(),
  /** The position I fill there, if the leader named one. */
  position: positionRefSchema.nullable(),
  /** The event's details (docs/product.md §8), null when not given. */
  title: z.string().nullable(),
  location: z.string().nullable(),
  /** When it ends (ISO UTC): its own end, or two hours after the start. */
  ends_at: z.string(),
  /** My latest request that someone take my place (docs/product.md §10), or null. */
  cover: coverStateSchema.nullable(),
  /** The event's zone (docs/product.md §12): its church's, or APP_TIMEZONE; its day and time are this zone's. */
  timezone: z.string(),
  /** The event's church; null for a whole-network event (docs/product.md §7: every service says which church). */
  church: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type MyEvent = z.infer<typeof myEventSchema>;
export const myEventListSchema = z.array(myEventSchema);

/** The personal feed's URL, or null until the member asks for one. */
export const calendarTokenResponseSchema = z.object({ url: z.string().nullable() });
export type CalendarTokenResponse = z.infer<typeof calendarTokenResponseSchema>;

/**
 * `GET /api/events/{id}/team`: who serves at an event, for a member allocated there (and leaders): names and
 * departments only, declined allocations left out, by department then name.
 */
export const teamMemberSchema = z.object({
  department: departmentSchema,
  member: z.object({ id: z.number().int(), name: z.string() }),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;
export const teamSchema = z.array(teamMemberSchema);

/**
 * `GET /api/events/{id}/candidates?q=` (leaders): the member search of `/api/members`, each member marked with
 * what a leader should know before allocating them at that event — already there, a blocked day (the ranges,
 * never the note), or other pending/confirmed services within the conflict window.
 */
export const memberCandidateSchema = memberSchema.extend({
  allocated: z.boolean(),
  blockouts: z.array(blockedRangeSchema),
  conflicts: z.array(scheduleConflictSchema),
  /**
   * With `?department_id=`: the member's place in the team of the event's church and that department (the
   * positions they can fill), or null when not on it. Team members come first. Always null without
   * `department_id` or for a whole-network event (no church, no team).
   */
  team: z.object({ leader: z.boolean(), positions: z.array(positionRefSchema) }).nullable(),
});
export type MemberCandidate = z.infer<typeof memberCandidateSchema>;
export const memberCandidateListSchema = z.array(memberCandidateSchema);

/** `GET /api/events/{id}/candidates?q=&department_id=`. */
export const candidateQuerySchema = z.strictObject({
  q: z.string().max(100).refine(withoutNul, NUL_MESSAGE).optional(),
  department_id: idParamSchema.optional(),
});
export type CandidateQuery = z.input<typeof candidateQuerySchema>;
