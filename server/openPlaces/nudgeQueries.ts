import type { Kysely, Transaction } from 'kysely';
import type { DB, Instant } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** The latest nudge of the event in any of these departments, if any. */
export async function lastNudge(db: Db, eventId: number, departmentIds: readonly number[]): Promise<Instant | undefined> {
  if (departmentIds.length === 0) return undefined;
  const row = await db
    .selectFrom('nudges')
    .select('sent_at')
    .where('event_id', '=', eventId)
    .where('department_id', 'in', [...departmentIds])
    .orderBy('sent_at', 'desc')
    .executeTakeFirst();
  return row?.sent_at;
}

export async function insertNudges(trx: Transaction<DB>, rows: ReadonlyArray<{ eventId: number; departmentId: number; sentBy: number; sentAt: Instant; notified: number }>): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('nudges')
    .values(rows.map((row) => ({ event_id: row.eventId, department_id: row.departmentId, sent_by: row.sentBy, sent_at: row.sentAt, notified: row.notified })))
    .execute();
}

export interface PendingAllocation {
  id: number;
  departmentId: number;
  department: string;
  member: { id: number; name: string };
  phone: string | null;
}

/** The event's allocations still waiting for an answer, of accounts in use. */
export async function pendingAllocations(db: Db, eventId: number): Promise<PendingAllocation[]> {
  const rows = await db
    .selectFrom('allocations')
    .innerJoin('users', 'users.id', 'allocations.member_id')
    .innerJoin('departments', 'departments.id', 'allocations.department_id')
    .leftJoin('notification_preferences', 'notification_preferences.user_id', 'allocations.member_id')
    .select(['allocations.id', 'allocations.department_id', 'departments.name as department', 'users.id as member_id', 'users.name as member_name', 'notification_preferences.phone'])
    .where('allocations.event_id', '=', eventId)
    .where('allocations.status', '=', 'pending')
    .where('users.deleted_at', 'is', null)
    .orderBy('departments.name')
    .orderBy('users.name')
    .orderBy('allocations.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    departmentId: row.department_id,
    department: row.department,
    member: { id: row.member_id, name: row.member_name },
    phone: row.phone ?? null,
  }));
}
