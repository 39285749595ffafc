import type { Kysely } from 'kysely';
import type { AllocationAnswer, TokenAllocation } from '../../shared/schemas/responses.ts';
import { eventTimeZone } from '../../shared/timeZones.ts';
import type { DB } from '../db/schema.ts';
// The one edge from responses to another resource (eslint/serverBoundaries.js): escalas owns the allocations
// and their tokens; responses records the answers.
import { hashResponseToken, recordAnswer, RESPONSE_TOKEN } from '../escalas/public.ts';
import { queueDeclineNotice } from './declineNotice.ts';
import { AllocationCovered, AllocationNotFound, EventStarted, NotYourAllocation, ResponseLinkNotFound } from './errors.ts';
import { findAnswerTarget, lockAnswerTarget, type AnswerTarget, type AnswerTargetRef } from './responseQueries.ts';

export interface AnswerContext {
  db: Kysely<DB>;
  now: Date;
  /** APP_TIMEZONE: the zone of a whole-network event, and of a church without one of its own (docs/product.md §12). */
  timeZone: string;
}

export interface Answer {
  answer: AllocationAnswer;
  /** The note of a decline (null for a confirmation). */
  reason: string | null;
}

/** Answers are taken while the event is ahead: from its start on, the allocation stays as it is. */
const hasStarted = (target: AnswerTarget, now: Date) => Date.parse(target.event.datetime) <= now.getTime();

const tokenView = (target: AnswerTarget, networkZone: string): TokenAllocation => ({
  id: target.id,
  status: target.status,
  event: { ...target.event, timezone: eventTimeZone(target.church_timezone, networkZone) },
  department: target.department,
});

/**
 * Records an answer on the allocation the `check` accepts. Saying the same thing again changes nothing
 * (`responded_at` keeps the first time it was said). `changed` tells whether the answer is new.
 */
async function answer(
  ctx: AnswerContext,
  ref: AnswerTargetRef,
  check: (target: AnswerTarget | undefined) => AnswerTarget,
  { answer: status, reason }: Answer,
): Promise<{ target: AnswerTarget; changed: boolean }> {
  return ctx.db.transaction().execute(async (trx) => {
    const target = check(await lockAnswerTarget(trx, ref));
    if (target.status === 'covered') throw new AllocationCovered();
    const kept = status === 'declined' ? reason : null;
    if (target.status === status && target.reason === kept) return { target, changed: false };
    await recordAnswer(trx, target.id, { status, reason: kept, respondedAt: ctx.now.toISOString() });
    if (status === 'declined' && target.status !== 'declined') await queueDeclineNotice(trx, target.id, kept, ctx.now);
    return { target: { ...target, status, reason: kept }, changed: true };
  });
}

/** The signed-in member answers their own allocation; returns its id. */
export async function answerAsMember(ctx: AnswerContext, memberId: number, allocationId: number, input: Answer): Promise<number> {
  const check = (target: AnswerTarget | undefined) => {
    if (!target) throw new AllocationNotFound();
    if (target.member_id !== memberId) throw new NotYourAllocation();
    if (hasStarted(target, ctx.now)) throw new EventStarted();
    return target;
  };
  return (await answer(ctx, { id: allocationId }, check, input)).target.id;
}

/** The allocation of an e-mailed token, while it is valid; an unknown or expired token is `ResponseLinkNotFound`. */
function tokenRef(token: string): AnswerTargetRef {
  // Anything that is not shaped like one of our tokens cannot be one: not looked up.
  if (!RESPONSE_TOKEN.test(token)) throw new ResponseLinkNotFound();
  return { tokenHash: hashResponseToken(token) };
}

function checkToken(now: Date) {
  return (target: AnswerTarget | undefined) => {
    if (!target || hasStarted(target, now)) throw new ResponseLinkNotFound();
    return target;
  };
}

/** What the link shows before the member answers. Reads only: mail scanners follow links. */
export async function readByToken(ctx: AnswerContext, token: string): Promise<TokenAllocation> {
  return tokenView(checkToken(ctx.now)(await findAnswerTarget(ctx.db, tokenRef(token))), ctx.timeZone);
}

export async function answerByToken(ctx: AnswerContext, token: string, input: Answer): Promise<TokenAllocation> {
  return tokenView((await answer(ctx, tokenRef(token), checkToken(ctx.now), input)).target, ctx.timeZone);
}
