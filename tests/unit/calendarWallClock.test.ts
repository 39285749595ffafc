import { describe, expect, it } from 'vitest';
import { calendarInstantOf, readsBackAsWallClock } from '../../server/calendarFeeds/calendarWallClock.ts';

describe('calendarInstantOf: a TZID wall-clock time as RFC 5545 §3.3.5 reads it (issue 12, item 10)', () => {
  it.each([
    // A time the clocks show twice is the first of the two.
    ['2026-11-01T01:30:00.000', 'America/New_York', '2026-11-01T05:30:00.000Z'],
    ['2026-10-25T02:30:00.000', 'Europe/Berlin', '2026-10-25T00:30:00.000Z'],
    ['2026-04-05T01:45:00.000', 'Australia/Lord_Howe', '2026-04-04T14:45:00.000Z'],
    // A time they skip is read with the offset before the gap.
    ['2026-03-08T02:30:00.000', 'America/New_York', '2026-03-08T07:30:00.000Z'],
    ['2026-03-29T02:30:00.000', 'Europe/Berlin', '2026-03-29T01:30:00.000Z'],
    ['2026-10-04T02:15:00.000', 'Australia/Lord_Howe', '2026-10-03T15:45:00.000Z'],
    // Everything else is simply that wall-clock time.
    ['2026-11-01T00:59:59.000', 'America/New_York', '2026-11-01T04:59:59.000Z'],
    ['2026-11-01T02:00:00.000', 'America/New_York', '2026-11-01T07:00:00.000Z'],
    ['2026-12-06T19:30:00.000', 'America/Sao_Paulo', '2026-12-06T22:30:00.000Z'],
    ['2026-06-01T12:00:00.000', 'UTC', '2026-06-01T12:00:00.000Z'],
  ])('%s in %s is %s', (local, zone, instant) => {
    expect(calendarInstantOf(local, zone)).toBe(instant);
  });

  it('only the second pass of a fall-back hour does not survive being written as wall-clock time', () => {
    expect(readsBackAsWallClock('2026-11-01T05:30:00.000Z', 'America/New_York')).toBe(true);
    expect(readsBackAsWallClock('2026-11-01T06:30:00.000Z', 'America/New_York')).toBe(false);
    expect(readsBackAsWallClock('2026-11-01T07:30:00.000Z', 'America/New_York')).toBe(true);
    expect(readsBackAsWallClock('2026-03-08T07:30:00.000Z', 'America/New_York')).toBe(true);
    expect(readsBackAsWallClock('2026-12-06T22:30:00.000Z', 'America/Sao_Paulo')).toBe(true);
  });
});
