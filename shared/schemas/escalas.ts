import { z } from 'zod';
import { idSchema } from './common.ts';
import { emailSchema } from './auth.ts';
import { eventSchema } from './events.ts';

/** PostgreSQL cannot store a NUL, and half a surrogate pair is no text: both refused as malformed input. */
const withoutNul = (value: string) => !value.includes('\u0000') && !/\p{Cs}/u.test(value);
const NUL_MESSAGE = { message: 'O texto contém um caractere inválido.' };

export const departmentSchema = z.object({ id: z.number().int(), name: z.string() });
export type Department = z.infer<typeof departmentSchema>;
export const departmentListSchema = z.array(departmentSchema);

export const createDepartmentRequestSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, { message: 'Informe o nome do departamento.' })
    .max(100, { message: 'O nome pode ter no máximo 100 caracteres.' })
    .refine(withoutNul, NUL_MESSAGE),
});
export type CreateDepartmentRequest = z.input<typeof createDepartmentRequestSchema>;

export const memberSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export type Member = z.infer<typeof memberSchema>;
export const memberListSchema = z.array(memberSchema);
export const memberSearchQuerySchema = z.strictObject({ q: z.string().max(100).refine(withoutNul, NUL_MESSAGE).optional() });

export const allocationSchema = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
  department: departmentSchema,
  member: memberSchema,
  created_at: z.string(),
});
export type Allocation = z.infer<typeof allocationSchema>;
export const allocationListSchema = z.array(allocationSchema);

/** A department or a member may be named (name / email) or given by id. */
export const createAllocationRequestSchema = z.strictObject({
  department: z.union([idSchema, z.string().trim().min(1, { message: 'Informe o departamento.' }).max(100).refine(withoutNul, NUL_MESSAGE)]),
  member: z.union([idSchema, emailSchema]),
  force: z.boolean().optional(),
});
export type CreateAllocationRequest = z.input<typeof createAllocationRequestSchema>;

export const scheduleConflictSchema = z.object({
  event: eventSchema,
  department: departmentSchema,
});
export type ScheduleConflict = z.infer<typeof scheduleConflictSchema>;

/** An event I serve at: the event's own keys plus where I serve. */
export const myEventSchema = eventSchema.extend({
  allocation_id: z.number().int(),
  department: departmentSchema,
});
export type MyEvent = z.infer<typeof myEventSchema>;
export const myEventListSchema = z.array(myEventSchema);

/** The personal feed's URL, or null until the member asks for one. */
export const calendarTokenResponseSchema = z.object({ url: z.string().nullable() });
export type CalendarTokenResponse = z.infer<typeof calendarTokenResponseSchema>;
