import type { Kysely } from 'kysely';
import type { AllocationStatus, DB, Instant } from '../db/schema.ts';

/** Everything the messages of the notifications resource read when they are written: SQL only. */

export interface Recipient {
  id: number;
  name: string;
  email: string;
  /** False when the member turned e-mail off. */
  emailOn: boolean;
}

export async function findRecipient(db: Kysely<DB>, userId: number): Promise<Recipient | undefined> {
  return (await findRecipients(db, [userId])).get(userId);
}

/** The recipients of several messages at once (those who are no longer recipients are left out). */
export async function findRecipients(db: Kysely<DB>, userIds: readonly number[]): Promise<Map<number, Recipient>> {
  const rows = await db
    .selectFrom('users')
    .leftJoin('notification_preferences', 'notification_preferences.user_id', 'users.id')
    .select(['users.id', 'users.name', 'users.email', 'notification_preferences.email_opted_out_at'])
    .where('users.id', 'in', [...new Set(userIds)])
    // A removed account (docs/product.md §11) receives nothing: its address is a placeholder.
    .where('users.deleted_at', 'is', null)
    .execute();
  return new Map(rows.map((row) => [row.id, { id: row.id, name: row.name, email: row.email, emailOn: row.email_opted_out_at === null }]));
}

/** An allocation as its messages describe it. */
export interface AllocationFacts {
  id: number;
  status: AllocationStatus;
  reason: string | null;
  member: { id: number; name: string };
  department: string;
  /** The position the allocation fills; null when none was named. */
  position: string | null;
  /** The event's church; null for a whole-network event. */
  church: { id: number; name: string } | null;
  departmentId: number;
  /**
   * `ends_at`: its own end, or null (two hours); `sequence`: its revision, the SEQUENCE of its .ics; `zone`: its
   * church's own zone, null for the network's (docs/product.md §12).
   */
  event: { id: number; datetime: Instant; type: string | null; ends_at: Instant | null; sequence: number; zone: string | null };
  /** Who allocated them (null: nobody known). */
  leader: { id: number; name: string } | null;
}

/** The columns of an allocation's facts (FactsRow). */
const FACT_COLUMNS = [
  'allocations.id',
  'allocations.status',
  'allocations.reason',
  'member.id as member_id',
  'member.name as member_name',
  'departments.name as department',
  'events.id as event_id',
  'events.datetime',
  'events.ends_at',
  'events.sequence',
  'event_types.name as type',
  'leader.id as leader_id',
  'leader.name as leader_name',
  'churches.timezone as zone',
  'churches.id as church_id',
  'churches.name as church',
  'allocations.department_id',
  'positions.name as position',
] as const;

function selectFacts(db: Kysely<DB>) {
  return db
    .selectFrom('allocations')
    .innerJoin('events', 'events.id', 'allocations.event_id')
    .leftJoin('event_types', 'event_types.id', 'events.event_type_id')
    .innerJoin('departments', 'departments.id', 'allocations.department_id')
    .innerJoin('users as member', 'member.id', 'allocations.member_id')
    .leftJoin('users as leader', 'leader.id', 'allocations.allocated_by')
    .leftJoin('churches', 'churches.id', 'events.church_id')
    .leftJoin('positions', 'positions.id', 'allocations.position_id')
    .select(FACT_COLUMNS);
}

type FactsRow = {
  id: number;
  status: AllocationStatus;
  reason: string | null;
  member_id: number;
  member_name: string;
  department: string;
  event_id: number;
  datetime: Instant;
  ends_at: Instant | null;
  sequence: number;
  type: string | null;
  leader_id: number | null;
  leader_name: string | null;
  zone: string | null;
  church_id: number | null;
  church: string | null;
  department_id: number;
  position: string | null;
};

const toFacts = (row: FactsRow): AllocationFacts => ({
  id: row.id,
  status: row.status,
  reason: row.reason,
  member: { id: row.member_id, name: row.member_name },
  department: row.department,
  position: row.position,
  church: row.church_id === null || row.church === null ? null : { id: row.church_id, name: row.church },
  departmentId: row.department_id,
  event: { id: row.event_id, datetime: row.datetime, type: row.type, ends_at: row.ends_at, sequence: row.sequence, zone: row.zone },
  leader: row.leader_id === null || row.leader_name === null ? null : { id: row.leader_id, name: row.leader_name },
});

