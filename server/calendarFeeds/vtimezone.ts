const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

const offsetFormats = new Map<string, Intl.DateTimeFormat>();
const nameFormats = new Map<string, Intl.DateTimeFormat>();

function cached(cache: Map<string, Intl.DateTimeFormat>, timeZone: string, timeZoneName: 'longOffset' | 'short') {
  let format = cache.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName });
    cache.set(timeZone, format);
  }
  return format;
}

/** Minutes east of UTC that `timeZone` observes at an instant. */
export function offsetMinutesAt(timeZone: string, at: number): number {
  const name = cached(offsetFormats, timeZone, 'longOffset').formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/** The abbreviation (EST, EDT …) when the zone has a lettered one; undefined for GMT-3 style names. */
function abbreviationAt(timeZone: string, at: number): string | undefined {
  const name = cached(nameFormats, timeZone, 'short').formatToParts(at).find((part) => part.type === 'timeZoneName')?.value;
  return name && /^[A-Z]{3,5}$/.test(name) ? name : undefined;
}

function formatOffset(minutes: number): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

/** An instant written as the wall-clock time `offset` minutes east of UTC, `YYYYMMDDTHHmmss`. */
function wallClock(at: number, offset: number): string {
  return new Date(at + offset * MINUTE_MS).toISOString().slice(0, 19).replace(/[-:]/g, '');
}

interface Observance {
  at: number;
  from: number;
  to: number;
}

/** The offset changes of a zone in [start, end), found day by day and then to the minute. */
function transitions(timeZone: string, start: number, end: number): Observance[] {
  const found: Observance[] = [];
  let before = offsetMinutesAt(timeZone, start);
  for (let day = start; day < end; day += DAY_MS) {
    const after = offsetMinutesAt(timeZone, day + DAY_MS);
    if (after === before) continue;
    let lo = day;
    let hi = day + DAY_MS;
    while (hi - lo > MINUTE_MS) {
      const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
      if (offsetMinutesAt(timeZone, mid) === before) lo = mid;
      else hi = mid;
    }
    found.push({ at: hi, from: before, to: after });
    before = after;
  }
  return found;
}

/**
 * An RFC 5545 VTIMEZONE for an IANA zone over whole years, built from the platform's own zone data: the offset
 * at the start of `fromYear`, then one observance per change up to the end of `toYear`.
 */
export function vtimezone(timeZone: string, fromYear: number, toYear: number): string {
  const key = `${timeZone} ${fromYear} ${toYear}`;
  let text = built.get(key);
  if (text === undefined) {
    text = buildVtimezone(timeZone, fromYear, toYear);
    if (built.size >= 32) built.delete(built.keys().next().value!);
    built.set(key, text);
  }
  return text;
}

/** Recently built VTIMEZONEs: a feed asks for the same zone and years on every fetch. */
const built = new Map<string, string>();

function buildVtimezone(timeZone: string, fromYear: number, toYear: number): string {
  // From local midnight on 1 January of `fromYear`.
  const start = Date.UTC(fromYear, 0, 1) - offsetMinutesAt(timeZone, Date.UTC(fromYear, 0, 1)) * MINUTE_MS;
  const end = Date.UTC(toYear + 1, 0, 1);
  const initial = offsetMinutesAt(timeZone, start);
  const changes = transitions(timeZone, start, end);
  const standard = Math.min(initial, ...changes.map((change) => change.to));
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  for (const { at, from, to } of [{ at: start, from: initial, to: initial }, ...changes]) {
    const kind = to > standard ? 'DAYLIGHT' : 'STANDARD';
    const abbreviation = abbreviationAt(timeZone, at);
    lines.push(
      `BEGIN:${kind}`,
      // The onset in the wall-clock time in force before it (RFC 5545 §3.6.5).
      `DTSTART:${wallClock(at, from)}`,
      `TZOFFSETFROM:${formatOffset(from)}`,
      `TZOFFSETTO:${formatOffset(to)}`,
      ...(abbreviation ? [`TZNAME:${abbreviation}`] : []),
      `END:${kind}`,
    );
  }
  lines.push('END:VTIMEZONE');
  return lines.join('\r\n');
}
