import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { canonicalTimeZone } from '../../shared/timeZones.ts';

const port = z
  .string()
  .trim()
  .regex(/^\d{1,5}$/, { message: 'deve ser um número de porta entre 1 e 65535' })
  .transform(Number)
  .refine((value) => value >= 1 && value <= 65535, { message: 'deve ser um número de porta entre 1 e 65535' });
const url = z.url({ protocol: /^https?$/, message: 'deve ser um endereço http:// ou https://' });
/** One events API, or several separated by commas: the web host spreads `/api` over them (README, Várias instâncias). */
const apiUrls = z.string().transform((value, ctx) => {
  const urls = value.split(',').map((entry) => entry.trim());
  if (urls.some((entry) => !url.safeParse(entry).success)) {
    ctx.addIssue({ code: 'custom', message: 'deve ser um endereço http:// ou https://, ou vários separados por vírgula' });
    return z.NEVER;
  }
  return urls;
});

const envSchema = z.object({
  PORT: port.default(8080),
  API_PORT: port.default(3000),
  EVENTS_API_URL: apiUrls.optional(),
  EVENTS_API_TIMEOUT_SECONDS: z
    .string()
    .trim()
    .regex(/^\d+$/, { message: 'deve ser um número de segundos entre 1 e 600' })
    .transform(Number)
    .refine((value) => value >= 1 && value <= 600, { message: 'deve ser um número de segundos entre 1 e 600' })
    .default(30),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'deve começar com postgres:// ou postgresql://' })
    .optional(),
  // Connections each API instance keeps to PostgreSQL: N instances take up to N × this of max_connections. The
  // outbox worker holds one for its claims' lock (docs/adr/0003-transactional-outbox.md), so at least 2.
  DATABASE_POOL_SIZE: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, { message: 'deve ser um número inteiro de conexões entre 2 e 500' })
    .transform(Number)
    .refine((value) => value >= 2 && value <= 500, { message: 'deve ser um número inteiro de conexões entre 2 e 500' })
    .default(10),
  PORTAL_NAME: z.string().trim().min(1, { message: 'não pode ficar em branco' }).max(100, { message: 'pode ter no máximo 100 caracteres' }).default('Koinonia'),
  APP_TIMEZONE: z
    .string()
    .transform((value, ctx) => {
      const zone = canonicalTimeZone(value);
      if (zone === undefined) ctx.addIssue({ code: 'custom', message: 'não é um fuso horário IANA conhecido (ex.: America/Sao_Paulo)' });
      return zone ?? value;
    })
    .default('America/Sao_Paulo'),
  SOCIAL_INSTAGRAM_URL: url.default('https://www.instagram.com/'),
  SOCIAL_FACEBOOK_URL: url.default('https://www.facebook.com/'),
  SOCIAL_TWITTER_URL: url.default('https://twitter.com/'),
  SOCIAL_YOUTUBE_URL: url.default('https://www.youtube.com/'),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false'], { message: 'use auto, true ou false' }).default('auto'),
  TRUST_PROXY: z.string().min(1).default('loopback'),
  PUBLIC_URL: url
    .refine((value) => !/[?#]/.test(value), { message: 'deve ser só o endereço base, sem ? nem #' })
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  API_HOST: z
    .string()
    .trim()
    .refine((value) => isIP(value) !== 0 || /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/i.test(value), {
      message: 'deve ser um endereço IP ou nome de host (ex.: 127.0.0.1 ou 0.0.0.0)',
    })
    .optional(),
  SMTP_URL: z
    .string()
    .trim()
    .refine((value) => /^smtps?:\/\/[^/?#]+/.test(value) && URL.canParse(value), { message: 'deve ser um endereço smtp:// ou smtps:// (ex.: smtps://usuario:senha@smtp.exemplo.org)' })
    .optional(),
  MAIL_FROM: z.string().trim().min(3, { message: 'informe o remetente (ex.: Koinonia <nao-responda@exemplo.org>)' }).max(300).optional(),
  REMINDER_HOURS: z
    .string()
    .trim()
    .regex(/^(off|\d{1,3}(\s*,\s*\d{1,3})*)$/, { message: 'deve ser uma lista de horas entre 1 e 720 separadas por vírgula (ex.: 48,3) ou off' })
    .transform((value) => (value === 'off' ? [] : [...new Set(value.split(',').map((hours) => Number(hours.trim())))].sort((a, b) => b - a)))
    .refine((hours) => hours.every((value) => value >= 1 && value <= 720), { message: 'deve ser uma lista de horas entre 1 e 720 separadas por vírgula (ex.: 48,3) ou off' })
    .default([48, 3]),
  // Hours before its event when a cover request nobody took is escalated to the team's leaders (docs/product.md §10).
  COVER_ESCALATE_HOURS: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, { message: 'deve ser um número inteiro de horas entre 1 e 720' })
    .transform(Number)
    .refine((value) => value >= 1 && value <= 720, { message: 'deve ser um número inteiro de horas entre 1 e 720' })
    .default(24),
  // Two services of one member must be at least this far apart, end to start (docs/product.md §8).
  ALLOCATION_BUFFER_MINUTES: z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, { message: 'deve ser um número inteiro de minutos entre 0 e 1440' })
    .transform(Number)
    .refine((value) => value <= 1440, { message: 'deve ser um número inteiro de minutos entre 0 e 1440' })
    .default(60),
  // Retired by the overlap-plus-buffer rule: refused rather than ignored, so an upgrade that still sets it learns
  // that the clash window now comes from ALLOCATION_BUFFER_MINUTES.
  ALLOCATION_CONFLICT_HOURS: z
    .undefined({ message: 'não é mais lido: dois serviços conflitam quando se sobrepõem ou ficam a menos de ALLOCATION_BUFFER_MINUTES (padrão 60) um do outro; remova a variável' })
    .optional(),
  REGISTRATIONS_PER_HOUR: z
    .string()
    .trim()
    .regex(/^\d+$/, { message: 'deve ser um número de cadastros entre 1 e 100000' })
    .transform(Number)
    .refine((value) => value >= 1 && value <= 100_000, { message: 'deve ser um número de cadastros entre 1 e 100000' })
    .default(50),
  // Days after their event or day when decline reasons, blockout notes and sent messages' personal fields are
  // erased (docs/product.md §11).
  RETENTION_DAYS: z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, { message: 'deve ser um número inteiro de dias entre 30 e 3650' })
    .transform(Number)
    .refine((value) => value >= 30 && value <= 3650, { message: 'deve ser um número inteiro de dias entre 30 e 3650' })
    .default(365),
  DEMO_DATA: z.enum(['true', 'false'], { message: 'use true ou false' }).default('true'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'use fatal, error, warn, info, debug, trace ou silent',
    })
    .default('info'),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  port: number;
  apiPort: number;
  /** Where the web host forwards `/api`: one events API, or several taken in turn. */
  eventsApiUrls: string[];
  /** How long the web host waits for the API to start answering before it answers 504 (ms). */
  eventsApiTimeoutMs: number;
  /** True when EVENTS_API_URL was given: the API runs elsewhere. */
  externalApi: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL connections per API instance (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  portalName: string;
  timeZone: string;
  social: { instagram: string; facebook: string; twitter: string; youtube: string };
  cookieSecure: 'auto' | 'always' | 'never';
  trustProxy: string[];
  /** Two services of one member closer than this (minutes, end to start) are a schedule conflict. */
  allocationBufferMinutes: number;
  /** The portal's address as its users reach it (`https://portal.example.org`, no trailing slash): links the API hands out use it instead of the request's Host. */
  publicUrl: string | undefined;
  /** Where the API's own port listens; undefined: loopback when the web host runs in the same process, every interface otherwise. */
  apiHost: string | undefined;
  /** Where e-mail goes (`smtp://` or `smtps://`, credentials in the URL); undefined: each message becomes an `.eml` file under `DATA_DIR/outbox/`. */
  smtpUrl: string | undefined;
  /** The From of every message. */
  mailFrom: string;
  /** Hours before an event when its people are reminded, largest first (empty: no reminders). */
  reminderHours: number[];
  /** Hours before its event when a cover request still open is escalated to the team's leaders, once. */
  coverEscalateHours: number;
  /** Registrations accepted from one client address per hour (more answer 429). */
  registrationsPerHour: number;
  /** Days after their event or day when personal notes and reasons are erased (docs/product.md §11). */
  retentionDays: number;
  /** Whether the first start of an empty embedded database creates the demo data (random passwords, shown once). */
  demoData: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
}