export async function findAllocationFacts(db: Kysely<DB>, allocationId: number): Promise<AllocationFacts | undefined> {
  const row = await selectFacts(db).where('allocations.id', '=', allocationId).executeTakeFirst();
  return row && toFacts(row);
}

/** An allocation a message names, with the event time the reminder was for. */
export type LinkedAllocation = AllocationFacts & { eventAt: Instant | null };

/** The allocations a message names (through outbox_allocations), with the event time each reminder was for. */
export async function linkedAllocations(db: Kysely<DB>, outboxId: number): Promise<LinkedAllocation[]> {
  return (await linkedAllocationsOf(db, [outboxId])).get(outboxId) ?? [];
}

/** linkedAllocations of several messages in one query: outbox id → its allocations, by event time. */
export async function linkedAllocationsOf(db: Kysely<DB>, outboxIds: readonly number[]): Promise<Map<number, LinkedAllocation[]>> {
  // From outbox_allocations first: PostgreSQL searches the join order of the first eight tables only
  // (join_collapse_limit), and with this join ninth it joined every allocation before keeping the message's
  // (about 5 ms a message instead of under 1: tests/bench/outboxDrain.ts).
  const rows = await db
    .selectFrom('outbox_allocations')
    .innerJoin('allocations', 'allocations.id', 'outbox_allocations.allocation_id')
    .innerJoin('events', 'events.id', 'allocations.event_id')
    .leftJoin('event_types', 'event_types.id', 'events.event_type_id')
    .innerJoin('departments', 'departments.id', 'allocations.department_id')
    .innerJoin('users as member', 'member.id', 'allocations.member_id')
    .leftJoin('users as leader', 'leader.id', 'allocations.allocated_by')
    .leftJoin('churches', 'churches.id', 'events.church_id')
    .leftJoin('positions', 'positions.id', 'allocations.position_id')
    .select(FACT_COLUMNS)
    .select(['outbox_allocations.outbox_id', 'outbox_allocations.event_at'])
    .where('outbox_allocations.outbox_id', 'in', [...new Set(outboxIds)])
    .orderBy('events.datetime')
    .orderBy('allocations.id')
    .execute();
  const linked = new Map<number, LinkedAllocation[]>();
  for (const row of rows) {
    const list = linked.get(row.outbox_id) ?? [];
    list.push({ ...toFacts(row), eventAt: row.event_at });
    linked.set(row.outbox_id, list);
  }
  return linked;
}

/** The allocations of an event, for the WhatsApp texts: people by department, then name. */
export async function eventAllocations(db: Kysely<DB>, eventId: number): Promise<Array<AllocationFacts & { phone: string | null }>> {
  const rows = await selectFacts(db)
    .leftJoin('notification_preferences', 'notification_preferences.user_id', 'allocations.member_id')
    .select('notification_preferences.phone')
    .where('allocations.event_id', '=', eventId)
    .where('allocations.status', '!=', 'covered')
    .orderBy('departments.name')
    .orderBy('member.name')
    .orderBy('allocations.id')
    .execute();
  return rows.map((row) => ({ ...toFacts(row), phone: row.phone }));
}

export async function findEvent(
  db: Kysely<DB>,
  eventId: number,
): Promise<{ id: number; datetime: Instant; type: string | null; church_id: number | null; church: string | null; zone: string | null } | undefined> {
  const row = await db
    .selectFrom('events')
    .leftJoin('event_types', 'event_types.id', 'events.event_type_id')
    .leftJoin('churches', 'churches.id', 'events.church_id')
    .select(['events.id', 'events.datetime', 'event_types.name as type', 'events.church_id', 'churches.name as church', 'churches.timezone as zone'])
    .where('events.id', '=', eventId)
    .executeTakeFirst();
  return row && { id: row.id, datetime: row.datetime, type: row.type, church_id: row.church_id, church: row.church, zone: row.zone };
}

/** Whether a password reset link is still unused and unexpired. */
export async function resetLinkIsOpen(db: Kysely<DB>, tokenHash: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('password_resets')
    .select('token_hash')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row !== undefined;
}
