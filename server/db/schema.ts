import type { Generated } from 'kysely';

/** Instants are ISO 8601 UTC strings on both databases (the PostgreSQL pool parses timestamptz into them). */
export type Instant = string;

export interface EventTypesTable {
  id: Generated<number>;
  name: string;
}

export interface EventsTable {
  id: Generated<number>;
  datetime: Instant;
  event_type_id: number | null;
}

export interface DB {
  event_types: EventTypesTable;
  events: EventsTable;
}
