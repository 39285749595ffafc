import { z } from 'zod';
import { daysBetween, isDayKey } from '../days.ts';
import { MAX_RANGE_DAYS } from '../limits.ts';

export { MAX_RANGE_DAYS };

export const MAX_ID = 2147483647;

/** The years the product supports: every event, filter and blockout falls within them (both databases can store them). */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2999;

export const dayKeySchema = z
  .string()
  .refine(isDayKey, { message: 'Use uma data válida no formato aaaa-mm-dd.', abort: true })
  .refine((day) => Number(day.slice(0, 4)) >= MIN_YEAR && Number(day.slice(0, 4)) <= MAX_YEAR, {
    message: `Use uma data entre os anos ${MIN_YEAR} e ${MAX_YEAR}.`,
  });

/** A resource id as it appears in a path: a positive 32-bit integer written in plain digits. */
export const idParamSchema = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, { message: 'O identificador deve ser um número inteiro positivo.' })
  .transform(Number)
  .refine((id) => id <= MAX_ID, { message: 'O identificador está fora do intervalo permitido.' });

/** An id inside a JSON body. */
export const idSchema = z.number().int().min(1).max(MAX_ID);

/** Checks an inclusive `from`–`to` day range: both given, in order, at most `maxDays` long (a year unless told). */
export function checkDayRange(
  range: { from?: string | undefined; to?: string | undefined },
  ctx: z.RefinementCtx,
  maxDays: number = MAX_RANGE_DAYS,
): void {
  if (range.from === undefined || range.to === undefined) {
    ctx.addIssue({ code: 'custom', message: 'Informe from e to juntos.', path: [range.from ? 'to' : 'from'] });
    return;
  }
  const span = daysBetween(range.from, range.to);
  if (span < 0) {
    ctx.addIssue({ code: 'custom', message: 'A data final deve ser igual ou posterior à inicial.', path: ['to'] });
  } else if (span >= maxDays) {
    ctx.addIssue({ code: 'custom', message: `O intervalo pode ter no máximo ${maxDays} dias.`, path: ['to'] });
  }
}

/** `?from=&to=`, both required. */
export const dayRangeQuerySchema = z
  .strictObject({ from: dayKeySchema, to: dayKeySchema })
  .superRefine(checkDayRange);

export const apiErrorSchema = z.object({
  error: z.looseObject({ code: z.string(), message: z.string() }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
