import { vi } from 'vitest';
import { dayjs } from '../../../shared/dayKey.ts';
import type { User } from '../../../shared/schemas/auth.ts';
import type { Event } from '../../../shared/schemas/events.ts';

export const TIME_ZONE = 'America/Sao_Paulo';

/**
 * "Now" in the component tests: 00:07 UTC on 22 November 2026, which is still Saturday 21 November in the
 * network timezone (and already the 22nd in UTC, the test process's timezone).
 */
export const NOW = new Date('2026-11-22T00:07:00Z');

/** An event at a local time of the network: `eventAt(1, '2026-11-22 19:30', 'Culto')`. */
export function eventAt(id: number, localDateTime: string, typeName: string | null): Event {
  return {
    id,
    datetime: dayjs.tz(localDateTime, TIME_ZONE).toISOString(),
    event_types: typeName === null ? null : { name: typeName },
  };
}

/** A network's two months as the API would hold them. */
export const EVENTS: Event[] = [
  eventAt(1, '2026-11-01 19:00', 'Culto'),
  eventAt(2, '2026-11-20 20:00', 'Célula'),
  eventAt(3, '2026-11-21 22:30', 'Ensaio'),
  eventAt(4, '2026-11-22 09:00', 'Escola Bíblica'),
  eventAt(5, '2026-11-22 19:00', 'Culto'),
  eventAt(6, '2026-11-22 21:30', 'Reunião de Líderes'),
  eventAt(7, '2026-11-23 23:30', 'Vigília'),
  eventAt(8, '2026-11-24 19:00', null),
  eventAt(9, '2026-12-15 19:30', 'Conferência'),
  eventAt(10, '2026-12-31 23:00', 'Vigília'),
  eventAt(11, '2027-01-03 19:00', 'Culto'),
];

/** Freezes only `Date` at NOW (timers stay real, so React, RTK Query and user-event run as usual). */
export function freezeNow(): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
}

/** A person of the network, with the password to sign in with (created in the API's database per test). */
export interface Person extends User {
  password: string;
}

export const LEADER: Person = { id: 1, name: 'Lídia Líder', email: 'lider@demo.koinonia', role: 'leader', password: 'demo12345' };
export const MEMBER: Person = { id: 2, name: 'Marcos Membro', email: 'membro@demo.koinonia', role: 'member', password: 'demo12345' };
export const ANA: Person = { id: 3, name: 'Ana Souza', email: 'ana@example.org', role: 'member', password: 'segredo-forte' };
export const ADMIN: Person = { id: 4, name: 'Adriana Admin', email: 'admin@example.org', role: 'admin', password: 'segredo-forte' };

/** The people of the network, in the order they are created (so their ids are the ones above). */
export const PEOPLE: Person[] = [LEADER, MEMBER, ANA, ADMIN];
