import { z } from 'zod';
import { RESPONSE_NOTE_MAX } from '../limits.ts';
import { coverRequestStatusSchema, departmentSchema, positionRefSchema } from './escalas.ts';
import { eventSchema } from './events.ts';

// ---------------------------------------------------------------------------------------------------------------
// Cover requests (docs/product.md §10): the allocated member asks someone of the team to take their place
// ---------------------------------------------------------------------------------------------------------------

export { coverRequestStatusSchema, type CoverRequestStatus } from './escalas.ts';

/** PostgreSQL cannot store a NUL, and half a surrogate pair is no text. */
const storable = (value: string) => !value.includes('\u0000') && !/\p{Cs}/u.test(value);

/** `POST /api/allocations/{id}/cover { note? }`: an optional note for the team's leaders (trimmed; empty is none). */
export const createCoverRequestSchema = z.strictObject({
  note: z
    .string()
    .trim()
    .max(RESPONSE_NOTE_MAX, { message: `Use no máximo ${RESPONSE_NOTE_MAX} caracteres.` })
    .refine(storable, { message: 'O texto contém um caractere inválido.' })
    .nullable()
    .optional()
    .transform((value) => (value ? value : null)),
});
export type CreateCoverRequest = z.input<typeof createCoverRequestSchema>;

/** The request as its requester sees it (the answer to `POST /api/allocations/{id}/cover`). */
export const coverRequestSchema = z.object({
  id: z.number().int(),
  allocation_id: z.number().int(),
  status: coverRequestStatusSchema,
  note: z.string().nullable(),
  created_at: z.string(),
});
export type CoverRequest = z.infer<typeof coverRequestSchema>;

/**
 * `GET /api/me/cover-requests`: an open request the caller may take — the place (event, department, position) and
 * who asked, by name only. `note` is null unless the caller may read it (a leader of that team, an admin).
 */
export const openCoverRequestSchema = coverRequestSchema.extend({
  /** `timezone`: the event's zone (docs/product.md §12), its church's or APP_TIMEZONE. */
  event: eventSchema.extend({ title: z.string().nullable(), timezone: z.string() }),
  department: departmentSchema,
  position: positionRefSchema.nullable(),
  requester: z.object({ id: z.number().int(), name: z.string() }),
});
export type OpenCoverRequest = z.infer<typeof openCoverRequestSchema>;
export const openCoverRequestListSchema = z.array(openCoverRequestSchema);

/** A person as the gap matrix names them: id and name, nothing else (docs/product.md §11). */
const personRefSchema = z.object({ id: z.number().int(), name: z.string() });

/**
 * `GET /api/escalas/healing?from&to` (leaders, within their teams; the range of the overview): what the escala did on
 * its own in the range — the cover requests still open (who asked, since when, whether the leaders were told) and
 * the places members took themselves, by cover or sign-up — for Lacunas to show beside its counts.
 */
export const escalaHealingSchema = z.object({
  cover_requests: z.array(
    z.object({
      id: z.number().int(),
      allocation_id: z.number().int(),
      created_at: z.string(),
      escalated: z.boolean(),
      member: personRefSchema,
      event_id: z.number().int(),
      department_id: z.number().int(),
      position_id: z.number().int().nullable(),
    }),
  ),
  filled: z.array(
    z.object({
      allocation_id: z.number().int(),
      source: z.enum(['cover', 'signup']),
      member: personRefSchema,
      event_id: z.number().int(),
      department_id: z.number().int(),
      position_id: z.number().int().nullable(),
    }),
  ),
});
export type EscalaHealing = z.infer<typeof escalaHealingSchema>;
