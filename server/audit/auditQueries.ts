import type { Kysely } from 'kysely';
import type { AuditAction } from '../../shared/schemas/audit.ts';
import type { DB, Instant } from '../db/schema.ts';

export interface AuditFilter {
  /** Entries at or after this instant. */
  since?: Instant | undefined;
  /** Entries before this instant. */
  until?: Instant | undefined;
  actorId?: number | undefined;
  subjectId?: number | undefined;
  action?: AuditAction | undefined;
  /** Entries older than this one (by id): the next page. */
  beforeId?: number | undefined;
  limit: number;
}

export interface AuditRow {
  id: number;
  at: Instant;
  actor_id: number | null;
  action: string;
  subject_id: number | null;
  details: string;
}

/**
 * The entries the filter keeps, newest first. Ids grow with time (entries are appended in the transaction of their
 * change), so `id` alone orders them and pages them.
 */
export async function listAuditEntries(db: Kysely<DB>, filter: AuditFilter): Promise<AuditRow[]> {
  let query = db.selectFrom('audit_log').select(['id', 'at', 'actor_id', 'action', 'subject_id', 'details']);
  if (filter.since !== undefined) query = query.where('at', '>=', filter.since);
  if (filter.until !== undefined) query = query.where('at', '<', filter.until);
  if (filter.actorId !== undefined) query = query.where('actor_id', '=', filter.actorId);
  if (filter.subjectId !== undefined) query = query.where('subject_id', '=', filter.subjectId);
  if (filter.action !== undefined) query = query.where('action', '=', filter.action);
  if (filter.beforeId !== undefined) query = query.where('id', '<', filter.beforeId);
  return query.orderBy('id', 'desc').limit(filter.limit).execute();
}
