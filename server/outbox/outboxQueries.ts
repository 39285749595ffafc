import { createHash, randomBytes, randomInt } from 'node:crypto';
import os from 'node:os';
import { sql, type Kysely, type Transaction } from 'kysely';
import { dialectOf } from '../db/dialect.ts';
import type { DB, Instant, OutboxStatus } from '../db/schema.ts';
import { processRuns } from '../platform/processRuns.ts';

/**
 * The outbox (docs/product.md §7): every message is a row written in the transaction of what caused it, then sent by
 * the worker of server/notifications/. This kit is the one place that writes and reads the table, so the
 * resources that cause messages (escalas, responses, events, passwordReset) queue them without knowing how
 * they are sent.
 */

type Db = Kysely<DB> | Transaction<DB>;

export type MessageKind = 'invitation' | 'reminder' | 'declined' | 'event_moved' | 'event_cancelled' | 'password_reset' | 'places_reopened' | 'cover_requested' | 'cover_taken' | 'cover_escalated' | 'sos' | 'nudge' | 'join_requested' | 'join_approved' | 'join_declined' | 'team_invitation';

/** What the message needs that cannot be read again when it is sent. `secret` (a raw token) is erased once the message is out. */
export type MessagePayload = Record<string, unknown> & { secret?: string };

export interface NewMessage {
  kind: MessageKind;
  /** The cause, unique among all messages ever queued (`invitation:12`): a second message for it is not queued. */
  key: string;
  recipientId: number;
  payload?: MessagePayload;
  now: Date;
  /** When it may be sent; now by default. */
  dueAt?: Instant;
  /** The allocations it is about (their delivery state is this message's). */
  allocationIds?: readonly number[];
}

/** The random part of a message's Message-ID, written once when it is queued (migration 012). */
const messageToken = () => randomBytes(6).toString('hex');

