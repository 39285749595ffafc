import { z } from 'zod';

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
] as const;
export const auditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditActionSchema>;

/** An entry's details: ids, names, codes. Never a password, token, reason text or message body. */
export const auditDetailsSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type AuditDetails = z.infer<typeof auditDetailsSchema>;
