import { sql, type Kysely } from 'kysely';
import { nameKey } from '../../shared/nameKey.ts';
import type { Department } from '../../shared/schemas/escalas.ts';
import type { Position } from '../../shared/schemas/network.ts';
import { isUniqueViolation } from '../db/isUniqueViolation.ts';
import type { DB } from '../db/schema.ts';
import type { Use } from '../http/inUse.ts';

const count = () => sql<number>`count(*)`.as('count');
const number = (row: { count: number | string | bigint } | undefined) => Number(row?.count ?? 0);

/** Renames a department; undefined when there is none, 'exists' when another has the name (by its key). */
export async function renameDepartment(db: Kysely<DB>, id: number, name: string, key: string): Promise<Department | 'exists' | undefined> {
  try {
    return await db.updateTable('departments').set({ name, name_key: key }).where('id', '=', id).returning(['id', 'name']).executeTakeFirst();
  } catch (error) {
    if (isUniqueViolation(error)) return 'exists';
    throw error;
  }
}

/** What still uses a department: its escalas, its needs and the people of its teams (its positions go with it). */
export async function departmentUses(db: Kysely<DB>, id: number): Promise<Use[]> {
  return [
    [number(await db.selectFrom('allocations').select(count()).where('department_id', '=', id).executeTakeFirst()), 'pessoa escalada', 'pessoas escaladas'],
    [number(await db.selectFrom('event_needs').select(count()).where('department_id', '=', id).executeTakeFirst()), 'necessidade de evento', 'necessidades de eventos'],
    [number(await db.selectFrom('team_members').select(count()).where('department_id', '=', id).executeTakeFirst()), 'membro de equipe', 'membros de equipes'],
  ];
}

export async function deleteDepartment(db: Kysely<DB>, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('positions').where('department_id', '=', id).execute();
    await trx.deleteFrom('departments').where('id', '=', id).execute();
  });
}

/** Renames a position of a department; undefined when it is not one of its, 'exists' when another has the name. */
export async function renamePosition(db: Kysely<DB>, departmentId: number, id: number, name: string): Promise<Position | 'exists' | undefined> {
  try {
    return await db
      .updateTable('positions')
      .set({ name, name_key: nameKey(name) })
      .where('id', '=', id)
      .where('department_id', '=', departmentId)
      .returning(['id', 'name', 'department_id'])
      .executeTakeFirst();
  } catch (error) {
    if (isUniqueViolation(error)) return 'exists';
    throw error;
  }
}

/** What still uses a position: escalas that name it, needs of it, and the people who exercise it. */
export async function positionUses(db: Kysely<DB>, id: number): Promise<Use[]> {
  return [
    [number(await db.selectFrom('allocations').select(count()).where('position_id', '=', id).executeTakeFirst()), 'pessoa escalada', 'pessoas escaladas'],
    [number(await db.selectFrom('event_needs').select(count()).where('position_id', '=', id).executeTakeFirst()), 'necessidade de evento', 'necessidades de eventos'],
    [number(await db.selectFrom('team_member_positions').select(count()).where('position_id', '=', id).executeTakeFirst()), 'pessoa que a exerce', 'pessoas que a exercem'],
  ];
}

export async function deletePosition(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('positions').where('id', '=', id).execute();
}
