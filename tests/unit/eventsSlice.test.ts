import { describe, expect, it } from 'vitest';
import {
  allocationClosed,
  allocationOpened,
  dayEventsClosed,
  dayEventsOpened,
  eventDetailsClosed,
  eventDetailsOpened,
  eventsModalsClosed,
  eventsSlice,
  selectAllocationEvent,
  selectDetailsEventId,
  selectEventsTab,
  selectSelectedDay,
  tabSelected,
  type EventsState,
} from '../../client/features/events/eventsSlice.ts';

const reduce = eventsSlice.reducer;
const initial = reduce(undefined, { type: 'init' });
const event = { id: 7, datetime: '2026-11-24T02:30:00.000Z', event_types: { name: 'Vigília' } };

describe('eventsSlice', () => {
  it('starts on Next Events with every modal closed', () => {
    expect(initial).toEqual({ tab: 'nextEvents', detailsEventId: null, selectedDay: null, allocationEvent: null });
  });

  it('selects the tabs nextEvents, myEvents and leaderView', () => {
    expect(reduce(initial, tabSelected('myEvents')).tab).toBe('myEvents');
    expect(reduce(initial, tabSelected('leaderView')).tab).toBe('leaderView');
    expect(reduce(reduce(initial, tabSelected('leaderView')), tabSelected('nextEvents')).tab).toBe('nextEvents');
  });

  it('opens and closes the Event Details modal with its event id', () => {
    const open = reduce(initial, eventDetailsOpened(12));
    expect(open.detailsEventId).toBe(12);
    expect(reduce(open, eventDetailsClosed()).detailsEventId).toBeNull();
  });

  it('opens and closes the date-events modal with the day as yyyy-MM-dd', () => {
    const open = reduce(initial, dayEventsOpened('2026-11-22'));
    expect(open.selectedDay).toBe('2026-11-22');
    expect(reduce(open, dayEventsClosed()).selectedDay).toBeNull();
  });

  it('opens and closes the allocation modal with its event', () => {
    const open = reduce(initial, allocationOpened(event));
    expect(open.allocationEvent).toEqual(event);
    expect(reduce(open, allocationClosed()).allocationEvent).toBeNull();
  });

  it('keeps stacked modals independent and closes them all when leaving the page', () => {
    let state: EventsState = reduce(initial, tabSelected('leaderView'));
    state = reduce(state, dayEventsOpened('2026-11-23'));
    state = reduce(state, allocationOpened(event));
    state = reduce(state, eventDetailsOpened(3));
    expect(reduce(state, allocationClosed()).selectedDay).toBe('2026-11-23');
    expect(reduce(state, eventsModalsClosed())).toEqual({ ...initial, tab: 'leaderView' });
  });

  it('selects from the root state', () => {
    const root = { events: reduce(reduce(initial, dayEventsOpened('2026-12-01')), allocationOpened(event)) };
    expect(selectEventsTab(root)).toBe('nextEvents');
    expect(selectSelectedDay(root)).toBe('2026-12-01');
    expect(selectAllocationEvent(root)).toEqual(event);
    expect(selectDetailsEventId(root)).toBeNull();
  });
});
