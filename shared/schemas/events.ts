import { z } from 'zod';
import { checkDayRange, dayKeySchema } from './common.ts';

export const eventTypeRefSchema = z.object({ name: z.string() });

/** An event exactly as the specification reads it. */
export const eventSchema = z.object({
  id: z.number().int(),
  datetime: z.string(),
  event_types: eventTypeRefSchema.nullable(),
});
export type Event = z.infer<typeof eventSchema>;

export const eventListSchema = z.array(eventSchema);

/**
 * An event with its details (docs/product.md §8), as `?detail=full` reads it: the specification's keys plus the church
 * (null = the whole network), title, description, location (each null when not given), the end (ISO UTC;
 * start + 2 h when none was given) and the event's zone.
 */
export const eventDetailSchema = eventSchema.extend({
  church_id: z.number().int().nullable(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  location: z.string().nullable(),
  ends_at: z.string(),
  /**
   * The event's time zone (IANA, docs/product.md §12): its church's, or `APP_TIMEZONE` for a whole-network event.
   * Its wall-clock time and its day are read in this zone.
   */
  timezone: z.string(),
});
export type EventDetail = z.infer<typeof eventDetailSchema>;
export const eventDetailListSchema = z.array(eventDetailSchema);

/** How long an event lasts when it names no end. */
export const DEFAULT_EVENT_HOURS = 2;
/** The longest an event may last (a retreat): bounds the schedule-conflict look-back. */
export const MAX_EVENT_DAYS = 7;

/** `?detail=full`: the event reads answer with the details; without it, exactly the specification's keys. */
const detailParam = z.literal('full', { error: 'Use detail=full ou omita detail.' }).optional();

/** `GET /api/events/{id}`: nothing or `?detail=full`. */
export const eventReadQuerySchema = z.strictObject({ detail: detailParam });

/** `GET /api/events`: nothing, `?date=`, or `?from=&to=`. */
export const eventListQuerySchema = z
  .strictObject({
    date: dayKeySchema.optional(),
    from: dayKeySchema.optional(),
    to: dayKeySchema.optional(),
    detail: detailParam,
  })
  .superRefine((query, ctx) => {
    const hasRange = query.from !== undefined || query.to !== undefined;
    if (query.date !== undefined && hasRange) {
      ctx.addIssue({ code: 'custom', message: 'Use date ou from/to, não os dois.', path: ['date'] });
    } else if (hasRange) {
      checkDayRange(query, ctx);
    }
  });
export type EventListQuery = z.infer<typeof eventListQuerySchema>;
