import type { Kysely } from 'kysely';
import type { AuditAction, AuditDetails } from '../../shared/schemas/audit.ts';
import type { DB, Instant } from '../db/schema.ts';

export interface AuditEntry {
  /** Who did it; null: the portal itself. */
  actorId: number | null;
  action: AuditAction;
  /** Whom it concerns; null when no one person is. */
  subjectId: number | null;
  details?: AuditDetails;
  at: Instant;
}

/**
 * Appends entries to the audit log (docs/product.md §11). Pass the transaction of the change they record: they are
 * kept or rolled back with it. Details hold ids, names and codes only — never a password, token, reason or body.
 */
export async function recordAudit(db: Kysely<DB>, entries: AuditEntry | readonly AuditEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries as AuditEntry];
  if (list.length === 0) return;
  await db
    .insertInto('audit_log')
    .values(
      list.map((entry) => ({
        at: entry.at,
        actor_id: entry.actorId,
        action: entry.action,
        subject_id: entry.subjectId,
        details: JSON.stringify(entry.details ?? {}),
      })),
    )
    .execute();
}
