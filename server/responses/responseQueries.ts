import type { Kysely, Transaction } from 'kysely';
import type { Event } from '../../shared/schemas/events.ts';
import type { TokenAllocation } from '../../shared/schemas/responses.ts';
import { dialectOf } from '../db/dialect.ts';
import type { AllocationStatus, DB, Instant } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * An allocation as answering needs it: whose it is, when its event starts, and what it shows a token holder (its
 * event's church's own zone: null for the network's, docs/product.md §12).
 */
export interface AnswerTarget extends Omit<TokenAllocation, 'event'> {
  event: Event;
  church_timezone: string | null;
  member_id: number;
  reason: string | null;
}

function selectTargets(db: Db) {
  return db
    .selectFrom('allocations')
    .innerJoin('events', 'events.id', 'allocations.event_id')
    .leftJoin('event_types', 'event_types.id', 'events.event_type_id')
    .innerJoin('departments', 'departments.id', 'allocations.department_id')
    .leftJoin('churches', 'churches.id', 'events.church_id')
    .select([
      'allocations.id',
      'allocations.member_id',
      'allocations.status',
      'allocations.reason',
      'events.id as event_id',
      'events.datetime',
      'event_types.name as type_name',
      'departments.id as department_id',
      'departments.name as department_name',
      'churches.timezone as church_timezone',
    ]);
}

type TargetRow = {
  id: number;
  member_id: number;
  status: AllocationStatus;
  reason: string | null;
  event_id: number;
  datetime: Instant;
  type_name: string | null;
  department_id: number;
  department_name: string;
  church_timezone: string | null;
};

function toTarget(row: TargetRow): AnswerTarget {
  return {
    id: row.id,
    member_id: row.member_id,
    status: row.status,
    reason: row.reason,
    event: { id: row.event_id, datetime: row.datetime, event_types: row.type_name === null ? null : { name: row.type_name } },
    department: { id: row.department_id, name: row.department_name },
    church_timezone: row.church_timezone,
  };
}

/** Which allocation: by id (a signed-in member) or by the hash of an e-mailed token. */
export type AnswerTargetRef = { id: number } | { tokenHash: string };

function byRef(db: Db, ref: AnswerTargetRef) {
  const query = selectTargets(db);
  return 'id' in ref ? query.where('allocations.id', '=', ref.id) : query.where('allocations.response_token_hash', '=', ref.tokenHash);
}

export async function findAnswerTarget(db: Db, ref: AnswerTargetRef): Promise<AnswerTarget | undefined> {
  const row = await byRef(db, ref).executeTakeFirst();
  return row && toTarget(row);
}

/**
 * `findAnswerTarget` inside the transaction that records the answer. On PostgreSQL it first takes a share lock
 * on the event's row, so an answer and a move of the event (which updates that row, then resets confirmed
 * answers) run one after the other, and the answer sees the time it is given for; then it locks the
 * allocation's row against another answer. Events before allocations: the order of the event commands, so
 * the two never wait for each other in a circle. SQLite runs one write transaction at a time already.
 */
export async function lockAnswerTarget(trx: Transaction<DB>, ref: AnswerTargetRef): Promise<AnswerTarget | undefined> {
  if (dialectOf(trx) !== 'postgres') return findAnswerTarget(trx, ref);
  const seen = await findAnswerTarget(trx, ref);
  if (!seen) return undefined;
  await trx.selectFrom('events').select('id').where('id', '=', seen.event.id).forShare().execute();
  const row = await byRef(trx, { id: seen.id }).forNoKeyUpdate('allocations').executeTakeFirst();
  return row && toTarget(row);
}
