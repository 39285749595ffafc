import type { Kysely, Transaction } from 'kysely';
import { nameKey } from '../../shared/nameKey.ts';
import type { PositionRef } from '../../shared/schemas/escalas.ts';
import type { Position } from '../../shared/schemas/network.ts';
import { isUniqueViolation } from '../db/isUniqueViolation.ts';
import type { DB } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

const byName = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/** The positions of a department, by name in pt-BR order. */
export async function listPositions(db: Db, departmentId: number): Promise<Position[]> {
  const rows = await db.selectFrom('positions').select(['id', 'name', 'department_id']).where('department_id', '=', departmentId).execute();
  return rows.sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id);
}

/** Adds a position to a department; undefined when the department has one of the same name (by its key). */
export async function insertPosition(db: Db, departmentId: number, name: string): Promise<Position | undefined> {
  try {
    return await db
      .insertInto('positions')
      .values({ department_id: departmentId, name, name_key: nameKey(name) })
      .returning(['id', 'name', 'department_id'])
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

/** The position, when it is one of the department's. */
export async function findPositionOf(db: Db, departmentId: number, positionId: number): Promise<PositionRef | undefined> {
  return db.selectFrom('positions').select(['id', 'name']).where('id', '=', positionId).where('department_id', '=', departmentId).executeTakeFirst();
}
