import type { Kysely } from 'kysely';
import type { Need } from '../../shared/schemas/needs.ts';
import type { DB } from '../db/schema.ts';
import { EventNotFound, UnknownDepartment, UnknownPosition } from './errors.ts';
import { departmentsOfPositions, eventAndFollowing, existingDepartments, findNeedsEvent, replaceNeeds, type NeedsEvent } from './needsQueries.ts';

/** Throws when the user may not manage these departments' needs at an event of that church (null: the whole network). */
export type NeedsGuard = (churchId: number | null, departmentIds: readonly number[]) => void;

/**
 * `PUT /api/events/{id}/needs`: replaces the needs of the departments the body names, on the event alone
 * (`one`) or on it and the later occurrences of its series (`following`); a later `one` on an occurrence
 * overrides what the series got. The guard sees every church the change reaches before anything is checked
 * against the stored departments and positions, so a team leader learns nothing outside their teams.
 */
export async function setNeeds(db: Kysely<DB>, eventId: number, scope: 'one' | 'following', needs: readonly Need[], guard: NeedsGuard): Promise<NeedsEvent> {
  return db.transaction().execute(async (trx) => {
    const event = await findNeedsEvent(trx, eventId);
    if (!event) throw new EventNotFound();
    const targets = scope === 'following' ? await eventAndFollowing(trx, event) : [event];
    const departmentIds = [...new Set(needs.map((need) => need.department_id))];
    for (const churchId of new Set(targets.map((target) => target.church_id))) guard(churchId, departmentIds);

    const departments = await existingDepartments(trx, departmentIds);
    if (departmentIds.some((id) => !departments.has(id))) throw new UnknownDepartment();
    const positionIds = [...new Set(needs.flatMap((need) => (need.position_id === null ? [] : [need.position_id])))];
    const departmentOf = await departmentsOfPositions(trx, positionIds);
    if (needs.some((need) => need.position_id !== null && departmentOf.get(need.position_id) !== need.department_id)) throw new UnknownPosition();

    await replaceNeeds(
      trx,
      targets.map((target) => target.id),
      departmentIds,
      needs.map((need) => ({ department_id: need.department_id, position_id: need.position_id, count: need.count })),
    );
    return event;
  });
}
