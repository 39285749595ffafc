import { sql, type Kysely } from 'kysely';
import type { EventType } from '../../shared/schemas/eventManagement.ts';
import { isUniqueViolation } from '../db/isUniqueViolation.ts';
import type { DB } from '../db/schema.ts';
import type { Use } from '../http/inUse.ts';
import { eventTypeKey } from './eventTypeQueries.ts';

/** Renames a type; undefined when there is none, 'exists' when another type has the name (as insertEventType compares). */
export async function renameEventType(db: Kysely<DB>, id: number, name: string): Promise<EventType | 'exists' | undefined> {
  const key = eventTypeKey(name);
  const others = await db.selectFrom('event_types').select('name').where('id', '!=', id).execute();
  if (others.some((type) => eventTypeKey(type.name) === key)) return 'exists';
  try {
    return await db.updateTable('event_types').set({ name }).where('id', '=', id).returning(['id', 'name']).executeTakeFirst();
  } catch (error) {
    if (isUniqueViolation(error)) return 'exists';
    throw error;
  }
}

/** What still shows a type: its events (a deleted type would turn them into "N/A" on the public page). */
export async function eventTypeUses(db: Kysely<DB>, id: number): Promise<Use[]> {
  const row = await db.selectFrom('events').select(sql<number>`count(*)`.as('count')).where('event_type_id', '=', id).executeTakeFirst();
  return [[Number(row?.count ?? 0), 'evento', 'eventos']];
}

export async function deleteEventType(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('event_types').where('id', '=', id).execute();
}
