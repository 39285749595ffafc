import { z } from 'zod';
import { checkDayRange, dayKeySchema } from './common.ts';
import { allocationStatusSchema, departmentSchema } from './escalas.ts';
import { eventSchema } from './events.ts';
import { RESPONSE_NOTE_MAX } from '../limits.ts';

export { RESPONSE_NOTE_MAX };

// ---------------------------------------------------------------------------------------------------------------
// Answers (docs/product.md §6): the allocated member confirms or declines, signed in or through an e-mailed token
// ---------------------------------------------------------------------------------------------------------------

/** PostgreSQL cannot store a NUL, and half a surrogate pair is no text. */
const storable = (value: string) => !value.includes('\u0000') && !/\p{Cs}/u.test(value);

/** Optional free text: trimmed; empty or null is "no note" (answers, blockouts, join requests' notes and reasons). */
export const noteSchema = z
  .string()
  .trim()
  .max(RESPONSE_NOTE_MAX, { message: `Use no máximo ${RESPONSE_NOTE_MAX} caracteres.` })
  .refine(storable, { message: 'O texto contém um caractere inválido.' })
  .nullable()
  .optional()
  .transform((value) => (value ? value : null));

export const allocationAnswerSchema = z.enum(['confirmed', 'declined']);
export type AllocationAnswer = z.infer<typeof allocationAnswerSchema>;

/**
 * `POST /api/allocations/{id}/response` and `POST /api/responses/{token}`. A reason goes with a decline only
 * (an empty one is none); a member may answer again, the other way, until the event starts.
 */
export const answerRequestSchema = z
  .strictObject({ answer: allocationAnswerSchema, reason: noteSchema })
  .superRefine((request, ctx) => {
    if (request.answer === 'confirmed' && request.reason !== null) {
      ctx.addIssue({ code: 'custom', message: 'O motivo acompanha apenas uma recusa.', path: ['reason'] });
    }
  });
export type AnswerRequest = z.input<typeof answerRequestSchema>;

/** What a token holder sees and answers: the allocation's event and department, and its current answer. */
export const tokenAllocationSchema = z.object({
  id: z.number().int(),
  status: allocationStatusSchema,
  /** `timezone`: the event's zone (docs/product.md §12), its church's or APP_TIMEZONE. */
  event: eventSchema.extend({ timezone: z.string() }),
  department: departmentSchema,
});
export type TokenAllocation = z.infer<typeof tokenAllocationSchema>;

/** `GET` and `POST /api/responses/{token}`. */
export const tokenResponseSchema = z.object({ allocation: tokenAllocationSchema });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Availability: the day ranges a member cannot serve (`/api/me/blockouts`)
// ---------------------------------------------------------------------------------------------------------------

/** A blockout as its owner sees it: network-timezone day keys, both included; the note is the owner's only. */
export const blockoutSchema = z.object({
  id: z.number().int(),
  from: z.string(),
  to: z.string(),
  note: z.string().nullable(),
});
export type Blockout = z.infer<typeof blockoutSchema>;
export const blockoutListSchema = z.array(blockoutSchema);

/** `POST /api/me/blockouts`: from ≤ to, at most 366 days counted inclusively (`from = to` is one day). */
export const createBlockoutRequestSchema = z
  .strictObject({ from: dayKeySchema, to: dayKeySchema, note: noteSchema })
  .superRefine(checkDayRange);
export type CreateBlockoutRequest = z.input<typeof createBlockoutRequestSchema>;
