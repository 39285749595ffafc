import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay, formatMonthHeading, formatTime } from '../../shared/formats.ts';

// Exact strings: the specification's texts use plain spaces, so a narrow or non-breaking one is a failure.

describe('pt-BR formats in the network timezone', () => {
  it('writes the long medium date-time of an instant', () => {
    expect(formatDateTime('2026-11-22T22:30:00.000Z', 'America/Sao_Paulo')).toBe('22 de novembro de 2026 às 19:30:00');
    // 23:30 local is the next day in UTC: the local day is shown.
    expect(formatDateTime('2026-11-23T02:30:00.000Z', 'America/Sao_Paulo')).toBe('22 de novembro de 2026 às 23:30:00');
    expect(formatDateTime('2026-11-23T02:30:00.000Z', 'UTC')).toBe('23 de novembro de 2026 às 02:30:00');
    expect(formatDateTime('2026-03-01T12:05:09.000Z', 'Asia/Tokyo')).toBe('1 de março de 2026 às 21:05:09');
  });

  it('writes a day key as a long date, whatever the timezone of the host', () => {
    expect(formatDay('2026-11-22')).toBe('22 de novembro de 2026');
    expect(formatDay('2026-01-01')).toBe('1 de janeiro de 2026');
    expect(formatDay('2026-12-31')).toBe('31 de dezembro de 2026');
  });

  it('writes a calendar heading', () => {
    expect(formatMonthHeading('2026-11-22')).toBe('novembro de 2026');
    expect(formatMonthHeading('2026-03-01')).toBe('março de 2026');
    expect(formatMonthHeading('2027-01-31')).toBe('janeiro de 2027');
  });

  it('writes a time of day', () => {
    expect(formatTime('2026-11-23T02:30:00.000Z', 'America/Sao_Paulo')).toBe('23:30');
  });
});
