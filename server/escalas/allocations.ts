import type { Kysely } from 'kysely';
import { dayKeyOf } from '../../shared/dayKey.ts';
import type { Allocation } from '../../shared/schemas/escalas.ts';
// The one edge from escalas to another resource (eslint/serverBoundaries.js): a blocked day refuses an allocation.
import { blockedRangesOn } from '../availability/blockoutQueries.ts';
import type { DB } from '../db/schema.ts';
import { requireScope, type LeaderScope } from '../http/leaderScope.ts';
import { enqueueMessage } from '../outbox/outboxQueries.ts';
import { blockedRangesSeenBy, type PersonalDataView } from '../policy/personalDataView.ts';
import { clashesSeenBy, findAllocation, findScheduleConflicts, insertAllocation, isAllocated } from './allocationQueries.ts';
import { findDepartment } from './departmentQueries.ts';
import { AlreadyAllocated, EventNotFound, MemberUnavailable, ScheduleConflict, UnknownDepartment, UnknownMember, UnknownPosition } from './errors.ts';
import { findEventStart } from './eventRows.ts';
import { findMember, lockMember } from './memberQueries.ts';
import { findPositionOf } from './positionQueries.ts';
import { newResponseToken } from './responseTokens.ts';

export interface AllocationContext {
  db: Kysely<DB>;
  leaderId: number;
  /** Where the leader may allocate (http/leaderScope.ts): the event's church and the department. */
  scope: LeaderScope;
  /** What the leader may read of the member (policy/personalDataView.ts): in the answer and in a refusal. */
  view: PersonalDataView;
  /** Services of one member closer than this (minutes, end to start) are a conflict unless forced. */
  bufferMinutes: number;
  /** The network timezone: a blockout's days are its days. */
  timeZone: string;
  now: Date;
}

export interface AllocationRequest {
  /** An id, or a name compared by its key. */
  department: number | string;
  /** An id or an email. */
  member: number | string;
  /** A position of the department (id), or none. */
  position?: number | null | undefined;
  force?: boolean | undefined;
}

/**
 * Places a member in a department at an event, `pending` until they answer. Unless `force`, refuses a day the
 * member blocked (`MemberUnavailable`, checked first: the member said so) and a clash with their other
 * pending or confirmed allocations (`ScheduleConflict`). A team leader allocates only in their team (the event's
 * church and the department: 403 elsewhere); a position must be one of the department's.
 */
export async function allocateMember(ctx: AllocationContext, eventId: number, input: AllocationRequest): Promise<Allocation | undefined> {
  const allocationId = await ctx.db.transaction().execute(async (trx) => {
    const event = await findEventStart(trx, eventId);
    if (!event) throw new EventNotFound();
    const department = await findDepartment(trx, input.department);
    if (!department) throw new UnknownDepartment();
    requireScope(ctx.scope, event.church_id, department.id);
    const position = input.position == null ? null : await findPositionOf(trx, department.id, input.position);
    if (position === undefined) throw new UnknownPosition();
    const member = await findMember(trx, input.member);
    if (!member) throw new UnknownMember();

    // One member's allocations are decided one at a time, so two leaders cannot both place them at clashing events.
    await lockMember(trx, member.id);
    if (await isAllocated(trx, eventId, member.id)) throw new AlreadyAllocated();
    if (!input.force) {
      const day = dayKeyOf(event.datetime, ctx.timeZone);
      const blockouts = await blockedRangesOn(trx, member.id, day);
      if (blockouts.length > 0) throw new MemberUnavailable(member.name, blockedRangesSeenBy(ctx.view, member.id, blockouts, day));
      const clashes = await findScheduleConflicts(trx, member.id, event, ctx.bufferMinutes);
      if (clashes.length > 0) throw new ScheduleConflict(member.name, ctx.bufferMinutes, clashesSeenBy(ctx.view, member.id, clashes));
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
      position_id: position?.id ?? null,
    });
    if (id === undefined) throw new AlreadyAllocated();
    // The invitation (docs/product.md §7) is queued with the allocation: both are stored, or neither.
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
  return findAllocation(ctx.db, allocationId, ctx.view);
}
