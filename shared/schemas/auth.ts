import { z } from 'zod';
import { inviteTokenSchema } from './inviteToken.ts';
import { printableName } from './names.ts';

export const ROLES = ['member', 'leader', 'admin'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
});
export type User = z.infer<typeof userSchema>;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, { message: 'O email pode ter no máximo 254 caracteres.' })
  .pipe(z.email({ message: 'Informe um e-mail válido.' }));

export const NAME_MAX = 100;

/** Control characters (NUL, which PostgreSQL cannot store, among them) and lone surrogates (broken UTF-16). */
const CONTROL_OR_BROKEN = /[\p{Cc}\p{Cs}]/u;

/**
 * 1–100 characters after trimming, counted as Unicode characters (as PostgreSQL's varchar(100) counts them),
 * so `🙏` is one character, not two UTF-16 units; nothing a name may not hold (names.ts).
 */
export const nameSchema = printableName('O nome')
  .trim()
  .min(1, { message: 'Informe seu nome.' })
  .refine((name) => [...name].length <= NAME_MAX, { message: `O nome pode ter no máximo ${NAME_MAX} caracteres.`, abort: true })
  .refine((name) => !CONTROL_OR_BROKEN.test(name), { message: 'O nome não pode ter caracteres de controle.' });

/** The length rule is checked by the API as 422 `weak_password`, so the schema only asks for a string. */
const passwordInput = z.string().max(10_000);

/**
 * `invite`: a team's invitation link token — the new account joins that team in the same step; `invitation`: the token
 * of an e-mail invitation, whose address must be `email` (docs/product.md §13).
 */
export const registerRequestSchema = z.strictObject({
  name: nameSchema,
  email: emailSchema,
  password: passwordInput,
  invite: inviteTokenSchema.optional(),
  invitation: inviteTokenSchema.optional(),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const loginRequestSchema = z.strictObject({ email: emailSchema, password: passwordInput });
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const passwordChangeRequestSchema = z.strictObject({ current: passwordInput, new: passwordInput });
export type PasswordChangeRequest = z.input<typeof passwordChangeRequestSchema>;

export const userResponseSchema = z.object({ user: userSchema });
export const meResponseSchema = z.object({ user: userSchema.nullable() });
export type MeResponse = z.infer<typeof meResponseSchema>;
