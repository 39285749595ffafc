import type { Kysely, Transaction } from 'kysely';
import type { AuditAction, AuditDetails } from '../../shared/schemas/audit.ts';
import type { DB, Instant } from '../db/schema.ts';

export interface AuditEntryAbout {
  id: number;
  at: Instant;
  action: AuditAction;
  /** Who did it, by name; null: the portal itself, or no one known. */
  actor: { id: number; name: string } | null;
  details: AuditDetails;
}

/** The audit log's entries whose subject is the person, oldest first (their data export, docs/product.md §11). */
export async function auditEntriesAbout(db: Kysely<DB> | Transaction<DB>, userId: number): Promise<AuditEntryAbout[]> {
  const rows = await db
    .selectFrom('audit_log')
    .leftJoin('users as actor', 'actor.id', 'audit_log.actor_id')
    .select(['audit_log.id', 'audit_log.at', 'audit_log.action', 'audit_log.details', 'actor.id as actor_id', 'actor.name as actor_name'])
    .where('audit_log.subject_id', '=', userId)
    .orderBy('audit_log.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    at: row.at,
    action: row.action as AuditAction,
    actor: row.actor_id === null || row.actor_name === null ? null : { id: row.actor_id, name: row.actor_name },
    details: JSON.parse(row.details) as AuditDetails,
  }));
}
