import { sql, type Kysely } from 'kysely';
import { nameKey } from '../../shared/nameKey.ts';
import type { Church } from '../../shared/schemas/network.ts';
import { isUniqueViolation } from '../db/isUniqueViolation.ts';
import type { DB } from '../db/schema.ts';
import type { Use } from '../http/inUse.ts';
import { CHURCH_COLUMNS, churchOf } from './churchQueries.ts';

/**
 * Renames a church, changes its city, zone, address or service times (null: none); undefined when there is none,
 * 'exists' when the name is another's.
 */
export async function updateChurch(
  db: Kysely<DB>,
  id: number,
  changes: { name?: string; city?: string | null; timezone?: string; address?: string | null; service_times?: string | null },
  networkZone: string,
): Promise<Church | 'exists' | undefined> {
  try {
    const row = await db
      .updateTable('churches')
      .set({
        ...(changes.name !== undefined ? { name: changes.name, name_key: nameKey(changes.name) } : {}),
        ...(changes.city !== undefined ? { city: changes.city } : {}),
        ...(changes.timezone !== undefined ? { timezone: changes.timezone } : {}),
        ...(changes.address !== undefined ? { address: changes.address } : {}),
        ...(changes.service_times !== undefined ? { service_times: changes.service_times } : {}),
      })
      .where('id', '=', id)
      .returning(CHURCH_COLUMNS)
      .executeTakeFirst();
    return row && churchOf(row, networkZone);
  } catch (error) {
    if (isUniqueViolation(error)) return 'exists';
    throw error;
  }
}

const countOf = async (query: Promise<{ count: string | number | bigint } | undefined>) => Number((await query)?.count ?? 0);

/** What still points at a church: its events and the people of its teams. */
export async function churchUses(db: Kysely<DB>, id: number): Promise<Use[]> {
  const count = sql<number>`count(*)`.as('count');
  return [
    [await countOf(db.selectFrom('events').select(count).where('church_id', '=', id).executeTakeFirst()), 'evento', 'eventos'],
    [
      await countOf(db.selectFrom('team_members').select(sql<number>`count(distinct user_id)`.as('count')).where('church_id', '=', id).executeTakeFirst()),
      'pessoa em equipes',
      'pessoas em equipes',
    ],
  ];
}

export async function deleteChurch(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('churches').where('id', '=', id).execute();
}
