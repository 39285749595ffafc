import type { Kysely, Transaction } from 'kysely';
import type { Department } from '../../shared/schemas/escalas.ts';
import { isUniqueViolation } from '../db/isUniqueViolation.ts';
import type { DB } from '../db/schema.ts';
import { departmentKey } from './departmentKey.ts';

type Db = Kysely<DB> | Transaction<DB>;

export async function listDepartments(db: Db): Promise<Department[]> {
  return db.selectFrom('departments').select(['id', 'name']).orderBy('name_key').execute();
}

export async function findDepartment(db: Db, ref: number | string): Promise<Department | undefined> {
  const query = db.selectFrom('departments').select(['id', 'name']);
  return (typeof ref === 'number' ? query.where('id', '=', ref) : query.where('name_key', '=', departmentKey(ref))).executeTakeFirst();
}

/** Adds a department; undefined when one with the same key exists (decided by the unique index). */
export async function insertDepartment(db: Db, name: string, nameKey: string): Promise<Department | undefined> {
  try {
    return await db.insertInto('departments').values({ name, name_key: nameKey }).returning(['id', 'name']).executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}
