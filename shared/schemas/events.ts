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

/** `GET /api/events`: nothing, `?date=`, or `?from=&to=`. */
export const eventListQuerySchema = z
  .strictObject({
    date: dayKeySchema.optional(),
    from: dayKeySchema.optional(),
    to: dayKeySchema.optional(),
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
