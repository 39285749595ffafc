import type { DayKey } from './days.ts';

const LOCALE = 'pt-BR';
const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE, { ...options, timeZone });
    cache.set(key, format);
  }
  return format;
}

/** The spec's "long medium" date-time: `22 de novembro de 2026 às 19:30:00`. */
export function formatDateTime(iso: string, timeZone: string): string {
  return formatter(timeZone, { dateStyle: 'long', timeStyle: 'medium' }).format(new Date(iso));
}

/** Noon UTC of a day key falls on that same calendar day in every real timezone offset. */
function dayKeyInstant(day: DayKey): Date {
  return new Date(`${day}T12:00:00Z`);
}

/** A calendar day: `22 de novembro de 2026`. */
export function formatDay(day: DayKey): string {
  return formatter('UTC', { dateStyle: 'long' }).format(dayKeyInstant(day));
}

/** A calendar heading: `novembro de 2026`. */
export function formatMonthHeading(day: DayKey): string {
  return formatter('UTC', { month: 'long', year: 'numeric' }).format(dayKeyInstant(day));
}

/** Only a time of day: `19:30`. */
export function formatTime(iso: string, timeZone: string): string {
  return formatter(timeZone, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

/** Our own screens' and messages' date-time, without seconds (docs/product.md §2): `22 de novembro de 2026 às 19:30`. */
export function formatShortDateTime(iso: string, timeZone: string): string {
  return formatter(timeZone, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));
}
