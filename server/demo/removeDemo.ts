import type { Database } from '../db/openDatabase.ts';

export interface DemoRemoval {
  users: number;
  events: number;
  eventTypes: number;
  allocations: number;
}

const count = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);

/**
 * Takes out what the demo seed wrote (as `demo_records` lists it): the demo accounts and team members (with their
 * sessions, escalas and places in teams), the demo events (with whoever was allocated to them and their needs),
 * the demo event types no other event uses, and the demo churches and positions nothing else uses.
 * What the church added is kept, even when it was made by a demo account.
 */
export async function removeDemo(database: Database): Promise<DemoRemoval> {
  return database.db.transaction().execute(async (trx) => {
    const ids = async (table: 'users' | 'events' | 'event_types' | 'churches' | 'positions') =>
      (await trx.selectFrom('demo_records').select('record_id').where('table_name', '=', table).execute()).map((row) => row.record_id);
    const [userIds, eventIds, eventTypeIds] = [await ids('users'), await ids('events'), await ids('event_types')];
    let allocations = 0;
    let events = 0;
    let users = 0;
    let eventTypes = 0;
    if (eventIds.length > 0) {
      allocations += count(await trx.deleteFrom('allocations').where('event_id', 'in', eventIds).executeTakeFirstOrThrow());
      events = count(await trx.deleteFrom('events').where('id', 'in', eventIds).executeTakeFirstOrThrow());
    }
    if (userIds.length > 0) {
      allocations += count(await trx.deleteFrom('allocations').where('member_id', 'in', userIds).executeTakeFirstOrThrow());
      users = count(await trx.deleteFrom('users').where('id', 'in', userIds).executeTakeFirstOrThrow());
    }
    if (eventTypeIds.length > 0) {
      eventTypes = count(
        await trx
          .deleteFrom('event_types')
          .where('id', 'in', eventTypeIds)
          .where(({ not, exists, selectFrom }) => not(exists(selectFrom('events').select('events.id').whereRef('events.event_type_id', '=', 'event_types.id'))))
          .executeTakeFirstOrThrow(),
      );
    }
    // The network's churches and positions of the demo, unless something the church added uses them: an event of
    // its own at a demo church (or a team it formed there), a need or an allocation naming a demo position.
    const [churchIds, positionIds] = [await ids('churches'), await ids('positions')];
    if (positionIds.length > 0) {
      await trx
        .deleteFrom('positions')
        .where('id', 'in', positionIds)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('allocations')
                .select('allocations.id')
                .whereRef('allocations.position_id', '=', 'positions.id')
                .unionAll(selectFrom('event_needs').select('event_needs.id').whereRef('event_needs.position_id', '=', 'positions.id')),
            ),
          ),
        )
        .execute();
    }
    if (churchIds.length > 0) {
      await trx
        .deleteFrom('churches')
        .where('id', 'in', churchIds)
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('events').select('events.id').whereRef('events.church_id', '=', 'churches.id'))))
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('team_members').select('team_members.user_id').whereRef('team_members.church_id', '=', 'churches.id'))))
        .execute();
    }
    await trx.deleteFrom('demo_records').execute();
    return { users, events, eventTypes, allocations };
  });
}
