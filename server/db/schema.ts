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
  /** The church it belongs to (migration 009); null = the whole network. */
  church_id: ColumnType<number | null, number | null | undefined, number | null>;
  title: ColumnType<string | null, string | null | undefined, string | null>;
  description: ColumnType<string | null, string | null | undefined, string | null>;
  location: ColumnType<string | null, string | null | undefined, string | null>;
  /** Null: two hours after `datetime` (read as such). */
  ends_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  /** Its revision (migration 014): one more on every change, written as the calendars' SEQUENCE. */
  sequence: ColumnType<number, number | undefined, number>;
}

export interface SeriesTable {
  id: Generated<number>;
  /** JSON of the shared `RepeatRule` plus the first occurrence's local date-time. */
  rule: string;
  time_zone: string;
  created_by: number | null;
  created_at: Instant;
  /** The revision of its rule and dates (migration 014), written as the series' SEQUENCE in the public feed. */
  sequence: ColumnType<number, number | undefined, number>;
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
  /** The position it fills (migration 009), one of its department's; null = none named. */
  position_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** How it came to be (migration 010). */
  source: ColumnType<AllocationSource, AllocationSource | undefined, AllocationSource>;
}

/** A church of the network (migration 009). */
export interface ChurchesTable {
  id: Generated<number>;
  name: string;
  /** shared/nameKey.ts of the name: unique. */
  name_key: string;
  city: string | null;
  created_at: Instant;
  /** Its IANA time zone (migration 020); null: APP_TIMEZONE, resolved when read (docs/adr/0006). */
  timezone: ColumnType<string | null, string | null | undefined, string | null>;
  /** Where it is (migration 021); null: not given. */
  address: ColumnType<string | null, string | null | undefined, string | null>;
  /** When it meets, free text ("Domingos 10h e 19h; quartas 20h", migration 021); null: not given. */
  service_times: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A position of a department (migration 009): Vocal, Bateria... `name_key` unique per department. */
export interface PositionsTable {
  id: Generated<number>;
  department_id: number;
  name: string;
  name_key: string;
}

/** A member of a team (church + department) (migration 009). `leader` is 0 or 1. */
export interface TeamMembersTable {
  church_id: number;
  department_id: number;
  user_id: number;
  leader: ColumnType<number, number | undefined, number>;
  created_at: Instant;
}

/** A position a team member can fill (migration 009): always one of the team's department. */
export interface TeamMemberPositionsTable {
  church_id: number;
  department_id: number;
  user_id: number;
  position_id: number;
}

/** How many people an event needs in a department and position (migration 009); position null = any. */
export interface EventNeedsTable {
  id: Generated<number>;
  event_id: number;
  department_id: number;
  position_id: number | null;
  count: number;
}

/** `covered` (migration 016): someone took the place through a cover request; it no longer counts anywhere. */
export type AllocationStatus = 'pending' | 'confirmed' | 'declined' | 'covered';
export type AllocationSource = 'manual' | 'draft' | 'signup' | 'cover';

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
  /** When the account was anonymised (migration 013); null for an account in use. */
  deleted_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
}

export interface SessionsTable {
  token_hash: string;
  user_id: number;
  created_at: Instant;
  last_seen_at: Instant;
}

/** A failed sign-in or password change (migration 005). */
export interface LoginFailuresTable {
  id: Generated<number>;
  /** The email tried, whether or not an account has it. */
  email: string;
  address: string;
  /** null: an unrecognised client; `device:<hash>`: a device recognised for the account; `session:<hash>`: a password change. */
  client: string | null;
  failed_at: Instant;
}

/** A browser that signed in to an account (migration 005): the SHA-256 of its device cookie's token. */
export interface RecognisedDevicesTable {
  token_hash: string;
  user_id: number;
  created_at: Instant;
  last_used_at: Instant;
}

/** One registration attempt per row, for the per-address limit (migration 005). */
export interface RegistrationAttemptsTable {
  id: Generated<number>;
  address: string;
  attempted_at: Instant;
}

