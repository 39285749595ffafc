import type { ICalCalendar } from 'ical-generator';

const CRLF = '\r\n';

/**
 * The calendar as RFC 5545 text, in the order §3.4 and §3.6 give: every calendar property before the first
 * component, and every content line ended by CRLF, the last one too (§3.1). ical-generator writes some calendar
 * properties (REFRESH-INTERVAL, X-PUBLISHED-TTL, our X-WR-TIMEZONE) after VTIMEZONE or the events and leaves the
 * last line open, which strict parsers refuse (docs/product.md §7).
 */
export function calendarText(calendar: ICalCalendar): string {
  // Content lines, each with its folded continuation lines (a continuation starts with a space or a tab).
  const lines: string[][] = [];
  for (const line of calendar.toString().split(CRLF)) {
    if (line === '') continue;
    const previous = lines.at(-1);
    if ((line.startsWith(' ') || line.startsWith('\t')) && previous) previous.push(line);
    else lines.push([line]);
  }
  const properties: string[][] = [];
  const components: string[][] = [];
  let depth = 0;
  for (const line of lines) {
    const name = line[0]!;
    if (depth === 0 && name === 'BEGIN:VCALENDAR') depth = 1;
    else if (depth === 1 && name === 'END:VCALENDAR') depth = 0;
    else if (depth === 1 && !name.startsWith('BEGIN:')) properties.push(line);
    else {
      components.push(line);
      if (name.startsWith('BEGIN:')) depth += 1;
      else if (name.startsWith('END:')) depth -= 1;
    }
  }
  return ['BEGIN:VCALENDAR', ...properties.flat(), ...components.flat(), 'END:VCALENDAR'].join(CRLF) + CRLF;
}
