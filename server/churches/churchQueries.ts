import type { Kysely, Transaction } from 'kysely';
import { nameKey } from '../../shared/nameKey.ts';
import type { Church } from '../../shared/schemas/network.ts';
import { isUniqueViolation } from '../db/isUniqueViolation.ts';
import type { DB } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

const byName = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/** Every church of the network, by name in pt-BR order (the same on both databases, whatever their collation). */
export async function listChurches(db: Db): Promise<Church[]> {
  const churches = await db.selectFrom('churches').select(['id', 'name', 'city']).execute();
  return churches.sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id);
}

/** Adds a church; undefined when one with the same name (by its key) exists — decided by the unique index. */
export async function insertChurch(db: Db, name: string, city: string | null, now: Date): Promise<Church | undefined> {
  try {
    return await db
      .insertInto('churches')
      .values({ name, name_key: nameKey(name), city, created_at: now.toISOString() })
      .returning(['id', 'name', 'city'])
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}
