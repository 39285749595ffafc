import { describe, expect, it } from 'vitest';
import { countEventsByDay, eventCountText, upcomingEvents } from '../../client/features/events/eventDays.ts';
import { eventName } from '../../client/kit/eventName.ts';
import { eventsWindowOf } from '../../client/features/events/useEventsWindow.ts';
import { eventAt } from './support/fixtures.ts';

describe('day keys in the network timezone', () => {
  it('puts an event on the network day it falls on, whatever the UTC date', () => {
    // 23:30 in São Paulo is 02:30 UTC the next day, and 11:30 of the next day in Tokyo.
    const vigil = eventAt(1, '2026-11-23 23:30', 'Vigília');
    expect(vigil.datetime).toBe('2026-11-24T02:30:00.000Z');
    expect(countEventsByDay([vigil], 'America/Sao_Paulo')).toEqual(new Map([['2026-11-23', 1]]));
    expect(countEventsByDay([vigil], 'Asia/Tokyo')).toEqual(new Map([['2026-11-24', 1]]));
  });

  it('works the days of one list out again for another timezone (the days are kept per list)', () => {
    const list = [eventAt(1, '2026-11-23 23:30', 'Vigília')];
    expect(countEventsByDay(list, 'America/Sao_Paulo')).toEqual(new Map([['2026-11-23', 1]]));
    expect(upcomingEvents(list, '2026-11-24', 'America/Sao_Paulo')).toEqual([]);
    expect(countEventsByDay(list, 'Asia/Tokyo')).toEqual(new Map([['2026-11-24', 1]]));
    expect(upcomingEvents(list, '2026-11-24', 'Asia/Tokyo')).toEqual(list);
  });

  it('counts the events of each day', () => {
    const events = [eventAt(1, '2026-11-22 09:00', 'A'), eventAt(2, '2026-11-22 23:59', 'B'), eventAt(3, '2026-11-23 00:00', 'C')];
    expect(countEventsByDay(events, 'America/Sao_Paulo')).toEqual(new Map([['2026-11-22', 2], ['2026-11-23', 1]]));
  });

  it('keeps the events from today (network day) on, in datetime then id order', () => {
    const events = [
      eventAt(4, '2026-11-22 10:00', 'D'),
      eventAt(3, '2026-11-21 23:30', 'C'),
      eventAt(2, '2026-11-20 23:59', 'B'),
      eventAt(5, '2026-11-22 10:00', 'E'),
      eventAt(1, '2026-11-21 00:00', 'A'),
    ];
    expect(upcomingEvents(events, '2026-11-21', 'America/Sao_Paulo').map((event) => event.id)).toEqual([1, 3, 4, 5]);
  });

  it('takes today, the two months and the asked range from the network timezone', () => {
    const now = new Date('2026-12-01T02:00:00Z'); // still 30 November in São Paulo
    expect(eventsWindowOf(now, 'America/Sao_Paulo')).toEqual({
      today: '2026-11-30',
      months: ['2026-11-01', '2026-12-01'],
      range: { from: '2026-11-01', to: '2026-12-31' },
    });
    expect(eventsWindowOf(new Date('2026-12-15T12:00:00Z'), 'Asia/Tokyo').range).toEqual({ from: '2026-12-01', to: '2027-01-31' });
  });

  it('names events and counts in Portuguese', () => {
    expect(eventName(eventAt(1, '2026-11-22 10:00', null))).toBe('N/A');
    expect(eventName(eventAt(1, '2026-11-22 10:00', 'Culto'))).toBe('Culto');
    expect(eventCountText(1)).toBe('1 evento');
    expect(eventCountText(3)).toBe('3 eventos');
  });
});
