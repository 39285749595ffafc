import type { Kysely, Transaction } from 'kysely';
import type { ExportedAllocation } from '../../shared/schemas/accountData.ts';
import type { DB } from '../db/schema.ts';
import { enqueueMessage } from '../outbox/outboxQueries.ts';
import { eraseDeclineReasons } from '../outbox/recipientMessages.ts';

type Db = Kysely<DB> | Transaction<DB>;

function selectMemberAllocations(db: Db, memberId: number) {
  return db
    .selectFrom('allocations')
    .innerJoin('events', 'events.id', 'allocations.event_id')
    .leftJoin('event_types', 'event_types.id', 'events.event_type_id')
    .leftJoin('churches', 'churches.id', 'events.church_id')
    .innerJoin('departments', 'departments.id', 'allocations.department_id')
    .leftJoin('positions', 'positions.id', 'allocations.position_id')
    .select([
      'allocations.id',
      'allocations.status',
      'allocations.source',
      'allocations.reason',
      'allocations.created_at',
      'allocations.responded_at',
      'allocations.allocated_by',
      'events.id as event_id',
      'events.datetime',
      'events.title',
      'events.church_id',
      'event_types.name as type',
      'churches.name as church_name',
      'departments.id as department_id',
      'departments.name as department_name',
      'positions.id as position_id',
      'positions.name as position_name',
    ])
    .where('allocations.member_id', '=', memberId)
    .orderBy('events.datetime')
    .orderBy('allocations.id');
}

/** Every place of the member, past and future, with their answers and reasons (their data export, docs/product.md §11). */
export async function allocationsOfMember(db: Db, memberId: number): Promise<ExportedAllocation[]> {
  const rows = await selectMemberAllocations(db, memberId).execute();
  return rows.map((row) => ({
    id: row.id,
    event: {
      id: row.event_id,
      datetime: row.datetime,
      type: row.type,
      title: row.title,
      church: row.church_id === null || row.church_name === null ? null : { id: row.church_id, name: row.church_name },
    },
    department: { id: row.department_id, name: row.department_name },
    position: row.position_id === null || row.position_name === null ? null : { id: row.position_id, name: row.position_name },
    status: row.status,
    source: row.source,
    reason: row.reason,
    created_at: row.created_at,
    responded_at: row.responded_at,
  }));
}

/** A place a removed account left, as the leaders' notice tells it (the allocation is gone when it is sent). */
export interface ReopenedPlace {
  event_id: number;
  datetime: string;
  type: string | null;
  department: string;
  position: string | null;
}

export interface ReleasedPlaces {
  /** Allocations of events still to start, removed. */
  removed: number;
  /** Of them, those that held a place (pending or confirmed): they are open again. */
  reopened: number;
  /** Leaders told. */
  leadersTold: number;
}

/**
 * The member's account is being removed (docs/product.md §11), in the caller's transaction: the allocations of events
 * still to start go (a pending or confirmed one reopens its place, which Lacunas then shows), and the leaders of those
 * teams — and whoever made the allocation — are told by e-mail, one message each, naming no one. Past allocations stay
 * as the escala's history, pointing at the anonymised account, without their reason or answer link.
 */
export async function releasePlacesOf(trx: Transaction<DB>, memberId: number, now: Date): Promise<ReleasedPlaces> {
  const rows = await selectMemberAllocations(trx, memberId).execute();
  const future = rows.filter((row) => Date.parse(row.datetime) > now.getTime());
  const held = future.filter((row) => row.status === 'pending' || row.status === 'confirmed');
  await eraseDeclineReasons(
    trx,
    rows.map((row) => row.id),
  );
  if (future.length > 0) await trx.deleteFrom('allocations').where('id', 'in', future.map((row) => row.id)).execute();
  await trx.updateTable('allocations').set({ reason: null, response_token_hash: null }).where('member_id', '=', memberId).execute();

  const placesByLeader = new Map<number, ReopenedPlace[]>();
  for (const row of held) {
    const leaders = new Set<number>(row.allocated_by === null ? [] : [row.allocated_by]);
    if (row.church_id !== null) {
      const teamLeaders = await trx
        .selectFrom('team_members')
        .select('user_id')
        .where('church_id', '=', row.church_id)
        .where('department_id', '=', row.department_id)
        .where('leader', '=', 1)
        .execute();
      for (const leader of teamLeaders) leaders.add(leader.user_id);
    }
    leaders.delete(memberId);
    const place = { event_id: row.event_id, datetime: row.datetime, type: row.type, department: row.department_name, position: row.position_name };
    for (const leader of leaders) placesByLeader.set(leader, [...(placesByLeader.get(leader) ?? []), place]);
  }
  const living = placesByLeader.size === 0 ? [] : await trx.selectFrom('users').select('id').where('id', 'in', [...placesByLeader.keys()]).where('deleted_at', 'is', null).execute();
  for (const { id } of living) {
    await enqueueMessage(trx, { kind: 'places_reopened', key: `places_reopened:${memberId}:${id}`, recipientId: id, payload: { places: placesByLeader.get(id) }, now });
  }
  return { removed: future.length, reopened: held.length, leadersTold: living.length };
}
