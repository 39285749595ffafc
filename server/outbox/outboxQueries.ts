import { sql, type Kysely, type Transaction } from 'kysely';
import { dialectOf } from '../db/dialect.ts';
import type { DB, Instant, OutboxStatus } from '../db/schema.ts';

/**
 * The outbox (docs/product.md §7): every message is a row written in the transaction of what caused it, then sent by
 * the worker of server/notifications/. This kit is the one place that writes and reads the table, so the
 * resources that cause messages (escalas, responses, events, passwordReset) queue them without knowing how
 * they are sent.
 */

type Db = Kysely<DB> | Transaction<DB>;

export type MessageKind = 'invitation' | 'reminder' | 'declined' | 'event_moved' | 'event_cancelled' | 'password_reset';

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
}

/**
 * Claims up to `limit` due messages for `leaseMs`: until then no other worker takes them. On PostgreSQL the rows
 * are picked `FOR UPDATE SKIP LOCKED`, so workers of several API instances claim disjoint sets at once; on
 * SQLite the claim is one `begin immediate` transaction (every transaction there is), so claims run one at a
 * time. A claim counts as a try: a worker that dies while sending does not retry a message forever.
 */
export async function claimDueMessages(
  db: Kysely<DB>,
  options: { now: Date; limit: number; leaseMs: number; leaseId: string; /** Messages this worker is sending now: never claimed twice, whatever the clock says of their lease. */ sending?: readonly number[] },
): Promise<ClaimedMessage[]> {
  const now = options.now.toISOString();
  return db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('outbox')
      .select(['id', 'kind', 'recipient_id', 'payload', 'attempts', 'due_at'])
      .where('status', '=', 'queued')
      .where('due_at', '<=', now)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
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
        lease_until: new Date(options.now.getTime() + options.leaseMs).toISOString(),
        lease_id: options.leaseId,
        attempts: sql<number>`attempts + 1`,
      })
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind as MessageKind,
      recipient_id: row.recipient_id,
      payload: JSON.parse(row.payload) as MessagePayload,
      attempts: row.attempts + 1,
      due_at: row.due_at,
      lease_id: options.leaseId,
    }));
  });
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
 * Records the outcomes of claimed messages, in one transaction. Only the claim that holds the lease may: a worker
 * whose lease ran out (and whose message another worker took) changes nothing; the ids of such messages are
 * returned. Once a message is done its secret is erased, so the raw token of a link lives only until the message
 * is out.
 */
export async function recordOutcomes(
  db: Kysely<DB>,
  outcomes: ReadonlyArray<{ message: ClaimedMessage; outcome: Outcome }>,
  now: Date,
): Promise<number[]> {
  if (outcomes.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const lost: number[] = [];
    for (const { message, outcome } of outcomes) {
      if (!(await recordOutcome(trx, message, outcome, now))) lost.push(message.id);
    }
    return lost;
  });
}

/** `recordOutcomes` for one message; false when its lease was not this claim's any more. */
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
