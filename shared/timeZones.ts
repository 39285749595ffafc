/**
 * Time zones of churches (docs/product.md §12, docs/adr/0006-an-event-belongs-to-its-own-zone-day.md): the
 * Brazilian zones a form offers first, the IANA check both sides use, and the zone's name shown after a time
 * when it is not the network's ("19:00 · horário de Manaus"). No dayjs: the events page's first download uses it.
 */
import { formatShortDateTime, formatTime } from './formats.ts';

/** Brazil's four offsets, by the name people know them by, Brasília first. */
export const BRAZILIAN_TIME_ZONES = [
  { id: 'America/Sao_Paulo', name: 'Horário de Brasília' },
  { id: 'America/Manaus', name: 'Horário do Amazonas' },
  { id: 'America/Rio_Branco', name: 'Horário do Acre' },
  { id: 'America/Noronha', name: 'Fernando de Noronha' },
] as const satisfies readonly { id: string; name: string }[];

/** An IANA zone's shape: `UTC`, `America/Manaus`, `Etc/GMT+3` — never a bare offset such as `+03:00`. */
const IANA_NAME = /^[A-Za-z][A-Za-z_]*(?:\/[A-Za-z0-9_+-]+)*$/;

/**
 * The canonical IANA name of a zone (`utc` → `UTC`, `america/manaus` → `America/Manaus`), or undefined when none.
 * Intl also takes offsets (`+03:00`), which are no zone: a feed's `TZID=+03:00` would break every subscriber's
 * calendar (RFC 5545 quotes a parameter with a colon), and "horário de +03:00" says nothing.
 */
export function canonicalTimeZone(value: string): string | undefined {
  if (value.trim() === '' || value.length > 64) return undefined;
  try {
    const zone = new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
    return IANA_NAME.test(zone) ? zone : undefined;
  } catch {
    return undefined;
  }
}

/** pt-BR names of cities whose IANA spelling is not how a Brazilian reads them. */
const CITY_NAMES: Record<string, string> = {
  'America/Sao_Paulo': 'São Paulo',
  'America/Noronha': 'Fernando de Noronha',
  'America/Belem': 'Belém',
  'America/Maceio': 'Maceió',
  'America/Cuiaba': 'Cuiabá',
  'America/Araguaina': 'Araguaína',
  'America/Santarem': 'Santarém',
  'America/New_York': 'Nova York',
  'America/Mexico_City': 'Cidade do México',
  'Europe/London': 'Londres',
  'Europe/Lisbon': 'Lisboa',
  'Asia/Tokyo': 'Tóquio',
  'UTC': 'UTC',
  'Etc/UTC': 'UTC',
};

/** The city a zone is named after, in pt-BR when known: `America/Rio_Branco` → `Rio Branco`. */
export function zoneCityName(zone: string): string {
  const known = CITY_NAMES[zone];
  if (known !== undefined) return known;
  const city = zone.slice(zone.lastIndexOf('/') + 1);
  return city.replace(/_/g, ' ');
}

/** What follows a time of an event in `zone`: '' in the network's own zone, else ` · horário de Manaus`. */
export function zoneSuffix(zone: string, networkZone: string): string {
  return zone === networkZone ? '' : ` · horário de ${zoneCityName(zone)}`;
}

/** `19:00 · horário de Manaus` (only `19:00` in the network's zone). */
export function formatZonedTime(iso: string, zone: string, networkZone: string): string {
  return `${formatTime(iso, zone)}${zoneSuffix(zone, networkZone)}`;
}

/** `6 de dezembro de 2026 às 19:00 · horário de Manaus` (without the suffix in the network's zone). */
export function formatZonedShortDateTime(iso: string, zone: string, networkZone: string): string {
  return `${formatShortDateTime(iso, zone)}${zoneSuffix(zone, networkZone)}`;
}

/** The zone of an event: its church's (null: the church follows the network), or the network's for a whole-network event. */
export function eventTimeZone(churchTimeZone: string | null | undefined, networkZone: string): string {
  return churchTimeZone ?? networkZone;
}
