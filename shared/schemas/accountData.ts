import { z } from 'zod';
import { auditActionSchema, auditDetailsSchema } from './audit.ts';
import { roleSchema } from './auth.ts';
import { coverRequestStatusSchema } from './escalas.ts';
import { myJoinRequestSchema } from './joinRequests.ts';
import { myTeamSchema } from './network.ts';
import { preferencesSchema } from './notifications.ts';

// What a person takes and how they leave (docs/product.md §11): `GET /api/me/export`, `DELETE /api/me`, and the
// admin's `GET /api/users/{id}/export`, `DELETE /api/users/{id}`.

/** `DELETE /api/me { password }`: the password is asked again (a wrong one is 401 `invalid_credentials`). */
export const deleteAccountRequestSchema = z.strictObject({
  password: z.string({ error: 'Informe sua senha.' }).min(1, { message: 'Informe sua senha.' }).max(10_000),
});
export type DeleteAccountRequest = z.input<typeof deleteAccountRequestSchema>;

const named = z.strictObject({ id: z.number().int(), name: z.string() });

/** One of my places in an escala, with my answer and my reason: only names of what it is about, no other person. */
export const exportedAllocationSchema = z.strictObject({
  id: z.number().int(),
  event: z.strictObject({
    id: z.number().int(),
    datetime: z.string(),
    /** The event type's name, or null. */
    type: z.string().nullable(),
    title: z.string().nullable(),
    church: named.nullable(),
  }),
  department: named,
  position: named.nullable(),
  status: z.enum(['pending', 'confirmed', 'declined', 'covered']),
  /** How the place came to be: `manual`, `draft`, `signup` (I signed up), `cover`. */
  source: z.enum(['manual', 'draft', 'signup', 'cover']),
  /** My reason, when I declined. */
  reason: z.string().nullable(),
  created_at: z.string(),
  responded_at: z.string().nullable(),
});
export type ExportedAllocation = z.infer<typeof exportedAllocationSchema>;

export const accountExportSchema = z.strictObject({
  exported_at: z.string(),
  account: z.strictObject({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    role: roleSchema,
    created_at: z.string(),
    /** Set when the account was removed (an admin exporting what is left of it). */
    deleted_at: z.string().nullable(),
  }),
  preferences: preferencesSchema,
  teams: z.array(myTeamSchema),
  allocations: z.array(exportedAllocationSchema),
  blockouts: z.array(z.strictObject({ id: z.number().int(), from: z.string(), to: z.string(), note: z.string().nullable(), created_at: z.string() })),
  /** The cover requests I made (docs/product.md §10), with my notes. */
  cover_requests: z.array(
    z.strictObject({
      id: z.number().int(),
      allocation_id: z.number().int(),
      status: coverRequestStatusSchema,
      note: z.string().nullable(),
      created_at: z.string(),
      escalated_at: z.string().nullable(),
      closed_at: z.string().nullable(),
    }),
  ),
  /** The places I signed up for myself: the allocations whose `source` is `signup`. */
  signups: z.array(exportedAllocationSchema),
  /** My requests to serve in a team (docs/product.md §13), with my notes and the leaders' reasons. */
  join_requests: z.array(myJoinRequestSchema),
  /** The open sessions: when each began and was last used (never its token). */
  sessions: z.array(z.strictObject({ created_at: z.string(), last_used_at: z.string() })),
  /** The browsers recognised for my account (they are not slowed by strangers' failed sign-ins). */
  devices: z.array(z.strictObject({ created_at: z.string(), last_used_at: z.string() })),
  /** Whether I have a personal calendar feed, and since when (never its link). */
  calendar_feed: z.strictObject({ created_at: z.string() }).nullable(),
  /** The e-mails sent or to be sent to me: what kind, when and how it went (never their text). */
  messages: z.array(
    z.strictObject({ id: z.number().int(), kind: z.string(), status: z.string(), created_at: z.string(), sent_at: z.string().nullable() }),
  ),
  /** The audit log's entries about me. */
  audit: z.array(z.strictObject({ id: z.number().int(), at: z.string(), action: auditActionSchema, actor: named.nullable(), details: auditDetailsSchema })),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
