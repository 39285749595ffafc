import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../platform/config.ts';
import type { Logger } from '../platform/logger.ts';
import { processRuns } from '../platform/processRuns.ts';
import { publicBase } from './links.ts';

/** One message as the worker hands it over: already written, in pt-BR, text and HTML. */
export interface OutgoingMail {
  /** The outbox row: the file name derives from it. */
  outboxId: number;
  /** The left part of the Message-ID (`outbox-<id>.<message>.<installation>`), the same for every try: a message sent twice is recognisably one. */
  messageKey: string;
  kind: string;
  to: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  /** An iCalendar (RFC 5545) text to carry (the invitation's event). */
  calendar?: { filename: string; content: string };
  /** The recipient's one-click unsubscribe link (RFC 8058); none on a message they asked for (a password reset). */
  unsubscribeUrl?: string;
}

export interface Mailer {
  /** Resolves once the message is accepted (by the SMTP server, or written to its file); rejects otherwise. */
  send(mail: OutgoingMail): Promise<void>;
  /** Where messages go, for the start-up log line (never a password). */
  readonly destination: string;
  close(): void;
}

/** A send that takes longer than this is a failed try (the lease on the message is renewed meanwhile). */
export const SEND_TIMEOUT_MS = 90_000;
/**
 * SMTP connections kept open (nodemailer's pool), each sending one message after another: a relay answers each in
 * tens of milliseconds, so the drain rate is about this many messages per round trip (docs/product.md §7).
 */
export const SMTP_CONNECTIONS = 16;

/** The folder of the `.eml` files when no SMTP_URL is set. */
export function outboxFolder(config: Config): string {
  return path.join(config.dataDir, 'outbox');
}

function mailOptions(config: Config, mail: OutgoingMail) {
  const host = new URL(publicBase(config)).hostname;
  return {
    from: config.mailFrom,
    to: { name: mail.to.name, address: mail.to.address },
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    // The same for every try: a message delivered twice (a worker that died after the server took it) is one
    // message to mail clients. Random parts per message and per installation: never the same for two messages.
    messageId: `<${mail.messageKey}@${host}>`,
    headers: {
      'Auto-Submitted': 'auto-generated',
      'X-Koinonia-Message': mail.kind,
      ...(mail.unsubscribeUrl ? { 'List-Unsubscribe': `<${mail.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}),
    },
    ...(mail.calendar ? { icalEvent: { filename: mail.calendar.filename, method: 'PUBLISH', content: mail.calendar.content } } : {}),
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`o envio não terminou em ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The `.eml` files this process is writing now. */
const writing = new Set<string>();

/**
 * Deletes the half-written files (`<name>.eml.<pid>.tmp`) that a process which stopped mid-write left behind: those
 * of a process no longer running, and those with this process's pid that it is not writing (a restarted process
 * may get the pid of the one before, as in a container).
 */
async function removeStaleFiles(folder: string): Promise<void> {
  const names = await fs.readdir(folder).catch(() => [] as string[]);
  for (const name of names) {
    const writer = /\.eml\.(\d+)\.tmp$/.exec(name);
    if (!writer) continue;
    const file = path.join(folder, name);
    const pid = Number(writer[1]);
    if (pid === process.pid ? !writing.has(file) : !processRuns(pid)) await fs.rm(file, { force: true }).catch(() => {});
  }
}

/**
 * The transport of the configuration: SMTP (pooled connections) when SMTP_URL is set; otherwise — the embedded
 * default — every message is written as an RFC 5322 `.eml` file under `DATA_DIR/outbox/`, and a log line says
 * where, so a fresh install shows what it would send.
 */
export function createMailer(config: Config, logger: Logger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport({
      url: config.smtpUrl,
      pool: true,
      maxConnections: SMTP_CONNECTIONS,
      maxMessages: 500,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    });
    const url = new URL(config.smtpUrl);
    return {
      destination: `${url.protocol}//${url.host}`,
      async send(mail) {
        await withTimeout(transport.sendMail(mailOptions(config, mail)), SEND_TIMEOUT_MS);
      },
      close: () => transport.close(),
    };
  }

  const folder = outboxFolder(config);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const staleRemoved = removeStaleFiles(folder);
  return {
    destination: folder,
    async send(mail) {
      await staleRemoved;
      const info = await transport.sendMail(mailOptions(config, mail));
      await fs.mkdir(folder, { recursive: true });
      const file = path.join(folder, `${String(mail.outboxId).padStart(6, '0')}-${mail.kind}.eml`);
      // Written whole or not at all: a reader never sees half a message.
      const partial = `${file}.${process.pid}.tmp`;
      writing.add(partial);
      try {
        await fs.writeFile(partial, info.message as Buffer);
        await fs.rename(partial, file);
      } finally {
        writing.delete(partial);
      }
      // Which outbox row and what kind, never the recipient (docs/product.md §11): the file holds the address.
      logger.info({ outbox: mail.outboxId, kind: mail.kind, file }, `e-mail gravado em ${file} (SMTP_URL não definido)`);
    },
    close: () => transport.close(),
  };
}