export class ConfigError extends Error {}

/** A value as it may be printed: the password of a URL's userinfo never reaches a terminal or a log. */
function redact(value: string): string {
  return value.replace(/(\/\/[^/@:]*:)[^/@]*@/, '$1***@');
}

/** Reads and validates the environment once; a bad value throws a ConfigError naming it. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'configuração');
    throw new ConfigError(`Configuração inválida: ${name}=${JSON.stringify(redact(present[name] ?? ''))} — ${issue.message}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    apiPort: e.API_PORT,
    eventsApiUrls: e.EVENTS_API_URL ?? [`http://127.0.0.1:${e.API_PORT}`],
    eventsApiTimeoutMs: e.EVENTS_API_TIMEOUT_SECONDS * 1000,
    externalApi: e.EVENTS_API_URL !== undefined,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    portalName: e.PORTAL_NAME,
    timeZone: e.APP_TIMEZONE,
    social: {
      instagram: e.SOCIAL_INSTAGRAM_URL,
      facebook: e.SOCIAL_FACEBOOK_URL,
      twitter: e.SOCIAL_TWITTER_URL,
      youtube: e.SOCIAL_YOUTUBE_URL,
    },
    cookieSecure: e.COOKIE_SECURE === 'true' ? 'always' : e.COOKIE_SECURE === 'false' ? 'never' : 'auto',
    trustProxy: e.TRUST_PROXY.split(',').map((entry) => entry.trim()).filter(Boolean),
    allocationBufferMinutes: e.ALLOCATION_BUFFER_MINUTES,
    publicUrl: e.PUBLIC_URL,
    apiHost: e.API_HOST,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${e.PORTAL_NAME.replace(/["\\\r\n]/g, '')} <nao-responda@${e.PUBLIC_URL ? new URL(e.PUBLIC_URL).hostname : 'localhost'}>`,
    reminderHours: e.REMINDER_HOURS,
    coverEscalateHours: e.COVER_ESCALATE_HOURS,
    logLevel: e.LOG_LEVEL,
    registrationsPerHour: e.REGISTRATIONS_PER_HOUR,
    retentionDays: e.RETENTION_DAYS,
    demoData: e.DEMO_DATA === 'true',
  };
}
