import type { Database } from '../db/openDatabase.ts';
import {
  openClaimSession,
  recordAndClaim,
  releaseClaims,
  renewLeases,
  type ClaimedMessage,
  type ClaimSession,
  type Outcome,
} from '../outbox/outboxQueries.ts';
import type { Config } from '../platform/config.ts';
import type { Logger } from '../platform/logger.ts';
import { closeDueCoverRequests } from '../coverRequests/public.ts';
import { composeMessage, readMessageFacts, type MessageFacts } from './composeMessage.ts';
import { createMailer, SMTP_CONNECTIONS, type Mailer } from './mailer.ts';
import { queueDueReminders } from './reminderScheduler.ts';

/** Tries of one message before it is `failed`. */
export const MAX_ATTEMPTS = 6;
/**
 * The wait after each failed try: the first retry within a minute, the six tries spread over 22 minutes (a mail
 * server restarting, a greylisting server, a full mailbox get time to recover).
 */
export const RETRY_DELAYS_MS = [10_000, 60_000, 3 * 60_000, 6 * 60_000, 12 * 60_000];
/**
 * How long a claim holds a message without being renewed, by the lease clock (the database's). The worker renews
 * the leases of what it is sending every LEASE_RENEW_MS, so a slow send is never taken twice; the lease matters
 * only when a worker hangs — a worker that stops releases its claims, and one that dies loses them with its session.
 */
export const LEASE_MS = 30_000;
export const LEASE_RENEW_MS = 10_000;
/** How long stop() lets the messages on the wire finish before it gives their claims back. */
export const STOP_GRACE_MS = 5_000;
/** How often (by the clock the worker is given) due reminders are looked for. */
export const REMINDER_SCAN_MS = 15_000;
/** How often (real time) a worker looks for claims whose worker is gone, while it finds messages to claim. */
const ABANDONED_SCAN_MS = 1_000;
/** The wait (real time) before a turn that failed (the database did not answer) is tried again. */
const TURN_RETRY_MS = 1_000;

export interface OutboxWorkerOptions {
  database: Database;
  config: Config;
  logger: Logger;
  /** The clock (tests move it): due times, back-off and reminders follow it. */
  now?: () => Date;
  /** The clock of leases; by default the database's (`now()`), so that instances whose clocks differ agree. Tests set it. */
  leaseClock?: () => Date;
  /** Defaults to the transport of the configuration (SMTP, or `.eml` files). */
  mailer?: Mailer;
  /** How long an idle worker waits before looking again (real time). */
  pollMs?: number;
  /**
   * Messages sent at once (free slots are what it claims): one slow or failing message never holds back the others.
   * By default as many as the SMTP transport's connections.
   */
  concurrency?: number;
  /** How long stop() waits for messages on the wire (real time); STOP_GRACE_MS by default. */
  stopGraceMs?: number;
}

export interface OutboxWorker {
  /** Look for due reminders and messages now instead of at the next poll. */
  wake(): void;
  /**
   * Resolves once the worker, looking after this call (at the clock's time then), found nothing more to do now:
   * every due reminder queued, every due message sent or recorded (a retry due later waits).
   */
  settle(): Promise<void>;
  /**
   * Stops claiming, lets the messages on the wire finish for a moment (`stopGraceMs`), gives back the claims of
   * any still unfinished so another worker sends them at once, and closes the transport and the claim session.
   */
  stop(): Promise<void>;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The outbox worker (docs/product.md §7), one per API process: it queues the reminders that fall due, claims due
 * messages (a lease; on PostgreSQL `FOR UPDATE SKIP LOCKED`, so the workers of several instances never take one
 * message together), writes and sends each, and records the outcome. A failed try is retried with back-off
 * until MAX_ATTEMPTS, then the message is `failed`. Messages are independent: up to `concurrency` are in flight,
 * and one that fails or hangs holds back nothing else.
 *
 * Delivery is at-least-once, and a crash sends at most the messages that were on the wire twice: the worker
 * claims only as many messages as it has free slots, stores each outcome in the first commit after the mail server
 * took the message (before its slot takes another: a turn's one commit stores the outcomes that finished together
 * and claims for the free slots), gives its claims back when it stops, and its claims end with its session
 * (ClaimSession) when its process dies — on SQLite the next start takes them, on PostgreSQL any other worker at once.
 */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { database, config, logger } = options;
  const now = options.now ?? (() => new Date());
  const leaseClock = options.leaseClock;
  const mailer = options.mailer ?? createMailer(config, logger);
  const pollMs = options.pollMs ?? 1000;
  const concurrency = options.concurrency ?? SMTP_CONNECTIONS;
  const stopGraceMs = options.stopGraceMs ?? STOP_GRACE_MS;
  /** Claimed messages whose outcome is not stored yet: renewed, never claimed again by this worker, given back on stop. */
  const held = new Map<number, ClaimedMessage>();
  /** Of those, the ones handed to the transport (they may reach the server even if the answer never comes). */
  const onTheWire = new Set<number>();
  /** Outcomes waiting for the next turn's commit; their slots take no other message until it is stored. */
  let finished: Array<{ message: ClaimedMessage; outcome: Outcome }> = [];
  /** Slots writing or sending a message. */
  let sending = 0;
  let session: ClaimSession | undefined;
  /** Set when a turn found the session's lock gone (PostgreSQL: the claim checks it in its own statement). */
  let sessionLost = false;
  let stopped = false;
  let turning = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Infinity;
  let lastScan: number | undefined;
  let scanNow = true;
  let lastAbandonedScan = -Infinity;
  let settleWaiters: Array<() => void> = [];
  const idleWaiters: Array<() => void> = [];

