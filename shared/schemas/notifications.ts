import { z } from 'zod';
import { brazilianMobile, PHONE_MESSAGE } from '../phone.ts';
import { emailSchema } from './auth.ts';

const phoneInput = z
  .string()
  .max(40, { message: PHONE_MESSAGE })
  .transform((value, ctx) => {
    if (value.trim() === '') return null;
    const phone = brazilianMobile(value);
    if (phone === undefined) {
      ctx.addIssue({ code: 'custom', message: PHONE_MESSAGE });
      return z.NEVER;
    }
    return phone;
  });

/** `GET /api/me/preferences`: whether e-mail reaches me, and my mobile (E.164) for WhatsApp links. */
export const preferencesSchema = z.object({
  email_notifications: z.boolean(),
  phone: z.string().nullable(),
  /** At most this many services a month (docs/product.md §9: the escala draft keeps it); null: no limit. */
  max_services_per_month: z.number().int().nullable(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** `PATCH /api/me/preferences`: either or both; an empty phone clears it. */
export const preferencesPatchSchema = z.strictObject({
  email_notifications: z.boolean().optional(),
  phone: phoneInput.nullable().optional(),
  max_services_per_month: z
    .number({ error: 'Informe um número de 1 a 31, ou nenhum limite.' })
    .int({ error: 'Informe um número inteiro de 1 a 31.' })
    .min(1, { error: 'O limite é de pelo menos 1 escala por mês.' })
    .max(31, { error: 'O limite é de no máximo 31 escalas por mês.' })
    .nullable()
    .optional(),
});
export type PreferencesPatch = z.input<typeof preferencesPatchSchema>;

/** `POST /api/auth/password-reset`. */
export const passwordResetRequestSchema = z.strictObject({ email: emailSchema });
export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;

/** `POST /api/auth/password-reset/{token}`: the rules (length, not a common password) are checked as 422. */
export const passwordResetSchema = z.strictObject({ password: z.string().max(10_000) });
export type PasswordReset = z.input<typeof passwordResetSchema>;

/** The secret of a reset link: 32 random bytes, base64url. */
export const PASSWORD_RESET_TOKEN = /^[\w-]{43}$/;

/**
 * `GET /api/events/{id}/whatsapp` (leaders): "Compartilhar no WhatsApp" links — the event's escala as text for
 * any chat, and for each allocated member with a phone, their invitation sent to their number.
 */
export const whatsappLinksSchema = z.object({
  escala: z.object({ text: z.string(), url: z.string() }),
  members: z.array(z.object({ allocation_id: z.number().int(), member: z.object({ id: z.number().int(), name: z.string() }), url: z.string() })),
});
export type WhatsappLinks = z.infer<typeof whatsappLinksSchema>;
