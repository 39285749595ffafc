import { describe, expect, it } from 'vitest';
import {
  eventsSlice,
  modalClosed,
  modalOpened,
  modalsClosed,
  selectAllocationEventId,
  selectDetailsEventId,
  selectEventForm,
  selectEventsTab,
  selectSelectedDay,
  tabSelected,
  type EventsState,
} from '../../client/features/events/eventsSlice.ts';

const reduce = eventsSlice.reducer;
const initial = reduce(undefined, { type: 'init' });

describe('eventsSlice', () => {
  it('starts on Next Events with every modal closed', () => {
    expect(initial).toEqual({
      tab: 'nextEvents',
      detailsEventId: null,
      selectedDay: null,
      allocationEvent: null,
      eventForm: null,
      shownMonth: null,
      createdOutside: null,
    });
  });

  it('selects the tabs nextEvents, myEvents and leaderView', () => {
    expect(reduce(initial, tabSelected('myEvents')).tab).toBe('myEvents');
    expect(reduce(initial, tabSelected('leaderView')).tab).toBe('leaderView');
    expect(reduce(reduce(initial, tabSelected('leaderView')), tabSelected('nextEvents')).tab).toBe('nextEvents');
  });

  it('opens and closes the Event Details modal with its event id', () => {
    const open = reduce(initial, modalOpened({ modal: 'eventDetails', eventId: 12 }));
    expect(open.detailsEventId).toBe(12);
    expect(reduce(open, modalClosed('eventDetails')).detailsEventId).toBeNull();
  });

  it('opens and closes the date-events modal with the day as yyyy-MM-dd', () => {
    const open = reduce(initial, modalOpened({ modal: 'dayEvents', day: '2026-11-22' }));
    expect(open.selectedDay).toBe('2026-11-22');
    expect(reduce(open, modalClosed('dayEvents')).selectedDay).toBeNull();
  });

  it('opens and closes the allocation modal with its event id only, never the event', () => {
    const open = reduce(initial, modalOpened({ modal: 'allocation', eventId: 7 }));
    expect(open.allocationEvent).toEqual({ id: 7 });
    expect(reduce(open, modalClosed('allocation')).allocationEvent).toBeNull();
  });

  it('opens one event form at a time, with the event id of an edit or a cancel', () => {
    const editing = reduce(initial, modalOpened({ modal: 'editEvent', eventId: 4 }));
    expect(editing.eventForm).toEqual({ modal: 'editEvent', eventId: 4 });
    const cancelling = reduce(editing, modalOpened({ modal: 'cancelEvent', eventId: 5 }));
    expect(cancelling.eventForm).toEqual({ modal: 'cancelEvent', eventId: 5 });
    // Closing another form leaves the open one alone.
    expect(reduce(cancelling, modalClosed('editEvent')).eventForm).toEqual({ modal: 'cancelEvent', eventId: 5 });
    expect(reduce(cancelling, modalClosed('cancelEvent')).eventForm).toBeNull();
    expect(reduce(initial, modalOpened({ modal: 'newEvent' })).eventForm).toEqual({ modal: 'newEvent' });
  });

  it('keeps stacked modals independent and closes them all when leaving the page', () => {
    let state: EventsState = reduce(initial, tabSelected('leaderView'));
    state = reduce(state, modalOpened({ modal: 'dayEvents', day: '2026-11-23' }));
    state = reduce(state, modalOpened({ modal: 'allocation', eventId: 7 }));
    state = reduce(state, modalOpened({ modal: 'eventDetails', eventId: 3 }));
    state = reduce(state, modalOpened({ modal: 'newEvent' }));
    expect(reduce(state, modalClosed('allocation')).selectedDay).toBe('2026-11-23');
    expect(reduce(state, modalsClosed())).toEqual({ ...initial, tab: 'leaderView' });
  });

  it('selects from the root state', () => {
    const root = {
      events: reduce(
        reduce(initial, modalOpened({ modal: 'dayEvents', day: '2026-12-01' })),
        modalOpened({ modal: 'allocation', eventId: 7 }),
      ),
    };
    expect(selectEventsTab(root)).toBe('nextEvents');
    expect(selectSelectedDay(root)).toBe('2026-12-01');
    expect(selectAllocationEventId(root)).toBe(7);
    expect(selectDetailsEventId(root)).toBeNull();
    expect(selectEventForm(root)).toBeNull();
  });

  it('reads a preloaded state without the event form as closed', () => {
    const preloaded: EventsState = { tab: 'leaderView', detailsEventId: null, selectedDay: null, allocationEvent: null };
    expect(selectEventForm({ events: preloaded })).toBeNull();
    expect(reduce(preloaded, modalClosed('newEvent')).eventForm).toBeUndefined();
  });
});