  logger.info({ destination: mailer.destination, reminderHours: config.reminderHours }, config.smtpUrl ? 'e-mails: enviados por SMTP' : `e-mails: SMTP_URL não definido, cada mensagem é gravada como .eml em ${mailer.destination}`);

  const schedule = (delay: number) => {
    if (stopped) return;
    const at = Date.now() + delay;
    if (timer && timerAt <= at) return;
    clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(() => {
      timer = undefined;
      timerAt = Infinity;
      void turn();
    }, delay);
  };

  const renewal = setInterval(() => {
    if (held.size === 0) return;
    renewLeases(database.db, [...held.values()], { leaseMs: LEASE_MS, leaseClock: leaseClock?.() }).catch((error: unknown) =>
      logger.warn({ err: errorText(error) }, 'não foi possível renovar a reserva das mensagens em envio'),
    );
  }, LEASE_RENEW_MS);
  renewal.unref();

  const notifyIdle = () => {
    if (sending > 0 || turning) return;
    for (const resolve of idleWaiters.splice(0)) resolve();
  };

  /** The session claims are made in; a new one when the old one lost its lock (its claims are anyone's then). */
  async function claimSession(): Promise<ClaimSession> {
    if (session && !sessionLost && (session.lock !== undefined || (await session.holds(database.db)))) return session;
    sessionLost = false;
    if (session) {
      logger.warn({ lease: session.leaseId }, 'a sessão que reservava as mensagens deste trabalhador terminou; outra é aberta');
      void session.close().catch(() => {});
      session = undefined;
    }
    session = await openClaimSession(database.db);
    return session;
  }

  async function scanReminders(): Promise<void> {
    const at = now().getTime();
    if (!scanNow && lastScan !== undefined && at >= lastScan && at - lastScan < REMINDER_SCAN_MS) return;
    scanNow = false;
    lastScan = at;
    // Cover requests escalated or expired as their events come near (docs/product.md §10), before the messages are claimed.
    const covers = await closeDueCoverRequests(database.db, { now: new Date(at), escalateHours: config.coverEscalateHours });
    if (covers.escalated + covers.expired + covers.withdrawn > 0) logger.info({ ...covers }, 'pedidos de cobertura: escalados ou encerrados');
    if (config.reminderHours.length === 0) return;
    const queued = await queueDueReminders(database.db, { now: new Date(at), hours: config.reminderHours, timeZone: config.timeZone });
    if (queued > 0) logger.info({ queued }, 'lembretes na fila');
  }

  /** Writes and sends one message; never throws: a failure is an outcome. Undefined when the worker stopped before sending it. */
  async function deliver(message: ClaimedMessage, facts: Promise<MessageFacts | undefined>): Promise<Outcome | undefined> {
    try {
      const composed = await composeMessage(database.db, config, message, now(), await facts);
      if (!('mail' in composed)) return composed;
      if (stopped) return undefined;
      onTheWire.add(message.id);
      await mailer.send(composed.mail);
      return { status: 'sent' };
    } catch (error) {
      const text = errorText(error);
      const last = message.attempts >= MAX_ATTEMPTS;
      logger.warn({ outbox: message.id, kind: message.kind, attempt: message.attempts, err: text }, last ? 'e-mail não entregue: desistindo após as tentativas' : 'e-mail não entregue: nova tentativa mais tarde');
      return last
        ? { status: 'failed', error: text }
        : { status: 'retry', error: text, retryAt: new Date(now().getTime() + RETRY_DELAYS_MS[message.attempts - 1]!).toISOString() };
    }
  }

  /** A slot: the message is written and sent; its outcome waits for the next turn, which stores it before the slot takes another. */
  function start(message: ClaimedMessage, facts: Promise<MessageFacts | undefined>): void {
    held.set(message.id, message);
    sending += 1;
    void deliver(message, facts)
      .then(async (outcome) => {
        if (outcome !== undefined) {
          finished.push({ message, outcome });
          return;
        }
        // Stopped before it was handed over: back to the queue, as if never claimed.
        held.delete(message.id);
        await releaseClaims(database.db, [message], true).catch((error: unknown) =>
          logger.warn({ outbox: message.id, err: errorText(error) }, 'a reserva de uma mensagem não enviada não pôde ser devolvida'),
        );
      })
      .finally(() => {
        sending -= 1;
        notifyIdle();
        schedule(0);
      });
  }

