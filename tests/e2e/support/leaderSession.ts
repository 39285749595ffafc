import { expect } from 'vitest';
import { addDays, dayjs, type DayKey } from '../../../shared/dayKey.ts';
import { E2E_DEMO_PASSWORD } from './demoPassword.ts';
import type { PortalVisit } from './portalBrowser.ts';

/** The demo leader the e2e portal's seed creates (portalServer.ts). */
export const DEMO_LEADER = { email: 'lider@demo.koinonia', password: E2E_DEMO_PASSWORD };

/**
 * Signs the demo leader in through the API from the page's own context (`page.request` shares the page's
 * cookies), so the session cookie is the page's; the client learns who it is from its start's
 * `GET /api/auth/me` (no login form involved: that screen has its own tests). Call before the first `goto`.
 */
export async function signInAsLeader(visit: PortalVisit): Promise<void> {
  const response = await visit.page.request.post(`${visit.baseUrl}/api/auth/login`, { data: DEMO_LEADER });
  expect(response.status(), await response.text()).toBe(200);
}

/** A leader's API call from the page's context (its session cookie), failing loudly when it is not 2xx. */
export async function leaderRequest(visit: PortalVisit, method: 'DELETE' | 'GET', path: string): Promise<void> {
  const response = await visit.page.request.fetch(`${visit.baseUrl}${path}`, { method });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
}

/** The instant of a network-local wall-clock time, as the API answers it. */
export function instantOf(day: DayKey, time: string, timeZone: string): string {
  return dayjs.tz(`${day} ${time}`, timeZone).toISOString();
}

/**
 * The first day from `today + 1` on whose weekly occurrences (`weeks` of them) all fall on or before `last`,
 * preferring days whose occurrences land on days without events (so they visibly light up).
 */
export function weeklyStartDay(today: DayKey, last: DayKey, weeks: number, daysWithEvents: ReadonlyMap<DayKey, number>): DayKey {
  const candidates: DayKey[] = [];
  for (let day = addDays(today, 1); addDays(day, 7 * (weeks - 1)) <= last; day = addDays(day, 1)) candidates.push(day);
  const occurrences = (start: DayKey) => Array.from({ length: weeks }, (_, week) => addDays(start, 7 * week));
  const free = candidates.find((start) => occurrences(start).every((day) => !daysWithEvents.has(day)));
  const start = free ?? candidates[0];
  if (!start) throw new Error(`Nenhum dia entre ${today} e ${last} cabe ${weeks} semanas.`);
  return start;
}

/** A VEVENT of an iCalendar body, by UID, with its folded lines unfolded; undefined when absent. */
export function veventLines(ics: string, uid: string): string[] | undefined {
  const lines = ics.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
  let current: string[] | undefined;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = [];
    else if (line === 'END:VEVENT') {
      if (current?.includes(`UID:${uid}`) && !current.some((candidate) => candidate.startsWith('RECURRENCE-ID'))) return current;
      current = undefined;
    } else current?.push(line);
  }
  return undefined;
}

/** `20261213T061500`: an iCalendar local date-time. */
export function icsLocal(day: DayKey, time: string): string {
  return `${day.replaceAll('-', '')}T${time.replace(':', '')}00`;
}
