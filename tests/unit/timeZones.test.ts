import { describe, expect, it } from 'vitest';
import { dayKeyOf } from '../../shared/days.ts';
import { dayWindowUtc, isOnDays } from '../../shared/zonedDays.ts';
import { BRAZILIAN_TIME_ZONES, canonicalTimeZone, formatZonedShortDateTime, formatZonedTime, zoneCityName, zoneSuffix } from '../../shared/timeZones.ts';

const SP = 'America/Sao_Paulo';

describe('churches in several time zones (docs/product.md §12)', () => {
  it('offers Brazil’s four zones by name, Brasília first, each a zone the runtime knows', () => {
    expect(BRAZILIAN_TIME_ZONES.map((zone) => zone.name)).toEqual(['Horário de Brasília', 'Horário do Amazonas', 'Horário do Acre', 'Fernando de Noronha']);
    for (const zone of BRAZILIAN_TIME_ZONES) expect(canonicalTimeZone(zone.id)).toBe(zone.id);
  });

  it('knows IANA names, written canonically, and nothing else', () => {
    expect(canonicalTimeZone('america/manaus')).toBe('America/Manaus');
    expect(canonicalTimeZone('utc')).toBe('UTC');
    // Offsets are no zone (a feed's TZID=+03:00 would break every subscriber's calendar).
    for (const bad of ['', ' ', 'Manaus', 'America/Atlantida', 'GMT+99', 'x'.repeat(65), '+03:00', '-05:00', '+0300']) expect(canonicalTimeZone(bad), bad).toBeUndefined();
    expect(canonicalTimeZone('Etc/GMT+3')).toBe('Etc/GMT+3');
  });

  it('names the zone after its city, in pt-BR where the IANA spelling differs', () => {
    expect(zoneCityName('America/Manaus')).toBe('Manaus');
    expect(zoneCityName('America/Rio_Branco')).toBe('Rio Branco');
    expect(zoneCityName('America/Noronha')).toBe('Fernando de Noronha');
    expect(zoneCityName('Asia/Tokyo')).toBe('Tóquio');
    expect(zoneCityName('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
  });

  it('adds the zone’s name only when it is not the network’s', () => {
    expect(zoneSuffix(SP, SP)).toBe('');
    expect(zoneSuffix('America/Manaus', SP)).toBe(' · horário de Manaus');
    expect(zoneSuffix(SP, 'America/Manaus')).toBe(' · horário de São Paulo');
    expect(formatZonedTime('2026-12-06T23:00:00.000Z', 'America/Manaus', SP)).toBe('19:00 · horário de Manaus');
    expect(formatZonedTime('2026-12-06T22:00:00.000Z', SP, SP)).toBe('19:00');
    expect(formatZonedShortDateTime('2026-12-07T03:30:00.000Z', 'America/Rio_Branco', SP)).toBe('6 de dezembro de 2026 às 22:30 · horário de Rio Branco');
  });

  // Each zone's own midnight, and a minute either side: the event belongs to the day of its own clock.
  it.each([
    ['America/Noronha', '2026-12-07T02:00:00.000Z'],
    ['America/Sao_Paulo', '2026-12-07T03:00:00.000Z'],
    ['America/Manaus', '2026-12-07T04:00:00.000Z'],
    ['America/Rio_Branco', '2026-12-07T05:00:00.000Z'],
  ])('in %s the day turns at %s', (zone, midnight) => {
    const at = Date.parse(midnight);
    expect(dayKeyOf(at - 60_000, zone)).toBe('2026-12-06');
    expect(dayKeyOf(at, zone)).toBe('2026-12-07');
    expect(dayKeyOf(at + 60_000, zone)).toBe('2026-12-07');
    // The same instant, a minute before this zone's midnight, is already the 7th in São Paulo for the western zones.
    if (zone === 'America/Manaus' || zone === 'America/Rio_Branco') expect(dayKeyOf(at - 60_000, SP)).toBe('2026-12-07');
  });
});

describe('day windows over several zones (docs/adr/0006-an-event-belongs-to-its-own-zone-day.md)', () => {
  it('is exactly the day of the zone when it is the only one', () => {
    expect(dayWindowUtc('2026-12-06', '2026-12-06', [SP])).toEqual({ start: '2026-12-06T03:00:00.000Z', end: '2026-12-07T03:00:00.000Z' });
  });

  it('spans the earliest start and the latest end of the zones in use', () => {
    expect(dayWindowUtc('2026-12-06', '2026-12-07', [SP, 'America/Rio_Branco', 'America/Noronha'])).toEqual({
      start: '2026-12-06T02:00:00.000Z',
      end: '2026-12-08T05:00:00.000Z',
    });
  });

  it('keeps an event by the day of its own zone', () => {
    // 22:30 in Rio Branco on the 6th is 03:30Z on the 7th, the 7th in São Paulo.
    expect(isOnDays('2026-12-07T03:30:00.000Z', 'America/Rio_Branco', '2026-12-06', '2026-12-06')).toBe(true);
    expect(isOnDays('2026-12-07T03:30:00.000Z', SP, '2026-12-06', '2026-12-06')).toBe(false);
    expect(isOnDays('2026-12-07T03:30:00.000Z', SP, '2026-12-07', '2026-12-31')).toBe(true);
  });
});