  /** Stores finished outcomes; forgets them once stored. */
  function forget(outcomes: ReadonlyArray<{ message: ClaimedMessage }>, lost: readonly number[]): void {
    for (const id of lost) logger.warn({ outbox: id }, 'o resultado de um envio não foi registrado: outro trabalhador assumiu a mensagem');
    for (const { message } of outcomes) {
      held.delete(message.id);
      onTheWire.delete(message.id);
    }
  }

  /**
   * A turn: one commit stores the outcomes finished since the last turn and claims messages for the free slots
   * (one disk flush for many messages, where a commit per message capped a worker at a few dozen a second).
   */
  async function turn(): Promise<void> {
    if (stopped) return;
    if (turning) {
      again = true;
      return;
    }
    turning = true;
    again = false;
    let claimedAny = false;
    let failed = false;
    const settling = settleWaiters;
    settleWaiters = [];
    const outcomes = finished;
    finished = [];
    try {
      await scanReminders();
      // The slots of outcomes this turn stores are free; those of outcomes that came in since wait for the next.
      const free = concurrency - sending - finished.length;
      if (outcomes.length > 0 || free > 0) {
        const claimant = free > 0 ? await claimSession() : undefined;
        const takeAbandoned = Date.now() - lastAbandonedScan >= ABANDONED_SCAN_MS;
        if (claimant && takeAbandoned) lastAbandonedScan = Date.now();
        const result = await recordAndClaim(database.db, {
          outcomes,
          now: now(),
          claim: claimant && {
            now: now(),
            limit: free,
            leaseMs: LEASE_MS,
            leaseId: claimant.leaseId,
            leaseClock: leaseClock?.(),
            sending: [...held.keys()],
            takeAbandoned,
            lock: claimant.lock,
          },
        });
        if (result.sessionLost) sessionLost = true;
        const { lost, claimed } = result;
        forget(outcomes, lost);
        claimedAny = claimed.length > 0;
        if (stopped) await releaseClaims(database.db, claimed, true);
        else if (claimed.length > 0) {
          // What the claimed messages read, in one query each for all of them (a message whose read failed reads its own).
          const facts = readMessageFacts(database.db, claimed).catch(() => undefined);
          for (const message of claimed) start(message, facts);
        }
      }
    } catch (error) {
      // Stored next time; their leases are renewed meanwhile.
      finished = [...outcomes, ...finished];
      failed = true;
      logger.error({ err: errorText(error) }, 'a fila de e-mails não pôde ser lida ou atualizada; nova tentativa em instantes');
    } finally {
      turning = false;
      notifyIdle();
    }
    if (!claimedAny && held.size === 0) for (const resolve of settling) resolve();
    else settleWaiters.push(...settling);
    if (failed) schedule(TURN_RETRY_MS);
    // More may be due when this turn found some; outcomes that came in meanwhile are stored at once.
    else if (again || finished.length > 0 || (claimedAny && sending < concurrency)) schedule(0);
    else if (sending < concurrency) schedule(sending > 0 ? Math.min(pollMs, 50) : pollMs);
  }

  schedule(0);

  return {
    wake() {
      scanNow = true;
      schedule(0);
    },
    settle() {
      return new Promise<void>((resolve) => {
        scanNow = true;
        settleWaiters.push(resolve);
        schedule(0);
      });
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      for (const resolve of settleWaiters.splice(0)) resolve();
      const idle = new Promise<void>((resolve) => idleWaiters.push(resolve));
      notifyIdle();
      let graceTimer: NodeJS.Timeout | undefined;
      await Promise.race([idle, new Promise<void>((resolve) => (graceTimer = setTimeout(resolve, stopGraceMs)))]);
      clearTimeout(graceTimer);
      clearInterval(renewal);
      try {
        const outcomes = finished.splice(0);
        if (outcomes.length > 0) forget(outcomes, (await recordAndClaim(database.db, { outcomes, now: now() })).lost);
        // Still unfinished (a slow server, an answer that never came): given back, so another worker sends them
        // now rather than when the lease ends. Those on the wire may have arrived: they may go out twice.
        const left = [...held.values()];
        await releaseClaims(database.db, left.filter((message) => !onTheWire.has(message.id)), true);
        await releaseClaims(database.db, left.filter((message) => onTheWire.has(message.id)), false);
      } catch (error) {
        logger.warn({ messages: [...held.keys()], err: errorText(error) }, 'as reservas das mensagens em envio não puderam ser devolvidas');
      }
      mailer.close();
      await session?.close().catch(() => {});
      session = undefined;
    },
  };
}