/** A row the demo seed wrote (migration 005), so it can be removed. */
export interface DemoRecordsTable {
  table_name: 'users' | 'events' | 'event_types' | 'churches' | 'departments' | 'positions';
  record_id: number;
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

/** A message waiting to be sent, or its outcome (migration 008). */
export type OutboxStatus = 'queued' | 'sent' | 'failed' | 'opted_out' | 'skipped';

export interface OutboxTable {
  id: Generated<number>;
  /** What the message is (`invitation`, `reminder`, ...): how it is written. */
  kind: string;
  /** The cause it answers to; never two messages for one. */
  dedupe_key: string;
  recipient_id: number;
  /** JSON: what the message needs that cannot be read again when it is sent. */
  payload: string;
  status: ColumnType<OutboxStatus, OutboxStatus | undefined, OutboxStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  due_at: Instant;
  lease_until: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  lease_id: ColumnType<string | null, string | null | undefined, string | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  sent_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  created_at: Instant;
  /** The random part of its Message-ID (migration 012), the same for every try; null only for messages done before. */
  message_token: ColumnType<string | null, string | null | undefined, string | null>;
}

/** This installation (migration 012): one row, id 1, with a random token of its own (a part of every Message-ID). */
/** One change of the audit log (migration 013, docs/product.md §11): append-only. */
export interface AuditLogTable {
  id: Generated<number>;
  at: Instant;
  /** Who did it; null: the portal itself (a scheduled job), or an account since removed. */
  actor_id: number | null;
  action: string;
  /** Whom it concerns; null when no one person is concerned. */
  subject_id: number | null;
  /** JSON object of ids, names and codes: never a password, token, reason text or message body. */
  details: string;
}

/** A scheduled job's run for one period (migration 013): the instance whose insert wins runs it. */
export interface JobRunsTable {
  job: string;
  period: string;
  started_at: Instant;
  finished_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
}

export interface InstallationTable {
  id: number;
  token: string;
  created_at: Instant;
  /** The key of the one-click unsubscribe links' HMAC (migration 015), hex. */
  unsubscribe_key: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The allocations a message is about (migration 008); a reminder also names its offset and event time. */
export interface OutboxAllocationsTable {
  outbox_id: number;
  allocation_id: number;
  reminder_hours: number | null;
  event_at: Instant | null;
}

/** A member's notification choices (migration 008); no row means e-mail on, no phone. */
export interface NotificationPreferencesTable {
  user_id: number;
  email_opted_out_at: Instant | null;
  /** E.164 Brazilian mobile (`+5511987654321`). */
  phone: string | null;
  updated_at: Instant;
  /** At most this many services a month (migration 011, docs/product.md §9); null: no limit. */
  max_services_per_month: ColumnType<number | null, number | null | undefined, number | null>;
}

/** An escala draft (migration 011): a leader's proposal for a range, invited to nobody until published. */
export interface DraftsTable {
  id: Generated<number>;
  author_id: number;
  status: ColumnType<DraftStatus, DraftStatus | undefined, DraftStatus>;
  from_day: string;
  to_day: string;
  church_id: number | null;
  department_id: number | null;
  created_at: Instant;
  expires_at: Instant;
}

export type DraftStatus = 'open' | 'published' | 'discarded';

/** One missing place of a draft, the person proposed for it (or none) and why, as JSON text. */
export interface DraftPlacesTable {
  id: Generated<number>;
  draft_id: number;
  event_id: number;
  department_id: number;
  position_id: number | null;
  user_id: number | null;
  reasons: string;
}

/** What a team (church + department) decided about itself (migration 017); no row: the defaults. `self_signup` 0 or 1. */
export interface TeamSettingsTable {
  church_id: number;
  department_id: number;
  self_signup: ColumnType<number, number | undefined, number>;
  updated_at: Instant;
}

/** An SOS a leader sent for one place (migration 017, docs/product.md §10); open until a sign-up fills the place. */
export interface SosBroadcastsTable {
  id: Generated<number>;
  event_id: number;
  department_id: number;
  position_id: number | null;
  sent_by: number | null;
  sent_at: Instant;
  note: string | null;
  notified: number;
  closed_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
}

/** A reminder to the members still pending at an event in one department (migration 017), for the 12-hour limit. */
export interface NudgesTable {
  id: Generated<number>;
  event_id: number;
  department_id: number;
  sent_by: number | null;
  sent_at: Instant;
  notified: number;
}

/** A member's request that someone take their place (migration 016, docs/product.md §10). */
export interface CoverRequestsTable {
  id: Generated<number>;
  allocation_id: number;
  requester_id: number;
  note: string | null;
  status: ColumnType<CoverRequestStatus, CoverRequestStatus | undefined, CoverRequestStatus>;
  created_at: Instant;
  /** When the team's leaders were told it is still open; null until then (once). */
  escalated_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  /** When it was taken, withdrawn or expired. */
  closed_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  /** The allocation the taker got. */
  taken_allocation_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export type CoverRequestStatus = 'open' | 'taken' | 'withdrawn' | 'expired';

export type JoinRequestStatus = 'pending' | 'approved' | 'declined';

/** A member's request to serve in a team (migration 019, docs/product.md §13); one pending per member and team. */
export interface JoinRequestsTable {
  id: Generated<number>;
  user_id: number;
  church_id: number;
  department_id: number;
  note: string | null;
  status: ColumnType<JoinRequestStatus, JoinRequestStatus | undefined, JoinRequestStatus>;
  /** Who approved or declined it; null until then (or once that account is gone). */
  decided_by: ColumnType<number | null, number | null | undefined, number | null>;
  decided_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  /** The leaders' reason for a decline. */
  reason: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Instant;
}

/** A position a join request asks for (migration 019). */
export interface JoinRequestPositionsTable {
  join_request_id: number;
  position_id: number;
}

/** A password reset link (migration 008): the SHA-256 of its token. */
export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  created_at: Instant;
  expires_at: Instant;
  used_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
}

/** One password reset request (migration 008), for the per-address and per-email limits. */
export interface PasswordResetRequestsTable {
  id: Generated<number>;
  email: string;
  address: string;
  requested_at: Instant;
}

/** A team's invitation link (migration 018, docs/product.md §13): only its token's SHA-256 is kept. */
export interface InviteLinksTable {
  id: Generated<number>;
  church_id: number;
  department_id: number;
  token_hash: string;
  expires_at: Instant;
  max_uses: number | null;
  uses: ColumnType<number, number | undefined, number>;
  revoked_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  created_by: number | null;
  created_at: Instant;
}

/** A position an invitation link grants (migration 018). */
export interface InviteLinkPositionsTable {
  link_id: number;
  position_id: number;
}

/** Who joined a team through a link (migration 018): one row per counted use. */
export interface InviteLinkJoinsTable {
  link_id: number;
  user_id: number;
  joined_at: Instant;
}

export type InvitationStatus = 'pending' | 'accepted' | 'cancelled';

/** A person invited to a team by e-mail (migration 018, docs/product.md §13); its link works once, for that address. */
export interface InvitationsTable {
  id: Generated<number>;
  church_id: number;
  department_id: number;
  email: string;
  name: string;
  token_hash: string;
  status: ColumnType<InvitationStatus, InvitationStatus | undefined, InvitationStatus>;
  invited_by: number | null;
  created_at: Instant;
  sent_at: Instant;
  sends: ColumnType<number, number | undefined, number>;
  expires_at: Instant;
  accepted_by: ColumnType<number | null, number | null | undefined, number | null>;
  /** When it was accepted or cancelled. */
  closed_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
}

/** A position an e-mail invitation grants (migration 018). */
export interface InvitationPositionsTable {
  invitation_id: number;
  position_id: number;
}

export interface DB {
  event_types: EventTypesTable;
  events: EventsTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  recognised_devices: RecognisedDevicesTable;
  registration_attempts: RegistrationAttemptsTable;
  demo_records: DemoRecordsTable;
  series: SeriesTable;
  departments: DepartmentsTable;
  allocations: AllocationsTable;
  calendar_tokens: CalendarTokensTable;
  blockouts: BlockoutsTable;
  idempotency_keys: IdempotencyKeysTable;
  outbox: OutboxTable;
  outbox_allocations: OutboxAllocationsTable;
  installation: InstallationTable;
  notification_preferences: NotificationPreferencesTable;
  password_resets: PasswordResetsTable;
  password_reset_requests: PasswordResetRequestsTable;
  churches: ChurchesTable;
  positions: PositionsTable;
  team_members: TeamMembersTable;
  drafts: DraftsTable;
  draft_places: DraftPlacesTable;
  team_member_positions: TeamMemberPositionsTable;
  event_needs: EventNeedsTable;
  audit_log: AuditLogTable;
  job_runs: JobRunsTable;
  cover_requests: CoverRequestsTable;
  team_settings: TeamSettingsTable;
  sos_broadcasts: SosBroadcastsTable;
  nudges: NudgesTable;
  join_requests: JoinRequestsTable;
  join_request_positions: JoinRequestPositionsTable;
  invite_links: InviteLinksTable;
  invite_link_positions: InviteLinkPositionsTable;
  invite_link_joins: InviteLinkJoinsTable;
  invitations: InvitationsTable;
  invitation_positions: InvitationPositionsTable;
}
