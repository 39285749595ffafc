import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

/** One message an SMTP sink accepted. */
export interface ReceivedMail {
  /** The envelope's recipients. */
  to: string[];
  from: string;
  /** The message as it came over the wire (RFC 5322). */
  raw: string;
  /** The SMTP connection (session) it came over. */
  connection: string;
}

/** What the sink answers a message (a DATA command): accept it, or refuse it with an SMTP error. */
export type DataVerdict = { accept: true } | { accept: false; code: number; message: string };

export interface SmtpSinkOptions {
  /** Decides on each message before it is kept; by default every message is accepted. */
  verdict?: (mail: ReceivedMail, attempt: number) => DataVerdict;
  /** Runs when a message has arrived, before the sink answers it (the client waits): a test looks at the database then. */
  inspect?: (mail: ReceivedMail) => Promise<void>;
}

/** A real SMTP server in the test process (the `smtp-server` package), keeping every message it accepts. */
export interface SmtpSink {
  /** `smtp://user:secret@127.0.0.1:port` — what SMTP_URL is set to. */
  url: string;
  port: number;
  /** Accepted messages, in order. */
  received: ReceivedMail[];
  /** Every DATA the sink saw (accepted or refused), per recipient address. */
  attempts: Map<string, number>;
  /** The accepted messages to one address. */
  to(address: string): ReceivedMail[];
  parse(mail: ReceivedMail): Promise<ParsedMail>;
  close(): Promise<void>;
}

export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const attempts = new Map<string, number>();
  const server = new SMTPServer({
    // Plain SMTP on loopback: no STARTTLS to offer a self-signed certificate the client would refuse.
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    disableReverseLookup: true,
    logger: false,
    size: 10 * 1024 * 1024,
    onAuth(auth, _session, callback) {
      // The credentials in SMTP_URL reach the server (nodemailer logs in with them).
      if (auth.username === 'user' && auth.password === 'secret') callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        const mail: ReceivedMail = {
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          raw: Buffer.concat(chunks).toString('utf8'),
          connection: session.id,
        };
        if (options.inspect) {
          try {
            await options.inspect(mail);
          } catch (error) {
            callback(Object.assign(error instanceof Error ? error : new Error(String(error)), { responseCode: 451 }));
            return;
          }
        }
        const key = mail.to.join(',');
        const attempt = (attempts.get(key) ?? 0) + 1;
        attempts.set(key, attempt);
        const verdict = options.verdict?.(mail, attempt) ?? { accept: true };
        if (!verdict.accept) {
          const error = Object.assign(new Error(verdict.message), { responseCode: verdict.code });
          callback(error);
          return;
        }
        received.push(mail);
        callback(null, 'Message queued');
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://user:secret@127.0.0.1:${port}`,
    port,
    received,
    attempts,
    to: (address) => received.filter((mail) => mail.to.includes(address)),
    parse: (mail) => simpleParser(mail.raw),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
