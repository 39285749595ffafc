import { randomBytes } from 'node:crypto';
import type { Database } from '../db/openDatabase.ts';
import { claimDueMessages, recordOutcomes, type ClaimedMessage, type Outcome } from '../outbox/outboxQueries.ts';
import type { Config } from '../platform/config.ts';
import type { Logger } from '../platform/logger.ts';
import { composeMessage } from './composeMessage.ts';
import { createMailer, SEND_TIMEOUT_MS, type Mailer } from './mailer.ts';
import { queueDueReminders } from './reminderScheduler.ts';

/** Tries of one message before it is `failed`. */
export const MAX_ATTEMPTS = 6;
/**
 * The wait after each failed try: the first retry within a minute, the six tries spread over 22 minutes (a mail
 * server restarting, a greylisting server, a full mailbox get time to recover).
 */
export const RETRY_DELAYS_MS = [10_000, 60_000, 3 * 60_000, 6 * 60_000, 12 * 60_000];
/** How long a claim holds a message: well past a send's own time limit, so a slow send is never taken twice. */
export const LEASE_MS = 5 * 60_000;
/** How often (by the clock the worker is given) due reminders are looked for. */
export const REMINDER_SCAN_MS = 15_000;

export interface OutboxWorkerOptions {
  database: Database;
  config: Config;
  logger: Logger;
  /** The clock (tests move it): due times, leases, back-off and reminders follow it. */
  now?: () => Date;
  /** Defaults to the transport of the configuration (SMTP, or `.eml` files). */
  mailer?: Mailer;
  /** How long an idle worker waits before looking again (real time). */
  pollMs?: number;
  /** Messages sent at once: one slow or failing message never holds back the others. */
  concurrency?: number;
  /** Messages claimed at a time. */
  batchSize?: number;
}

export interface OutboxWorker {
  /** Look for due reminders and messages now instead of at the next poll. */
  wake(): void;
  /**
   * Resolves once the worker, looking after this call (at the clock's time then), found nothing more to do now:
   * every due reminder queued, every due message sent or recorded (a retry due later waits).
   */
  settle(): Promise<void>;
  /** Stops claiming, waits for the messages being sent, closes the transport. */
  stop(): Promise<void>;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The outbox worker (docs/product.md §7), one per API process: it queues the reminders that fall due, claims due
 * messages (a lease; on PostgreSQL `FOR UPDATE SKIP LOCKED`, so the workers of several instances never take one
 * message together), writes and sends each, and records the outcome. A failed try is retried with back-off
 * until MAX_ATTEMPTS, then the message is `failed`. Messages are independent: up to `concurrency` are in flight,
 * and one that fails or hangs holds back nothing else. A restart loses nothing: whatever was not recorded as
 * done is still queued (a message claimed by a process that died is taken again when its lease ends).
 */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { database, config, logger } = options;
  const now = options.now ?? (() => new Date());
  const mailer = options.mailer ?? createMailer(config, logger);
  const pollMs = options.pollMs ?? 1000;
  const concurrency = options.concurrency ?? 8;
  const batchSize = Math.max(options.batchSize ?? 50, concurrency);
  const leaseId = randomBytes(8).toString('hex');
  /** The messages this worker claimed and has not recorded yet: never claimed again by it, whatever the clock says. */
  const held = new Set<number>();
  let stopped = false;
  let pumping = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Infinity;
  let lastScan: number | undefined;
  let scanNow = true;
  let settleWaiters: Array<() => void> = [];

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
      void pump();
    }, delay);
  };

  async function scanReminders(): Promise<void> {
    const at = now().getTime();
    if (!scanNow && lastScan !== undefined && at >= lastScan && at - lastScan < REMINDER_SCAN_MS) return;
    scanNow = false;
    lastScan = at;
    if (config.reminderHours.length === 0) return;
    const queued = await queueDueReminders(database.db, { now: new Date(at), hours: config.reminderHours, timeZone: config.timeZone });
    if (queued > 0) logger.info({ queued }, 'lembretes na fila');
  }

  /** Writes and sends one message; never throws: a failure is an outcome. */
  async function deliver(message: ClaimedMessage): Promise<Outcome> {
    try {
      const composed = await composeMessage(database.db, config, message, now());
      if (!('mail' in composed)) return composed;
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

  /** Outcomes wait here to be recorded together: one transaction (one disk flush) for many messages. */
  let unrecorded: Array<{ message: ClaimedMessage; outcome: Outcome }> = [];
  let recording: Promise<void> | undefined;

  async function recordAll(): Promise<void> {
    while (unrecorded.length > 0) {
      const batch = unrecorded;
      unrecorded = [];
      try {
        const lost = await recordOutcomes(database.db, batch, now());
        for (const id of lost) logger.warn({ outbox: id }, 'o resultado de um envio não foi registrado: outro trabalhador assumiu a mensagem');
      } catch (error) {
        // The leases run out and the messages are tried again.
        logger.error({ messages: batch.map(({ message }) => message.id), err: errorText(error) }, 'não foi possível registrar o resultado dos envios');
      }
      for (const { message } of batch) held.delete(message.id);
    }
  }

  function flush(): void {
    if (recording || unrecorded.length === 0) return;
    recording = recordAll().finally(() => {
      recording = undefined;
      flush();
      schedule(0);
    });
  }

  function record(message: ClaimedMessage, outcome: Outcome): void {
    unrecorded.push({ message, outcome });
    flush();
  }

  /** Claimed messages waiting for a free sending slot. */
  const waiting: ClaimedMessage[] = [];
  let active = 0;

  function startSending(): void {
    while (!stopped && active < concurrency && waiting.length > 0) {
      const message = waiting.shift()!;
      active += 1;
      void deliver(message).then((outcome) => {
        active -= 1;
        record(message, outcome);
        startSending();
      });
    }
  }

  const busy = () => waiting.length > 0 || active > 0 || recording !== undefined;

  async function pump(): Promise<void> {
    if (stopped) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    again = false;
    let claimedAny = false;
    const settling = settleWaiters;
    settleWaiters = [];
    try {
      await scanReminders();
      // A claim is a batch; the next is taken when this one has left the waiting line, so one slow message in a
      // slot never stops the others.
      if (!stopped && waiting.length === 0 && held.size < batchSize) {
        const claimed = await claimDueMessages(database.db, { now: now(), limit: batchSize - held.size, leaseMs: LEASE_MS, leaseId, sending: [...held] });
        for (const message of claimed) held.add(message.id);
        waiting.push(...claimed);
        claimedAny = claimed.length > 0;
        startSending();
      }
    } catch (error) {
      logger.error({ err: errorText(error) }, 'a fila de e-mails não pôde ser lida; nova tentativa em instantes');
    } finally {
      pumping = false;
    }
    if (!claimedAny && !busy()) for (const resolve of settling) resolve();
    else settleWaiters.push(...settling);
    if (again || (claimedAny && waiting.length === 0)) schedule(0);
    else schedule(busy() ? Math.min(pollMs, 50) : pollMs);
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
      // A send has its own time limit; past it, the lease ends and another process takes the message.
      const giveUpAt = Date.now() + SEND_TIMEOUT_MS;
      waiting.splice(0);
      while ((pumping || active > 0 || recording) && Date.now() < giveUpAt) await new Promise((resolve) => setTimeout(resolve, 20));
      mailer.close();
    },
  };
}
