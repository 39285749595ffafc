import { z } from 'zod';
import { daysBetween } from '../days.ts';
import { dayKeySchema, idSchema } from './common.ts';
import { departmentSchema, positionRefSchema } from './escalas.ts';
import { eventTypeRefSchema } from './events.ts';

/** How long a draft may be (docs/product.md §9): about a quarter. */
export const MAX_DRAFT_DAYS = 92;

/** `POST /api/escalas/drafts`. */
export const createDraftRequestSchema = z
  .strictObject({ from: dayKeySchema, to: dayKeySchema, church_id: idSchema.optional(), department_id: idSchema.optional() })
  .superRefine((range, ctx) => {
    const span = daysBetween(range.from, range.to);
    if (span < 0) ctx.addIssue({ code: 'custom', message: 'A data final deve ser igual ou posterior à inicial.', path: ['to'] });
    else if (span >= MAX_DRAFT_DAYS) ctx.addIssue({ code: 'custom', message: `Um rascunho cobre no máximo ${MAX_DRAFT_DAYS} dias.`, path: ['to'] });
  });
export type CreateDraftRequest = z.input<typeof createDraftRequestSchema>;

/** `PUT /api/escalas/drafts/{id}/places/{placeId}`: the person for the place, or none. */
export const putDraftPlaceRequestSchema = z.strictObject({ user_id: idSchema.nullable() });

/** Why this person, or why nobody: a code and a pt-BR sentence a leader reads as it is. */
export const draftReasonSchema = z.object({ code: z.string(), message: z.string() });
export type DraftReason = z.infer<typeof draftReasonSchema>;

export const draftPlaceSchema = z.object({
  id: z.number().int(),
  event: z.object({
    id: z.number().int(),
    datetime: z.string(),
    ends_at: z.string(),
    church_id: z.number().int().nullable(),
    event_types: eventTypeRefSchema.nullable(),
    /** The event's zone (docs/product.md §12): its church's, or APP_TIMEZONE. */
    timezone: z.string(),
  }),
  department: departmentSchema,
  position: positionRefSchema.nullable(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  reasons: z.array(draftReasonSchema),
});
export type DraftPlace = z.infer<typeof draftPlaceSchema>;

export const draftSchema = z.object({
  id: z.number().int(),
  status: z.enum(['open', 'published', 'discarded']),
  from: z.string(),
  to: z.string(),
  church_id: z.number().int().nullable(),
  department_id: z.number().int().nullable(),
  created_at: z.string(),
  places: z.array(draftPlaceSchema),
  summary: z.object({ places: z.number().int(), filled: z.number().int(), empty: z.number().int(), people: z.number().int(), max_load: z.number().int() }),
});
export type Draft = z.infer<typeof draftSchema>;

/** `POST /api/escalas/drafts/{id}/publish`. */
export const publishDraftResponseSchema = z.object({
  created: z.array(z.number().int()),
  skipped: z.array(z.object({ place_id: z.number().int(), code: z.string(), message: z.string() })),
});
export type PublishDraftResponse = z.infer<typeof publishDraftResponseSchema>;

/**
 * `GET /api/escalas/drafts/{id}/places/{placeId}/candidates` (the author): the team's eligible people for the place
 * (other than the one proposed), with their load in the range counting the draft's picks, the days since they last
 * served (null: never), and the rule that keeps each one away now, if any.
 */
export const draftCandidateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  load: z.number().int(),
  last_served_days: z.number().int().nullable(),
  refusal: draftReasonSchema.nullable(),
});
export type DraftCandidate = z.infer<typeof draftCandidateSchema>;