/** Queues a message in the caller's transaction; undefined when its cause has one already. */
export async function enqueueMessage(db: Db, message: NewMessage): Promise<number | undefined> {
  const row = await db
    .insertInto('outbox')
    .values({
      kind: message.kind,
      dedupe_key: message.key,
      recipient_id: message.recipientId,
      payload: JSON.stringify(message.payload ?? {}),
      due_at: message.dueAt ?? message.now.toISOString(),
      created_at: message.now.toISOString(),
      message_token: messageToken(),
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return undefined;
  const allocationIds = [...new Set(message.allocationIds ?? [])];
  if (allocationIds.length > 0) {
    await db
      .insertInto('outbox_allocations')
      .values(allocationIds.map((allocationId) => ({ outbox_id: row.id, allocation_id: allocationId, reminder_hours: null, event_at: null })))
      .execute();
  }
  return row.id;
}

/**
 * `enqueueMessage` to the account that has `email`, if one does: one statement that inserts the message or
 * nothing, so the caller runs the same queries whether or not the account exists (a password reset must not
 * tell, docs/product.md §1 departure 4). Undefined when nothing was queued.
 */
export async function enqueueMessageToEmail(db: Db, message: Omit<NewMessage, 'recipientId' | 'allocationIds'> & { email: string }): Promise<number | undefined> {
  const row = await db
    .insertInto('outbox')
    .columns(['kind', 'dedupe_key', 'recipient_id', 'payload', 'due_at', 'created_at', 'message_token'])
    .expression(
      db
        .selectFrom('users')
        .select((eb) => [
          eb.val(message.kind).as('kind'),
          eb.val(message.key).as('dedupe_key'),
          'users.id as recipient_id',
          eb.val(JSON.stringify(message.payload ?? {})).as('payload'),
          eb.val(message.dueAt ?? message.now.toISOString()).as('due_at'),
          eb.val(message.now.toISOString()).as('created_at'),
          eb.val(messageToken()).as('message_token'),
        ])
        .where('users.email', '=', message.email),
    )
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * `enqueueMessage` for many messages in one insert (and one for their allocation links): a batch of allocations
 * queues its invitations at once. Messages whose cause has one already are left out. Returns how many were queued.
 */
export async function enqueueMessages(db: Db, messages: readonly NewMessage[]): Promise<number> {
  if (messages.length === 0) return 0;
  const rows = await db
    .insertInto('outbox')
    .values(
      messages.map((message) => ({
        kind: message.kind,
        dedupe_key: message.key,
        recipient_id: message.recipientId,
        payload: JSON.stringify(message.payload ?? {}),
        due_at: message.dueAt ?? message.now.toISOString(),
        created_at: message.now.toISOString(),
      })),
    )
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning(['id', 'dedupe_key'])
    .execute();
  const byKey = new Map(messages.map((message) => [message.key, message]));
  const links = rows.flatMap((row) =>
    [...new Set(byKey.get(row.dedupe_key)?.allocationIds ?? [])].map((allocationId) => ({ outbox_id: row.id, allocation_id: allocationId, reminder_hours: null, event_at: null })),
  );
  if (links.length > 0) await db.insertInto('outbox_allocations').values(links).execute();
  return rows.length;
}

/** One allocation's reminder: the event time it is for (a moved event gets its own). */
export interface ReminderLink {
  allocationId: number;
  eventAt: Instant;
}

export interface NewReminder {
  key: string;
  recipientId: number;
  /** The offset (REMINDER_HOURS) it is for. */
  hours: number;
  /** The services it reminds of (a member's services of one day). */
  links: readonly ReminderLink[];
  payload?: MessagePayload;
}

/**
 * Queues reminder messages, in one transaction per few hundred. Each allocation is reminded once per offset and
 * event time: links taken already (by another worker, say) are left out of a message, and a message left with
 * none is not queued. Returns how many were queued.
 */
export async function enqueueReminders(db: Kysely<DB>, reminders: readonly NewReminder[], now: Date): Promise<number> {
  let queued = 0;
  for (let start = 0; start < reminders.length; start += 200) {
    const chunk = reminders.slice(start, start + 200);
    queued += await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('outbox')
        .values(
          chunk.map((reminder) => ({
            kind: 'reminder',
            dedupe_key: reminder.key,
            recipient_id: reminder.recipientId,
            payload: JSON.stringify(reminder.payload ?? {}),
            due_at: now.toISOString(),
            created_at: now.toISOString(),
            message_token: messageToken(),
          })),
        )
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .returning(['id', 'dedupe_key'])
        .execute();
      if (inserted.length === 0) return 0;
      const idOf = new Map(inserted.map((row) => [row.dedupe_key, row.id]));
      const links = chunk.flatMap((reminder) => {
        const id = idOf.get(reminder.key);
        return id === undefined
          ? []
          : reminder.links.map((link) => ({ outbox_id: id, allocation_id: link.allocationId, reminder_hours: reminder.hours, event_at: link.eventAt }));
      });
      const linked = new Set<number>();
      for (let at = 0; at < links.length; at += 500) {
        const rows = await trx
          .insertInto('outbox_allocations')
          .values(links.slice(at, at + 500))
          .onConflict((oc) => oc.columns(['allocation_id', 'reminder_hours', 'event_at']).doNothing())
          .returning('outbox_id')
          .execute();
        for (const row of rows) linked.add(row.outbox_id);
      }
      const empty = inserted.filter((row) => !linked.has(row.id)).map((row) => row.id);
      if (empty.length > 0) await trx.deleteFrom('outbox').where('id', 'in', empty).execute();
      return inserted.length - empty.length;
    });
  }
  return queued;
}

/** The delivery state leaders see: a message being retried stays `queued`. */
export type DeliveryState = 'queued' | 'sent' | 'failed' | 'opted_out';

/**
 * Each allocation's last delivery state: that of the newest message about it that was not skipped (a reminder
 * not sent because the event had started says nothing about whether the member heard). Allocations with no
 * message are absent.
 */
export async function lastDeliveryStates(db: Db, allocationIds: readonly number[]): Promise<Map<number, DeliveryState>> {
  const states = new Map<number, DeliveryState>();
  if (allocationIds.length === 0) return states;
  const newest = new Map<number, number>();
  // Chunks keep the parameter count under SQLite's and PostgreSQL's limits for a long range.
  const ids = [...new Set(allocationIds)];
  for (let start = 0; start < ids.length; start += 5000) {
    const rows = await db
      .selectFrom('outbox_allocations')
      .innerJoin('outbox', 'outbox.id', 'outbox_allocations.outbox_id')
      .select(['outbox_allocations.allocation_id', 'outbox.id', 'outbox.status'])
      .where('outbox_allocations.allocation_id', 'in', ids.slice(start, start + 5000))
      .where('outbox.status', '!=', 'skipped')
      .execute();
    for (const row of rows) {
      if ((newest.get(row.allocation_id) ?? 0) > row.id) continue;
      newest.set(row.allocation_id, row.id);
      states.set(row.allocation_id, row.status as DeliveryState);
    }
  }
  return states;
}

export interface ClaimedMessage {
  id: number;
  kind: MessageKind;
  recipient_id: number;
  payload: MessagePayload;
  /** This try's number, from 1. */
  attempts: number;
  due_at: Instant;
  lease_id: string;
  /**
   * The left part of its Message-ID, `outbox-<id>.<message token>.<installation token>`: the same for every try of
   * the message (a message delivered twice is recognisably one), different between messages of one database, of
   * two databases, and before and after a restore.
   */
  message_key: string;
}

/**
 * Who claims messages: one per worker. Its `leaseId` (`<host>.<pid>.<key>`) marks the rows it claimed, and the
 * claims end with it rather than with the clock: on PostgreSQL the worker holds a session-level advisory lock on
 * its key (on a connection of its own), so when its process dies or its connection ends the lock is gone and the
 * other workers take its claims at once; on SQLite (one machine) a claim whose process is gone — or, in this
 * process, whose worker is gone — is taken at once, so a restart takes over what the previous process held. The
 * lease's clock stays as the last resort (a worker that hangs holding its lock, a claim this code cannot judge).
 */
export interface ClaimSession {
  readonly leaseId: string;
  /**
   * On PostgreSQL, the advisory lock the session holds: a turn's claim checks it in its own statement (ClaimOptions
   * `lock`) instead of asking `holds()` first, one round trip less per turn.
   */
  readonly lock?: SessionLock;
  /** Whether the session still holds its lock; when it does not, its claims are anyone's and it must not claim more. */
  holds(db: Kysely<DB>): Promise<boolean>;
  /** Ends the session (its lock, its connection). Claims left with its lease id are then anyone's. */
  close(): Promise<void>;
}

/** A worker session's advisory lock on PostgreSQL: its key, and the server process of the connection that holds it. */
export interface SessionLock {
  key: number;
  backend: number;
}

/** The key space of the workers' advisory locks on PostgreSQL: `pg_advisory_lock(WORKER_LOCK_SPACE, key)`. */
const WORKER_LOCK_SPACE = 6_000_026;
/** Which machine a lease id was written on (its processes are known only there). */
const HOST_TAG = createHash('sha256').update(os.hostname()).digest('hex').slice(0, 8);
const LEASE_ID = /^([0-9a-f]{8})\.(\d+)\.(\d+)$/;
/** The keys of the sessions open in this process. */
const openKeys = new Set<number>();

const randomKey = () => randomInt(1, 2 ** 31 - 1);
const leaseIdOf = (key: number) => `${HOST_TAG}.${process.pid}.${key}`;

/** Opens a worker's claim session: on PostgreSQL it takes a connection of the pool for as long as it lasts. */
export async function openClaimSession(db: Kysely<DB>): Promise<ClaimSession> {
  if (dialectOf(db) !== 'postgres') {
    let key = randomKey();
    while (openKeys.has(key)) key = randomKey();
    openKeys.add(key);
    return {
      leaseId: leaseIdOf(key),
      holds: async () => openKeys.has(key),
      async close() {
        openKeys.delete(key);
      },
    };
  }
  let end!: () => void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  let opened!: { resolve: (value: { key: number; backend: number }) => void; reject: (error: unknown) => void };
  const openedPromise = new Promise<{ key: number; backend: number }>((resolve, reject) => (opened = { resolve, reject }));
  const held = db
    .connection()
    .execute(async (connection) => {
      for (;;) {
        const key = randomKey();
        const row = (await sql<{ locked: boolean; backend: number }>`select pg_try_advisory_lock(${WORKER_LOCK_SPACE}, ${key}) as locked, pg_backend_pid() as backend`.execute(connection)).rows[0]!;
        if (!row.locked) continue;
        opened.resolve({ key, backend: row.backend });
        await ended;
        // A connection that ended took its lock with it.
        await sql`select pg_advisory_unlock(${WORKER_LOCK_SPACE}, ${key})`.execute(connection).catch(() => {});
        return;
      }
    })
    .catch((error: unknown) => opened.reject(error));
  const { key, backend } = await openedPromise;
  return {
    leaseId: leaseIdOf(key),
    lock: { key, backend },
    async holds(db) {
      const rows = await sql<{ held: boolean }>`select ${lockHeld({ key, backend })} as held`.execute(db);
      return rows.rows[0]?.held === true;
    },
    async close() {
      end();
      await held;
    },
  };
}

/** Whether the session's advisory lock is still held (a boolean SQL expression). */
const lockHeld = (lock: SessionLock) => sql<boolean>`exists (
  select 1 from pg_locks
  where locktype = 'advisory' and classid = ${WORKER_LOCK_SPACE} and objid = ${lock.key} and objsubid = 2 and pid = ${lock.backend} and granted)`;

/**
 * Of the claims on queued messages, the lease ids whose session is gone: on PostgreSQL, those whose advisory lock
 * this transaction can take (it then keeps it until it ends, so no worker takes that key in between); on SQLite,
 * those of a process of this machine that is no longer running, or of this process but no open session. A lease
 * id not in today's form (a worker of an older version) is left to its lease's clock.
 */
async function abandonedLeases(trx: Transaction<DB>): Promise<string[]> {
  const rows = await trx.selectFrom('outbox').select('lease_id').distinct().where('lease_id', 'is not', null).where('status', '=', 'queued').execute();
  const leases = rows.flatMap((row) => {
    const match = row.lease_id === null ? null : LEASE_ID.exec(row.lease_id);
    return match ? [{ leaseId: row.lease_id!, host: match[1]!, pid: Number(match[2]), key: Number(match[3]) }] : [];
  });
  if (leases.length === 0) return [];
  if (dialectOf(trx) === 'postgres') {
    const keys = [...new Set(leases.map((lease) => lease.key))].filter((key) => key >= 1 && key < 2 ** 31);
    if (keys.length === 0) return [];
    const free = await sql<{ key: number }>`
      select key from unnest(cast(${keys} as integer[])) as key where pg_try_advisory_xact_lock(${WORKER_LOCK_SPACE}, key)`.execute(trx);
    const freeKeys = new Set(free.rows.map((row) => Number(row.key)));
    return leases.filter((lease) => freeKeys.has(lease.key)).map((lease) => lease.leaseId);
  }
  return leases
    .filter((lease) => lease.host === HOST_TAG && (lease.pid === process.pid ? !openKeys.has(lease.key) : !processRuns(lease.pid)))
    .map((lease) => lease.leaseId);
}

/** The lease clock: the database's own (`now()`), so that instances whose clocks differ agree, unless a test sets one. */
function leaseNow(db: Db, clock: Date | undefined) {
  if (clock) return sql<string>`${clock.toISOString()}`;
  return dialectOf(db) === 'postgres' ? sql<string>`now()` : sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
}

function leaseEnd(db: Db, clock: Date | undefined, leaseMs: number) {
  const ms = Math.round(leaseMs);
  if (clock) return sql<string>`${new Date(clock.getTime() + ms).toISOString()}`;
  return dialectOf(db) === 'postgres'
    ? sql<string>`now() + ${sql.lit(ms)} * interval '1 millisecond'`
    : sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${`+${ms / 1000} seconds`})`;
}

export interface ClaimOptions {
  /** The worker's clock: messages due by then are claimed. */
  now: Date;
  limit: number;
  leaseMs: number;
  leaseId: string;
  /** The lease clock, when a test sets one; by default the database's. */
  leaseClock?: Date;
  /** Messages this worker is sending now: never claimed twice, whatever the clock says of their lease. */
  sending?: readonly number[];
  /**
   * Whether to look for claims whose session is gone (true by default). Without an index on the lease that looks
   * through the queued rows, so a worker draining a long queue asks about once a second.
   */
  takeAbandoned?: boolean;
  /** The claiming session's lock (PostgreSQL): nothing is claimed unless it is still held, and the turn says so. */
  lock?: SessionLock;
}

/**
 * Claims up to `limit` due messages for `leaseMs` (by the lease clock): until then, or until the session of
 * `leaseId` ends, no other worker takes them. On PostgreSQL the rows are picked `FOR UPDATE SKIP LOCKED`, so workers
 * of several API instances claim disjoint sets at once; on SQLite the claim is one `begin immediate` transaction
 * (every transaction there is), so claims run one at a time. A claim counts as a try: a worker that dies while
 * sending does not retry a message forever.
 */
export async function claimDueMessages(db: Kysely<DB>, options: ClaimOptions): Promise<ClaimedMessage[]> {
  if (options.limit <= 0) return [];
  return db.transaction().execute((trx) => claimIn(trx, options));
}

/**
 * A worker's turn in one commit (a commit costs a disk flush, several milliseconds, on both databases): records the
 * outcomes of the messages it finished, then claims messages for its free slots. A slot's next message is thus
 * claimed only once its last outcome is stored. Returns the ids whose outcome was not this worker's to record
 * (another worker took the message), the claimed messages, and whether the claim found its session's lock gone
 * (`claim.lock`: then nothing is claimed, the outcomes are still stored, and the worker opens another session).
 */
export async function recordAndClaim(
  db: Kysely<DB>,
  turn: { outcomes: ReadonlyArray<{ message: ClaimedMessage; outcome: Outcome }>; now: Date; claim?: ClaimOptions },
): Promise<{ lost: number[]; claimed: ClaimedMessage[]; sessionLost: boolean }> {
  // The common case — sent, nothing secret to erase — in one statement per claim; the others one by one.
  const plain = new Set(turn.outcomes.filter(({ message, outcome }) => outcome.status === 'sent' && message.payload.secret === undefined).map(({ message }) => message));
  if (dialectOf(db) === 'postgres' && plain.size === turn.outcomes.length && (turn.claim === undefined || turn.claim.takeAbandoned === false)) {
    return recordAndClaimInOneStatement(db, [...plain], turn.now, turn.claim ?? { now: turn.now, limit: 0, leaseMs: 0, leaseId: '' });
  }
  return db.transaction().execute(async (trx) => {
    const lost: number[] = [];
    let claim = turn.claim && turn.claim.limit > 0 ? turn.claim : undefined;
    let sessionLost = false;
    if (claim?.lock) {
      const held = await sql<{ held: boolean }>`select ${lockHeld(claim.lock)} as held`.execute(trx);
      sessionLost = held.rows[0]?.held !== true;
      if (sessionLost) claim = undefined;
    }
    for (const [leaseId, sent] of byLeaseId([...plain])) {
      const ids = sent.map((message) => message.id);
      const stored = await trx
        .updateTable('outbox')
        .set({ status: 'sent', last_error: null, sent_at: turn.now.toISOString(), lease_until: null, lease_id: null })
        .where('id', 'in', ids)
        .where('lease_id', '=', leaseId)
        .where('status', '=', 'queued')
        .returning('id')
        .execute();
      const done = new Set(stored.map((row) => row.id));
      lost.push(...ids.filter((id) => !done.has(id)));
    }
    for (const { message, outcome } of turn.outcomes) {
      if (plain.has(message)) continue;
      if (!(await recordOutcome(trx, message, outcome, turn.now))) lost.push(message.id);
    }
    const claimed = claim ? await claimIn(trx, claim) : [];
    return { lost, claimed, sessionLost };
  });
}

async function claimIn(trx: Transaction<DB>, options: ClaimOptions): Promise<ClaimedMessage[]> {
  const now = options.now.toISOString();
  const abandoned = options.takeAbandoned === false ? [] : await abandonedLeases(trx);
  let query = trx
    .selectFrom('outbox')
    .select(['id', 'kind', 'recipient_id', 'payload', 'attempts', 'due_at', 'message_token', 'created_at'])
    .select((eb) => eb.selectFrom('installation').select('token').where('id', '=', 1).as('installation'))
    .where('status', '=', 'queued')
    .where('due_at', '<=', now)
    .where((eb) =>
      eb.or([
        eb('lease_until', 'is', null),
        eb('lease_until', '<=', leaseNow(trx, options.leaseClock)),
        ...(abandoned.length > 0 ? [eb('lease_id', 'in', abandoned)] : []),
      ]),
    )
    .orderBy('due_at')
    .orderBy('id')
    .limit(options.limit);
  if (options.sending && options.sending.length > 0) query = query.where('id', 'not in', [...options.sending]);
  if (dialectOf(trx) === 'postgres') query = query.forUpdate().skipLocked();
  const rows = await query.execute();
  if (rows.length === 0) return [];
  await trx
    .updateTable('outbox')
    .set({
      lease_until: leaseEnd(trx, options.leaseClock, options.leaseMs),
      lease_id: options.leaseId,
      attempts: sql<number>`attempts + 1`,
    })
    .where(
      'id',
      'in',
      rows.map((row) => row.id),
    )
    .execute();
  return rows.map((row) => claimedMessage({ ...row, attempts: row.attempts + 1 }, options.leaseId));
}

/** A claimed row as the worker holds it; `attempts` counts the claim. */
function claimedMessage(
  row: { id: number; kind: string; recipient_id: number; payload: string; attempts: number; due_at: Instant; message_token: string | null; created_at: Instant; installation: string | null },
  leaseId: string,
): ClaimedMessage {
  return {
    id: row.id,
    kind: row.kind as MessageKind,
    recipient_id: row.recipient_id,
    payload: JSON.parse(row.payload) as MessagePayload,
    attempts: row.attempts,
    due_at: row.due_at,
    lease_id: leaseId,
    // A message queued before migration 012 without a token (none is left queued after it) gets one from its row.
    message_key: `outbox-${row.id}.${row.message_token ?? createHash('sha256').update(`${row.id}:${row.created_at}`).digest('hex').slice(0, 12)}.${row.installation ?? 'x'}`,
  };
}

/**
 * recordAndClaim on PostgreSQL, when every outcome is a plain `sent` and no abandoned claims are looked for (most
 * turns of a draining worker): one statement, thus one round trip and one commit, where the transaction took
 * seven (begin, the lock check, the outcomes, the claim's select and update, commit). The same conditions as the
 * transaction's: an outcome is stored only under the claim that holds the message; rows are claimed `FOR UPDATE
 * SKIP LOCKED` only while the session's lock is held, by the lease clock, never one this worker is sending.
 */
async function recordAndClaimInOneStatement(
  db: Kysely<DB>,
  sent: readonly ClaimedMessage[],
  now: Date,
  claim: ClaimOptions,
): Promise<{ lost: number[]; claimed: ClaimedMessage[]; sessionLost: boolean }> {
  const ids = sent.map((message) => message.id);
  const leases = sent.map((message) => message.lease_id);
  const due = claim.now.toISOString();
  type Row = {
    done: number[];
    held: boolean;
    id: number | null;
    kind: string;
    recipient_id: number;
    payload: string;
    attempts: number;
    due_at: Instant;
    message_token: string | null;
    created_at: Instant;
    installation: string | null;
  };
  const { rows } = await sql<Row>`
    with done as (
      update outbox set status = 'sent', last_error = null, sent_at = ${now.toISOString()}, lease_until = null, lease_id = null
      where (id, lease_id) in (select * from unnest(cast(${ids} as integer[]), cast(${leases} as text[]))) and status = 'queued'
      returning id
    ),
    session as (select ${claim.lock ? lockHeld(claim.lock) : sql<boolean>`true`} as held),
    picked as (
      select id from outbox
      where ${sql.lit(claim.limit > 0)} and (select held from session)
        and status = 'queued' and due_at <= ${due}
        and (lease_until is null or lease_until <= ${leaseNow(db, claim.leaseClock)})
        and id <> all(cast(${[...(claim.sending ?? [])]} as integer[]))
      order by due_at, id
      limit ${Math.max(0, Math.floor(claim.limit))}
      for update skip locked
    ),
    claimed as (
      update outbox set lease_until = ${leaseEnd(db, claim.leaseClock, claim.leaseMs)}, lease_id = ${claim.leaseId}, attempts = outbox.attempts + 1
      from picked where outbox.id = picked.id
      returning outbox.id, outbox.kind, outbox.recipient_id, outbox.payload, outbox.attempts, outbox.due_at, outbox.message_token, outbox.created_at
    )
    select
      (select coalesce(array_agg(id), '{}') from done) as done,
      (select held from session) as held,
      claimed.*,
      (select token from installation where id = 1) as installation
    from (select 1) as one
    left join claimed on true
    order by claimed.due_at, claimed.id`.execute(db);
  const done = new Set((rows[0]?.done ?? []).map(Number));
  return {
    lost: ids.filter((id) => !done.has(id)),
    claimed: rows.flatMap((row) => (row.id === null ? [] : [claimedMessage(row as Row & { id: number }, claim.leaseId)])),
    sessionLost: rows[0]?.held === false,
  };
}

function byLeaseId(messages: readonly ClaimedMessage[]): Map<string, ClaimedMessage[]> {
  const groups = new Map<string, ClaimedMessage[]>();
  for (const message of messages) groups.set(message.lease_id, [...(groups.get(message.lease_id) ?? []), message]);
  return groups;
}

/** Extends the leases of messages still being sent (by the lease clock); the ids whose claim is no longer this worker's are left alone. */
export async function renewLeases(db: Kysely<DB>, messages: readonly ClaimedMessage[], options: { leaseMs: number; leaseClock?: Date }): Promise<void> {
  const byLease = byLeaseId(messages);
  for (const [leaseId, claimed] of byLease) {
    await db
      .updateTable('outbox')
      .set({ lease_until: leaseEnd(db, options.leaseClock, options.leaseMs) })
      .where('lease_id', '=', leaseId)
      .where('status', '=', 'queued')
      .where(
        'id',
        'in',
        claimed.map((message) => message.id),
      )
      .execute();
  }
}

/**
 * Gives claimed messages back to the queue at once (a worker stopping): `untried` ones were never handed to the
 * mail server, and their claim does not count as a try; the others may have reached it (they may go out twice).
 */
export async function releaseClaims(db: Kysely<DB>, messages: readonly ClaimedMessage[], untried: boolean): Promise<void> {
  const byLease = byLeaseId(messages);
  for (const [leaseId, claimed] of byLease) {
    await db
      .updateTable('outbox')
      .set({ lease_until: null, lease_id: null, ...(untried ? { attempts: sql<number>`attempts - 1` } : {}) })
      .where('lease_id', '=', leaseId)
      .where('status', '=', 'queued')
      .where(
        'id',
        'in',
        claimed.map((message) => message.id),
      )
      .execute();
  }
}

/** A message's outcome: sent, or not to be sent (`opted_out`, `skipped`), or a failed try. */
export type Outcome =
  | { status: 'sent' | 'opted_out' | 'skipped'; reason?: string }
  | { status: 'retry'; error: string; retryAt: Instant }
  | { status: 'failed'; error: string };

const withoutSecret = (payload: MessagePayload): string => {
  const { secret: _secret, ...rest } = payload;
  return JSON.stringify(rest);
};

/**
 * Records a claimed message's outcome. Only the claim that holds the lease may: a worker whose claim was taken
 * over (and whose message another worker took) changes nothing, and false is returned. Once a message is done its
 * secret is erased, so the raw token of a link lives only until the message is out.
 */
export async function recordOutcome(db: Db, message: ClaimedMessage, outcome: Outcome, now: Date): Promise<boolean> {
  const released = { lease_until: null, lease_id: null };
  const values =
    outcome.status === 'retry'
      ? { ...released, due_at: outcome.retryAt, last_error: outcome.error.slice(0, 500) }
      : outcome.status === 'failed'
        ? { ...released, status: 'failed' as OutboxStatus, last_error: outcome.error.slice(0, 500), payload: withoutSecret(message.payload) }
        : {
            ...released,
            status: outcome.status as OutboxStatus,
            last_error: outcome.reason?.slice(0, 500) ?? null,
            payload: withoutSecret(message.payload),
            ...(outcome.status === 'sent' ? { sent_at: now.toISOString() } : {}),
          };
  const result = await db
    .updateTable('outbox')
    .set(values)
    .where('id', '=', message.id)
    .where('lease_id', '=', message.lease_id)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
