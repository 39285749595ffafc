import { describe, expect, it } from 'vitest';
import { countEventsByDay, upcomingEvents } from '../../client/features/events/eventDays.ts';
import { eventDateTime, eventZoneOf, specDateTime } from '../../client/kit/eventTime.ts';

const NETWORK = 'America/Sao_Paulo';

/** 23:30 in Rio Branco (UTC−5) on 29 November: 01:30 of the 30th in São Paulo. */
const ACRE = { id: 1, datetime: '2026-11-30T04:30:00.000Z', event_types: null, timezone: 'America/Rio_Branco' };
/** The same instant as a visitor reads it: the specification's keys, no zone. */
const SPEC_SHAPED = { id: 2, datetime: '2026-11-30T04:30:00.000Z', event_types: null };

describe('an event’s time at its own clock (issue 27, docs/product.md §12)', () => {
  it('names the zone only when it is not the network’s', () => {
    // Our own screens drop the seconds (issue 21, item 12).
    expect(eventDateTime(ACRE, NETWORK)).toBe('29 de novembro de 2026 às 23:30 · horário de Rio Branco');
    expect(eventDateTime({ ...ACRE, timezone: NETWORK }, NETWORK)).toBe('30 de novembro de 2026 às 01:30');
  });

  it('a read without a zone (a visitor’s) is the network’s, as the specification writes it', () => {
    expect(eventZoneOf(SPEC_SHAPED, NETWORK)).toBe(NETWORK);
    expect(specDateTime(SPEC_SHAPED, NETWORK)).toBe('30 de novembro de 2026 às 01:30:00');
    expect(eventDateTime(SPEC_SHAPED, NETWORK)).toBe('30 de novembro de 2026 às 01:30');
  });

  it('groups each event by the day of its own zone', () => {
    expect([...countEventsByDay([ACRE, SPEC_SHAPED], NETWORK)]).toEqual([
      ['2026-11-29', 1],
      ['2026-11-30', 1],
    ]);
    expect(upcomingEvents([ACRE, SPEC_SHAPED], '2026-11-30', NETWORK).map((event) => event.id)).toEqual([2]);
  });
});
