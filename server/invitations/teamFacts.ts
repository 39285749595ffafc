import type { Kysely, Transaction } from 'kysely';
import type { PositionRef } from '../../shared/schemas/escalas.ts';
import type { DB } from '../db/schema.ts';
import { UnknownPosition } from './errors.ts';

type Db = Kysely<DB> | Transaction<DB>;

const byName = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

export interface TeamNames {
  church: { id: number; name: string };
  department: { id: number; name: string };
}

/** The team's church and department by name; undefined parts do not exist. */
export async function findTeamNames(db: Db, churchId: number, departmentId: number) {
  const [church, department] = await Promise.all([
    db.selectFrom('churches').select(['id', 'name']).where('id', '=', churchId).executeTakeFirst(),
    db.selectFrom('departments').select(['id', 'name']).where('id', '=', departmentId).executeTakeFirst(),
  ]);
  return { church, department };
}

/** The department's positions among `ids`, by name; `UnknownPosition` when one is not the department's. */
export async function departmentPositions(db: Db, departmentId: number, ids: readonly number[]): Promise<PositionRef[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('positions').select(['id', 'name']).where('department_id', '=', departmentId).where('id', 'in', ids).execute();
  if (rows.length !== new Set(ids).size) throw new UnknownPosition();
  return sortPositions(rows);
}

export const sortPositions = <T extends PositionRef>(positions: T[]): T[] => positions.sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id);

/** Positions by owner id, from rows of (owner, position id, name), each list by name. */
export function groupPositions(rows: ReadonlyArray<{ owner: number; id: number; name: string }>): Map<number, PositionRef[]> {
  const byOwner = new Map<number, PositionRef[]>();
  for (const row of sortPositions([...rows])) byOwner.set(row.owner, [...(byOwner.get(row.owner) ?? []), { id: row.id, name: row.name }]);
  return byOwner;
}
