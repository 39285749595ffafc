import { z } from 'zod';
import { emailSchema } from './auth.ts';

/** Brazil's area codes (DDD): a mobile number is one of them, a 9, and eight digits. */
const AREA_CODES = new Set([
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43, 44, 45, 46, 47, 48, 49, 51, 53,
  54, 55, 61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77, 79, 81, 82, 83, 84, 85, 86, 87, 88, 89, 91, 92, 93, 94, 95, 96,
  97, 98, 99,
]);

export const PHONE_MESSAGE = 'Informe um celular brasileiro com DDD, por exemplo (11) 98765-4321.';

/**
 * A Brazilian mobile number as people write it — `(11) 98765-4321`, `11987654321`, `+55 11 98765-4321`,
 * `011 98765-4321` — in E.164 (`+5511987654321`); undefined when it is not one.
 */
export function brazilianMobile(input: string): string | undefined {
  if (!/^[\d\s().+-]{8,25}$/.test(input.trim())) return undefined;
  let digits = input.replace(/\D/g, '');
  if (input.trim().startsWith('+') || (digits.length === 13 && digits.startsWith('55'))) {
    if (!digits.startsWith('55')) return undefined;
    digits = digits.slice(2);
  } else if (digits.length === 12 && digits.startsWith('0')) {
    digits = digits.slice(1);
  }
  if (!/^\d{2}9\d{8}$/.test(digits) || !AREA_CODES.has(Number(digits.slice(0, 2)))) return undefined;
  return `+55${digits}`;
}

/** `+5511987654321` → `(11) 98765-4321`. */
export function formatBrazilianMobile(e164: string): string {
  const digits = e164.replace(/^\+55/, '');
  return `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`;
}

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
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** `PATCH /api/me/preferences`: either or both; an empty phone clears it. */
export const preferencesPatchSchema = z.strictObject({
  email_notifications: z.boolean().optional(),
  phone: phoneInput.nullable().optional(),
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
