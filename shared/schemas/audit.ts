import { z } from 'zod';
import { dayKeySchema, idParamSchema } from './common.ts';

/** What the audit log records (docs/product.md §11). */
export const AUDIT_ACTIONS = [
  'role_changed',
  'team_member_added',
  'team_member_changed',
  'team_member_removed',
  'allocation_created',
  'allocation_removed',
  'draft_published',
  'cover_taken',
  'data_exported',
  'account_deleted',
  'password_reset',
  'password_changed',
  'team_import',
] as const;
export const auditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditActionSchema>;

/**
 * An entry's details: ids, names and codes (a list of ids, e.g. `position_ids`). Never a password, token, reason
 * text or message body.
 */
export const auditDetailsSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.number())]));
export type AuditDetails = z.infer<typeof auditDetailsSchema>;

/** How many entries one page may hold, and how many when not said. */
export const AUDIT_PAGE_MAX = 200;
export const AUDIT_PAGE_DEFAULT = 50;

const limitSchema = z
  .string()
  .regex(/^\d{1,4}$/, { message: `O limite deve ser um número inteiro entre 1 e ${AUDIT_PAGE_MAX}.` })
  .transform(Number)
  .refine((limit) => limit >= 1 && limit <= AUDIT_PAGE_MAX, { message: `O limite deve ser um número inteiro entre 1 e ${AUDIT_PAGE_MAX}.` });

/**
 * `GET /api/audit?from&to&actor_id&subject_id&action&before&limit`: `from`/`to` are days of the portal's zone
 * (inclusive, either alone); `before` an entry id (the page after the one that ended with it).
 */
export const auditQuerySchema = z
  .strictObject({
    from: dayKeySchema.optional(),
    to: dayKeySchema.optional(),
    actor_id: idParamSchema.optional(),
    subject_id: idParamSchema.optional(),
    action: z.enum(AUDIT_ACTIONS, { message: 'Ação desconhecida.' }).optional(),
    before: idParamSchema.optional(),
    limit: limitSchema.optional(),
  })
  .refine((query) => query.from === undefined || query.to === undefined || query.from <= query.to, {
    message: 'A data final deve ser igual ou posterior à inicial.',
    path: ['to'],
  });
export type AuditQuery = z.input<typeof auditQuerySchema>;

const auditPersonSchema = z.strictObject({ id: z.number().int(), name: z.string() });

export const auditEntrySchema = z.strictObject({
  id: z.number().int(),
  at: z.string(),
  actor: auditPersonSchema.nullable(),
  action: auditActionSchema,
  subject: auditPersonSchema.nullable(),
  details: auditDetailsSchema,
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;
export const auditListSchema = z.array(auditEntrySchema);
