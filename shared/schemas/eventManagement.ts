import { z } from 'zod';
import { dayKeySchema, idSchema, MAX_YEAR, MIN_YEAR } from './common.ts';
import { eventDetailSchema } from './events.ts';
import { printableName } from './names.ts';

// ---------------------------------------------------------------------------------------------------------------
// Event types
// ---------------------------------------------------------------------------------------------------------------

export const eventTypeSchema = z.object({ id: z.number().int(), name: z.string() });
export type EventType = z.infer<typeof eventTypeSchema>;
export const eventTypeListSchema = z.array(eventTypeSchema);

export const eventTypeNameSchema = printableName('O nome do tipo de evento')
  .transform((name) => name.normalize('NFC').trim().replace(/\s+/g, ' '))
  .pipe(
    z
      .string()
      .min(1, { message: 'Informe o nome do tipo de evento.' })
      .max(100, { message: 'O nome pode ter no máximo 100 caracteres.' }),
  );

export const createEventTypeRequestSchema = z.strictObject({ name: eventTypeNameSchema });
export type CreateEventTypeRequest = z.input<typeof createEventTypeRequestSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Date-times a leader types
// ---------------------------------------------------------------------------------------------------------------

/**
 * `2026-12-06T19:30`, `2026-12-06T19:30:00`, `2026-12-06T22:30:00.000Z` or `2026-12-06T19:30:00-03:00`.
 * Without `Z` or an offset the time is a wall-clock time in the event's zone: its church's, or the network's
 * (`APP_TIMEZONE`) for a whole-network event (docs/product.md §12).
 */
const EVENT_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|([+-])(\d{2}):(\d{2}))?$/;

export interface EventDateTimeParts {
  /** `yyyy-MM-dd`. */
  day: string;
  /** `HH:mm:ss.SSS`. */
  time: string;
  /** Minutes east of UTC when the text names an offset (`Z` is 0); null for a wall-clock time of the event's zone. */
  offsetMinutes: number | null;
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** Splits an event date-time into its parts; undefined when it is malformed or names an impossible date or time. */
export function parseEventDateTime(value: string): EventDateTimeParts | undefined {
  const match = EVENT_DATE_TIME.exec(value);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s = '0', ms = '0', zone, sign, oh, om] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (year < MIN_YEAR || year > MAX_YEAR || hour > 23 || minute > 59 || second > 59) return undefined;
  // Date.UTC rolls 30 February over into March: a round trip that changes the day means it does not exist.
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return undefined;
  let offsetMinutes: number | null = null;
  if (zone === 'Z') offsetMinutes = 0;
  else if (zone !== undefined) {
    if (Number(oh) > 18 || Number(om) > 59) return undefined;
    offsetMinutes = (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om));
  }
  return {
    day: `${y}-${mo}-${d}`,
    time: `${h}:${mi}:${pad(second)}.${pad(Number(ms.padEnd(3, '0')), 3)}`,
    offsetMinutes,
  };
}

export const eventDateTimeSchema = z.string().refine((value) => parseEventDateTime(value) !== undefined, {
  message: 'Use uma data e hora válidas, como 2026-12-06T19:30 (horário da igreja do evento) ou 2026-12-06T19:30:00-03:00.',
});

// ---------------------------------------------------------------------------------------------------------------
// Repeating events
// ---------------------------------------------------------------------------------------------------------------

export const MAX_OCCURRENCES = 200;
export const MAX_SERIES_YEARS = 2;

const repeatEnd = {
  /** The last day (the event's zone, inclusive) an occurrence may fall on. */
  until: dayKeySchema.optional(),
  /** How many occurrences, the first included. */
  count: z.number().int().min(1, { message: 'A repetição precisa de pelo menos 1 ocorrência.' }).optional(),
};

/** Every `interval` weeks on the weekday of the event's date. */
export const weeklyRepeatSchema = z.strictObject({
  freq: z.literal('weekly'),
  interval: z
    .number()
    .int()
    .min(1, { message: 'O intervalo deve ser de 1 a 4 semanas.' })
    .max(4, { message: 'O intervalo deve ser de 1 a 4 semanas.' })
    .default(1),
  ...repeatEnd,
});

/** Every month on the nth (1–4) or last (-1) weekday of the event's weekday: "3ª quarta-feira", "último domingo". */
export const monthlyRepeatSchema = z.strictObject({
  freq: z.literal('monthly'),
  nth: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(-1)], {
    error: 'Use 1, 2, 3, 4 ou -1 (a última do mês).',
  }),
  ...repeatEnd,
});

