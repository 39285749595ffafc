import type { Kysely, Transaction } from 'kysely';
import type { EventType } from '../../shared/schemas/eventManagement.ts';
import type { DB } from '../db/schema.ts';
import { isUniqueViolation } from '../db/isUniqueViolation.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** How type names are compared for duplicates: without case, accents or extra spaces. */
export function eventTypeKey(name: string): string {
  return name.normalize('NFD').replace(/\p{Diacritic}/gu, '').normalize('NFC').toLowerCase().trim().replace(/\s+/g, ' ');
}

const byName = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/** Every event type by name, in pt-BR order (the same on both databases, whatever their collation). */
export async function listEventTypes(db: Db): Promise<EventType[]> {
  const types = await db.selectFrom('event_types').select(['id', 'name']).execute();
  return types.sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id);
}

/**
 * Adds an event type; undefined when one with the same name exists — compared without case, accents or extra
 * spaces ("culto" and "Culto" are one type), with the unique index as the final word on exact duplicates.
 */
export async function insertEventType(db: Kysely<DB>, name: string): Promise<EventType | undefined> {
  const key = eventTypeKey(name);
  const existing = await db.selectFrom('event_types').select('name').execute();
  if (existing.some((type) => eventTypeKey(type.name) === key)) return undefined;
  try {
    return await db.insertInto('event_types').values({ name }).returning(['id', 'name']).executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}
