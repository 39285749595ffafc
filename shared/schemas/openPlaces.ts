import { z } from 'zod';
import { checkDayRange, dayKeySchema, idSchema } from './common.ts';
import { MAX_DRAFT_DAYS } from './drafts.ts';
import { departmentSchema, positionRefSchema } from './escalas.ts';
import { eventTypeRefSchema } from './events.ts';

/** `PATCH /api/teams/{churchId}/{departmentId}` (docs/product.md §10): may the team's members sign themselves up. */
export const teamSettingsPatchSchema = z.strictObject({ self_signup: z.boolean() });
export type TeamSettingsPatch = z.input<typeof teamSettingsPatchSchema>;

export const teamSettingsSchema = z.object({ church_id: z.number().int(), department_id: z.number().int(), self_signup: z.boolean() });
export type TeamSettings = z.infer<typeof teamSettingsSchema>;

/** The longest range of `GET /api/me/open-places`: a quarter, as a draft. */
export const MAX_OPEN_PLACES_DAYS = MAX_DRAFT_DAYS;

export const openPlacesQuerySchema = z.strictObject({ from: dayKeySchema, to: dayKeySchema }).superRefine((range, ctx) => checkDayRange(range, ctx, MAX_OPEN_PLACES_DAYS));

/**
 * A place the caller may take (docs/product.md §10): `open` people still missing; `sos` when a leader asked for it
 * (its note, if any) — an SOS opens it even when the team has no self sign-up.
 */
export const openPlaceSchema = z.object({
  event: z.object({
    id: z.number().int(),
    datetime: z.string(),
    ends_at: z.string(),
    church: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    event_types: eventTypeRefSchema.nullable(),
    /** The event's zone (docs/product.md §12): its church's, or APP_TIMEZONE. */
    timezone: z.string(),
  }),
  department: departmentSchema,
  position: positionRefSchema.nullable(),
  open: z.number().int(),
  sos: z.object({ note: z.string().nullable(), sent_at: z.string() }).nullable(),
});
export type OpenPlace = z.infer<typeof openPlaceSchema>;

/** `POST /api/events/{id}/signups`. */
export const signupRequestSchema = z.strictObject({ department_id: idSchema, position_id: idSchema.nullable().optional() });
export type SignupRequest = z.input<typeof signupRequestSchema>;

/** `POST /api/events/{id}/sos`. */
export const sosRequestSchema = z.strictObject({
  department_id: idSchema,
  position_id: idSchema.nullable().optional(),
  note: z.string().trim().max(500, 'A mensagem pode ter no máximo 500 caracteres.').nullable().optional(),
});
export type SosRequest = z.input<typeof sosRequestSchema>;

/** A text ready for WhatsApp and its wa.me link (docs/product.md §7). */
export const whatsappTextSchema = z.object({ text: z.string(), url: z.string() });

/** 202 of an SOS: how many people were e-mailed, and the text for the team's group. */
export const sosResponseSchema = z.object({ notified: z.number().int(), whatsapp: whatsappTextSchema });
export type SosResponse = z.infer<typeof sosResponseSchema>;

/**
 * `GET /api/events/{id}/nudge` and the answer of its POST: when the members still pending in the caller's
 * departments were last reminded, when they may be again, and (POST) how many were e-mailed now, with a wa.me link
 * per person with a phone.
 */
export const nudgeStateSchema = z.object({
  pending: z.number().int(),
  last_sent_at: z.string().nullable(),
  next_allowed_at: z.string().nullable(),
});
export type NudgeState = z.infer<typeof nudgeStateSchema>;

export const nudgeResponseSchema = nudgeStateSchema.extend({
  notified: z.number().int(),
  whatsapp: z.array(z.object({ member: z.object({ id: z.number().int(), name: z.string() }), url: z.string() })),
});
export type NudgeResponse = z.infer<typeof nudgeResponseSchema>;
