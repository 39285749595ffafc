import type { Kysely, Transaction } from 'kysely';
import { nameKey } from '../../shared/nameKey.ts';
import type { Church } from '../../shared/schemas/network.ts';
import { isUniqueViolation } from '../db/isUniqueViolation.ts';
import type { DB } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

const byName = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

export const CHURCH_COLUMNS = ['id', 'name', 'city', 'timezone', 'address', 'service_times'] as const;

interface ChurchRow {
  id: number;
  name: string;
  city: string | null;
  timezone: string | null;
  address: string | null;
  service_times: string | null;
}

/** A stored church as the API answers it: a church without a zone of its own is in the network's (migration 020). */
export function churchOf(row: ChurchRow, networkZone: string): Church {
  return {
    id: row.id,
    name: row.name,
    city: row.city,
    timezone: row.timezone ?? networkZone,
    address: row.address,
    service_times: row.service_times,
  };
}

/** Every church of the network, by name in pt-BR order (the same on both databases, whatever their collation). */
export async function listChurches(db: Db, networkZone: string): Promise<Church[]> {
  const churches = await db.selectFrom('churches').select(CHURCH_COLUMNS).execute();
  return churches.sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id).map((row) => churchOf(row, networkZone));
}

/** Adds a church; undefined when one with the same name (by its key) exists — decided by the unique index. */
export async function insertChurch(
  db: Db,
  church: Omit<ChurchRow, 'id'>,
  now: Date,
  networkZone: string,
): Promise<Church | undefined> {
  try {
    const row = await db
      .insertInto('churches')
      .values({ ...church, name_key: nameKey(church.name), created_at: now.toISOString() })
      .returning(CHURCH_COLUMNS)
      .executeTakeFirstOrThrow();
    return churchOf(row, networkZone);
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}
