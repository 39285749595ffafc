import type { Kysely } from 'kysely';
import type { DB } from '../../server/db/schema.ts';

export interface EventFixture {
  /** An ISO 8601 instant. */
  datetime: string;
  /** The event type's name, created when missing; null for an untyped event. */
  type: string | null;
}

async function typeIds(db: Kysely<DB>, events: EventFixture[]): Promise<Map<string, number>> {
  const names = [...new Set(events.map((event) => event.type).filter((name): name is string => name !== null))];
  for (const name of names) {
    await db.insertInto('event_types').values({ name }).onConflict((oc) => oc.column('name').doNothing()).execute();
  }
  if (names.length === 0) return new Map();
  const types = await db.selectFrom('event_types').select(['id', 'name']).where('name', 'in', names).execute();
  return new Map(types.map((type) => [type.name, type.id]));
}

function row(event: EventFixture, typeId: Map<string, number>) {
  return {
    datetime: new Date(event.datetime).toISOString(),
    event_type_id: event.type === null ? null : typeId.get(event.type)!,
  };
}

/** Inserts events one by one in the given order (so ids follow it) and returns their ids, in that order. */
export async function insertEvents(db: Kysely<DB>, events: EventFixture[]): Promise<number[]> {
  const typeId = await typeIds(db, events);
  const ids: number[] = [];
  for (const event of events) {
    const inserted = await db.insertInto('events').values(row(event, typeId)).returning('id').executeTakeFirstOrThrow();
    ids.push(inserted.id);
  }
  return ids;
}

/** Inserts many events in batches; returns how many were written. */
export async function insertManyEvents(db: Kysely<DB>, events: EventFixture[], batch = 500): Promise<number> {
  const typeId = await typeIds(db, events);
  let count = 0;
  for (let start = 0; start < events.length; start += batch) {
    const result = await db.insertInto('events').values(events.slice(start, start + batch).map((event) => row(event, typeId))).executeTakeFirst();
    count += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return count;
}
