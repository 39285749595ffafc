import type { Kysely } from 'kysely';
import { dayKeyOf } from '../../shared/dayKey.ts';
import type { Allocation } from '../../shared/schemas/escalas.ts';
// The one edge from escalas to another resource (eslint/serverBoundaries.js): a blocked day refuses an allocation.
import { blockedRangesOn } from '../availability/blockoutQueries.ts';
import type { DB } from '../db/schema.ts';
import { enqueueMessage } from '../outbox/outboxQueries.ts';
import { findAllocation, findScheduleConflicts, insertAllocation, isAllocated } from './allocationQueries.ts';
import { findDepartment } from './departmentQueries.ts';
import { AlreadyAllocated, EventNotFound, MemberUnavailable, ScheduleConflict, UnknownDepartment, UnknownMember } from './errors.ts';
import { findEventStart } from './eventRows.ts';
import { findMember, lockMember } from './memberQueries.ts';
import { newResponseToken } from './responseTokens.ts';

export interface AllocationContext {
  db: Kysely<DB>;
  leaderId: number;
  /** Allocations of one member closer than this (hours) are a conflict unless forced. */
  conflictHours: number;
  /** The network timezone: a blockout's days are its days. */
  timeZone: string;
  now: Date;
}

export interface AllocationRequest {
  /** An id, or a name compared by its key. */
  department: number | string;
  /** An id or an email. */
  member: number | string;
  force?: boolean | undefined;
}

/**
 * Places a member in a department at an event, `pending` until they answer. Unless `force`, refuses a day the
 * member blocked (`MemberUnavailable`, checked first: the member said so) and a clash with their other
 * pending or confirmed allocations (`ScheduleConflict`).
 */
export async function allocateMember(ctx: AllocationContext, eventId: number, input: AllocationRequest): Promise<Allocation | undefined> {
  const allocationId = await ctx.db.transaction().execute(async (trx) => {
    const event = await findEventStart(trx, eventId);
    if (!event) throw new EventNotFound();
    const department = await findDepartment(trx, input.department);
    if (!department) throw new UnknownDepartment();
    const member = await findMember(trx, input.member);
    if (!member) throw new UnknownMember();

    // One member's allocations are decided one at a time, so two leaders cannot both place them at clashing events.
    await lockMember(trx, member.id);
    if (await isAllocated(trx, eventId, member.id)) throw new AlreadyAllocated();
    if (!input.force) {
      const blockouts = await blockedRangesOn(trx, member.id, dayKeyOf(event.datetime, ctx.timeZone));
      if (blockouts.length > 0) throw new MemberUnavailable(member.name, blockouts);
      const conflicts = await findScheduleConflicts(trx, member.id, eventId, event.datetime, ctx.conflictHours);
      if (conflicts.length > 0) throw new ScheduleConflict(member.name, ctx.conflictHours, conflicts);
    }
    // Every allocation has its answer token from the start; the raw token exists only in its invitation.
    const answerToken = newResponseToken();
    const id = await insertAllocation(trx, {
      event_id: eventId,
      department_id: department.id,
      member_id: member.id,
      allocated_by: ctx.leaderId,
      created_at: ctx.now.toISOString(),
      response_token_hash: answerToken.hash,
    });
    if (id === undefined) throw new AlreadyAllocated();
    // The invitation (PRODUCT §7) is queued with the allocation: both are stored, or neither.
    await enqueueMessage(trx, {
      kind: 'invitation',
      key: `invitation:${id}`,
      recipientId: member.id,
      payload: { allocation_id: id, secret: answerToken.token },
      now: ctx.now,
      allocationIds: [id],
    });
    return id;
  });
  return findAllocation(ctx.db, allocationId);
}