function checkRepeatEnd(rule: { until?: string | undefined; count?: number | undefined }, ctx: z.RefinementCtx): void {
  if (rule.until === undefined && rule.count === undefined) {
    ctx.addIssue({ code: 'custom', message: 'Informe até quando repetir (until) ou quantas vezes (count).', path: ['until'] });
  } else if (rule.until !== undefined && rule.count !== undefined) {
    ctx.addIssue({ code: 'custom', message: 'Use until ou count, não os dois.', path: ['count'] });
  }
}

/**
 * How an event repeats. The first occurrence is the first day on or after the event's date that fits the rule,
 * at the event's wall-clock time, which every occurrence keeps across daylight-saving changes.
 */
export const repeatRuleSchema = z
  .discriminatedUnion('freq', [weeklyRepeatSchema, monthlyRepeatSchema], {
    error: 'Use freq "weekly" ou "monthly".',
  })
  .superRefine(checkRepeatEnd);
export type RepeatRule = z.output<typeof repeatRuleSchema>;
export type RepeatRuleInput = z.input<typeof repeatRuleSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Requests and responses
// ---------------------------------------------------------------------------------------------------------------

/** PostgreSQL cannot store a NUL, and half a surrogate pair is no text: both refused as malformed input. */
const withoutNul = (value: string) => !value.includes('\u0000') && !/\p{Cs}/u.test(value);

/**
 * An optional text of an event: trimmed; blank or null = none. A one-line text (the title, the place) holds
 * nothing a name may not (names.ts); the description may have line breaks.
 */
const detailText = (max: number, label: string, { oneLine }: { oneLine: boolean }) =>
  (oneLine ? printableName(label) : z.string())
    .transform((text) => text.normalize('NFC').trim())
    .pipe(
      z
        .string()
        .refine((text) => [...text].length <= max, { message: `${label} pode ter no máximo ${max} caracteres.` })
        .refine(withoutNul, { message: 'O texto contém um caractere inválido.' }),
    )
    .transform((text) => (text === '' ? null : text))
    .nullable();

/**
 * The details of an event (docs/product.md §8), each optional on create and update. `church_id`: the church it belongs to
 * (null = the whole network; an unknown one is 422 `unknown_church`). `ends_at`: when it ends, written like
 * `datetime` (after it, at most MAX_EVENT_DAYS later; null = start + 2 h). In a series every occurrence lasts
 * as long as the first (or the one edited, with scope=following).
 */
export const eventDetailFields = {
  church_id: idSchema.nullable().optional(),
  title: detailText(200, 'O título', { oneLine: true }).optional(),
  description: detailText(2000, 'A descrição', { oneLine: false }).optional(),
  location: detailText(200, 'O local', { oneLine: true }).optional(),
  ends_at: eventDateTimeSchema.nullable().optional(),
};

export const createEventRequestSchema = z.strictObject({
  datetime: eventDateTimeSchema,
  event_type_id: idSchema.nullable(),
  repeat: repeatRuleSchema.optional(),
  ...eventDetailFields,
});
export type CreateEventRequest = z.input<typeof createEventRequestSchema>;

export const updateEventRequestSchema = z
  .strictObject({
    datetime: eventDateTimeSchema.optional(),
    event_type_id: idSchema.nullable().optional(),
    ...eventDetailFields,
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Informe ao menos um campo: datetime, event_type_id, church_id, title, description, location ou ends_at.',
  });
export type UpdateEventRequest = z.input<typeof updateEventRequestSchema>;

/** `one`: only this occurrence; `following`: this and the later occurrences of its series. */
export const eventScopeSchema = z.enum(['one', 'following'], { error: 'Use scope=one ou scope=following.' });
export type EventScope = z.infer<typeof eventScopeSchema>;

export const updateEventQuerySchema = z.strictObject({ scope: eventScopeSchema.default('one') });
export type UpdateEventQuery = z.input<typeof updateEventQuerySchema>;

export const deleteEventQuerySchema = z.strictObject({
  scope: eventScopeSchema.default('one'),
  confirm: z.enum(['true', 'false'], { error: 'Use confirm=true ou confirm=false.' }).default('false').transform((value) => value === 'true'),
});
export type DeleteEventQuery = z.input<typeof deleteEventQuerySchema>;

/**
 * An event as the management calls answer: the specification's keys, its details (as `?detail=full` reads them)
 * and its series (null when alone).
 */
export const managedEventSchema = eventDetailSchema.extend({ series_id: z.number().int().nullable() });
export type ManagedEvent = z.infer<typeof managedEventSchema>;
