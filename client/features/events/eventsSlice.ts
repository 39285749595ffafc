import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DayKey } from '../../../shared/dayKey.ts';
import type { Event } from '../../../shared/schemas/events.ts';

export type EventsTab = 'nextEvents' | 'myEvents' | 'leaderView';

export const EVENTS_TABS: readonly EventsTab[] = ['nextEvents', 'myEvents', 'leaderView'];

/** The events page's UI: the active tab and the three modals with their subjects (null = closed). */
export interface EventsState {
  tab: EventsTab;
  /** Event Details modal: the id whose details are shown. */
  detailsEventId: number | null;
  /** "Events on {date}" modal: the selected day, yyyy-MM-dd. */
  selectedDay: DayKey | null;
  /** Allocate Member to Event modal: the event as its list item showed it. */
  allocationEvent: Event | null;
}

const initialState: EventsState = {
  tab: 'nextEvents',
  detailsEventId: null,
  selectedDay: null,
  allocationEvent: null,
};

export const eventsSlice = createSlice({
  name: 'events',
  initialState,
  reducers: {
    tabSelected(state, action: PayloadAction<EventsTab>) {
      state.tab = action.payload;
    },
    eventDetailsOpened(state, action: PayloadAction<number>) {
      state.detailsEventId = action.payload;
    },
    eventDetailsClosed(state) {
      state.detailsEventId = null;
    },
    dayEventsOpened(state, action: PayloadAction<DayKey>) {
      state.selectedDay = action.payload;
    },
    dayEventsClosed(state) {
      state.selectedDay = null;
    },
    allocationOpened(state, action: PayloadAction<Event>) {
      state.allocationEvent = action.payload;
    },
    allocationClosed(state) {
      state.allocationEvent = null;
    },
    /** Leaving the page closes whatever was open. */
    eventsModalsClosed(state) {
      state.detailsEventId = null;
      state.selectedDay = null;
      state.allocationEvent = null;
    },
  },
  selectors: {
    selectEventsTab: (state) => state.tab,
    selectDetailsEventId: (state) => state.detailsEventId,
    selectSelectedDay: (state) => state.selectedDay,
    selectAllocationEvent: (state) => state.allocationEvent,
  },
});

export const {
  tabSelected,
  eventDetailsOpened,
  eventDetailsClosed,
  dayEventsOpened,
  dayEventsClosed,
  allocationOpened,
  allocationClosed,
  eventsModalsClosed,
} = eventsSlice.actions;

export const { selectEventsTab, selectDetailsEventId, selectSelectedDay, selectAllocationEvent } =
  eventsSlice.selectors;
