import type { ColumnType, Generated } from 'kysely';

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
  series_id: ColumnType<number | null, number | null | undefined, number | null>;
  series_slot: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
}

export interface SeriesTable {
  id: Generated<number>;
  /** JSON of the shared `RepeatRule` plus the first occurrence's local date-time. */
  rule: string;
  time_zone: string;
  created_by: number | null;
  created_at: Instant;
}

export interface DepartmentsTable {
  id: Generated<number>;
  name: string;
  name_key: string;
}

export interface AllocationsTable {
  id: Generated<number>;
  event_id: number;
  department_id: number;
  member_id: number;
  allocated_by: number | null;
  created_at: Instant;
  /** The member's answer (migration 007): pending until they confirm or decline. */
  status: ColumnType<AllocationStatus, AllocationStatus | undefined, AllocationStatus>;
  responded_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  /** The note of a decline. */
  reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** SHA-256 (hex) of the token of the e-mailed answer link; null until one is issued. */
  response_token_hash: ColumnType<string | null, string | null | undefined, string | null>;
}

export type AllocationStatus = 'pending' | 'confirmed' | 'declined';

/** A member's days off (migration 007): network-timezone day keys, both included. */
export interface BlockoutsTable {
  id: Generated<number>;
  member_id: number;
  first_day: string;
  last_day: string;
  note: string | null;
  created_at: Instant;
}

export interface CalendarTokensTable {
  user_id: number;
  token: string;
  created_at: Instant;
}

export type Role = 'member' | 'leader' | 'admin';

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string;
  role: ColumnType<Role, Role | undefined, Role>;
  created_at: Instant;
}

export interface SessionsTable {
  token_hash: string;
  user_id: number;
  created_at: Instant;
  last_seen_at: Instant;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  scope: string;
  failed_at: Instant;
}

export interface IdempotencyKeysTable {
  id: Generated<number>;
  user_id: number;
  key: string;
  /** sha256 of the method, path and body: a key sent again with another request is refused. */
  request_hash: string;
  /** Null while the first request is still being answered. */
  status_code: number | null;
  response_body: string | null;
  created_at: Instant;
}

export interface DB {
  event_types: EventTypesTable;
  events: EventsTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  series: SeriesTable;
  departments: DepartmentsTable;
  allocations: AllocationsTable;
  calendar_tokens: CalendarTokensTable;
  blockouts: BlockoutsTable;
  idempotency_keys: IdempotencyKeysTable;
}
