import { z } from 'zod';
import { checkDayRange, dayKeySchema, idParamSchema, idSchema } from './common.ts';
import { MAX_DRAFT_DAYS } from './drafts.ts';
import { departmentSchema, positionRefSchema } from './escalas.ts';
import { eventTypeRefSchema } from './events.ts';

/**
 * Needs per event and the leader's gap matrix (docs/product.md §8). The schemas only; server/needs/ implements them.
 */

// ---------------------------------------------------------------------------------------------------------------
// PUT /api/events/{id}/needs[?scope=one|following]
// ---------------------------------------------------------------------------------------------------------------

export const MAX_NEED_COUNT = 99;

/** One need: how many people of a department (and position, or null = anyone of it) the event needs. */
export const needSchema = z.strictObject({
  department_id: idSchema,
  position_id: idSchema.nullable(),
  count: z
    .number()
    .int({ message: 'A quantidade deve ser um número inteiro.' })
    .min(0, { message: 'A quantidade não pode ser negativa.' })
    .max(MAX_NEED_COUNT, { message: `A quantidade pode ser no máximo ${MAX_NEED_COUNT}.` }),
});
export type Need = z.infer<typeof needSchema>;

/**
 * The body: replaces the needs of the departments it names (count 0 removes one); others stay. A department and
 * position (or "anyone", null) named twice is refused: which count would win?
 */
export const putNeedsRequestSchema = z
  .array(needSchema)
  .max(200, { message: 'Informe no máximo 200 necessidades.' })
  .superRefine((needs, ctx) => {
    const seen = new Set<string>();
    needs.forEach((need, index) => {
      const key = `${need.department_id}:${need.position_id ?? ''}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: 'Esta função aparece mais de uma vez.', path: [index, 'position_id'] });
      seen.add(key);
    });
  });
export type PutNeedsRequest = z.input<typeof putNeedsRequestSchema>;

/**
 * One need as `GET /api/events/{id}/needs` and the PUT answer it (by department name, then position name with
 * the department's "anyone" row first); a team leader gets only their departments'.
 */
export const eventNeedSchema = z.object({
  department: departmentSchema,
  position: positionRefSchema.nullable(),
  count: z.number().int(),
});
export type EventNeed = z.infer<typeof eventNeedSchema>;
export const eventNeedListSchema = z.array(eventNeedSchema);

/** `one`: this occurrence only; `following`: this and the later occurrences of its series. */
export const needsScopeQuerySchema = z.strictObject({
  scope: z.enum(['one', 'following'], { error: 'Use scope=one ou scope=following.' }).default('one'),
});

// ---------------------------------------------------------------------------------------------------------------
// GET /api/escalas/overview?from&to[&church_id][&department_id]
// ---------------------------------------------------------------------------------------------------------------

/** Without from/to: today and the next 8 weeks (network timezone). */
export { OVERVIEW_DEFAULT_WEEKS } from '../limits.ts';

/**
 * The longest range the matrix answers (docs/product.md §8): a quarter, as a draft may cover — the screen shows
 * 8 weeks, and a year of a large network was tens of megabytes of JSON held in memory at once.
 */
export const MAX_OVERVIEW_DAYS = MAX_DRAFT_DAYS;

export const overviewQuerySchema = z
  .strictObject({
    from: dayKeySchema.optional(),
    to: dayKeySchema.optional(),
    church_id: idParamSchema.optional(),
    department_id: idParamSchema.optional(),
  })
  .superRefine((query, ctx) => {
    if (query.from !== undefined || query.to !== undefined) checkDayRange(query, ctx, MAX_OVERVIEW_DAYS);
  });
export type OverviewQuery = z.input<typeof overviewQuerySchema>;

/** One cell row: a department and position of an event, what it needs and what the allocations answered. */
export const overviewNeedSchema = z.object({
  department: departmentSchema,
  position: positionRefSchema.nullable(),
  needed: z.number().int(),
  pending: z.number().int(),
  confirmed: z.number().int(),
  declined: z.number().int(),
});
export type OverviewNeed = z.infer<typeof overviewNeedSchema>;

export const overviewEventSchema = z.object({
  event: z.object({
    id: z.number().int(),
    datetime: z.string(),
    event_types: eventTypeRefSchema.nullable(),
    church_id: z.number().int().nullable(),
    /** The event's zone (docs/product.md §12): its church's, or APP_TIMEZONE; its day in the matrix is this zone's. */
    timezone: z.string(),
  }),
  needs: z.array(overviewNeedSchema),
});
export type OverviewEvent = z.infer<typeof overviewEventSchema>;
/** docs/product.md §8 (§12 adds the event's `timezone`): `[{ event: { id, datetime, event_types, church_id, timezone }, needs: [...] }]`, by datetime then id. */
export const overviewSchema = z.array(overviewEventSchema);
export type Overview = z.infer<typeof overviewSchema>;
