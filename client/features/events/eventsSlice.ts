import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DayKey } from '../../../shared/days.ts';

export type EventsTab = 'nextEvents' | 'myEvents' | 'leaderView';

export const EVENTS_TABS: readonly EventsTab[] = ['nextEvents', 'myEvents', 'leaderView'];

/** Which event a modal is about: its id only. The event itself is read from the API cache. */
export interface EventRef {
  id: number;
}

/** A modal of the events page and its subject: ids and day keys, never the API's data. */
export type EventsModal =
  /** Event Details. */
  | { modal: 'eventDetails'; eventId: number }
  /** "Events on {date}". */
  | { modal: 'dayEvents'; day: DayKey }
  /** Allocate Member to Event (Leader View). */
  | { modal: 'allocation'; eventId: number }
  /** A leader's event forms: `Novo evento`, `Editar evento`, `Cancelar evento`. */
  | { modal: 'newEvent' }
  | { modal: 'editEvent'; eventId: number }
  | { modal: 'cancelEvent'; eventId: number };

export type EventsModalName = EventsModal['modal'];

/** A leader's event form: one at a time. */
export type EventFormModal = Extract<EventsModal, { modal: 'newEvent' | 'editEvent' | 'cancelEvent' }>;

/**
 * The events page's UI: the active tab and its open modals with their subjects (null = closed). The day's
 * modal stays open under the details or allocation modal opened from it.
 */
export interface EventsState {
  tab: EventsTab;
  /** Event Details: the event whose details are shown. */
  detailsEventId: number | null;
  /** "Events on {date}": the selected day, yyyy-MM-dd. */
  selectedDay: DayKey | null;
  /** Allocate Member to Event: which event. */
  allocationEvent: EventRef | null;
  /** The open event form; left out of a state that only sets the others (a preloaded state), it is closed. */
  eventForm?: EventFormModal | null;
  /**
   * Signed in: the first of the two months the calendars show, when the user moved away from the current
   * month (`Mês anterior`, `Próximo mês`); null or left out: the current month. A visitor always sees the
   * current and next month.
   */
  shownMonth?: DayKey | null;
  /** The day of an event just created outside the months shown, for the notice that offers to go there. */
  createdOutside?: DayKey | null;
}

const initialState: EventsState = {
  tab: 'nextEvents',
  detailsEventId: null,
  selectedDay: null,
  allocationEvent: null,
  eventForm: null,
  shownMonth: null,
  createdOutside: null,
};

export const eventsSlice = createSlice({
  name: 'events',
  initialState,
  reducers: {
    tabSelected(state, action: PayloadAction<EventsTab>) {
      state.tab = action.payload;
    },
    /** The one way a modal of the page opens: `modalOpened({ modal: 'eventDetails', eventId: 5 })`. */
    modalOpened(state, { payload }: PayloadAction<EventsModal>) {
      if (payload.modal === 'eventDetails') state.detailsEventId = payload.eventId;
      else if (payload.modal === 'dayEvents') state.selectedDay = payload.day;
      else if (payload.modal === 'allocation') state.allocationEvent = { id: payload.eventId };
      else state.eventForm = payload;
    },
    /** Closes that modal (the others stay as they are). */
    modalClosed(state, { payload }: PayloadAction<EventsModalName>) {
      if (payload === 'eventDetails') state.detailsEventId = null;
      else if (payload === 'dayEvents') state.selectedDay = null;
      else if (payload === 'allocation') state.allocationEvent = null;
      else if (state.eventForm?.modal === payload) state.eventForm = null;
    },
    /** Signed in: the calendars show the month of `payload` and the next; null goes back to the current month. */
    shownMonthChanged(state, action: PayloadAction<DayKey | null>) {
      state.shownMonth = action.payload;
      state.createdOutside = null;
    },
    /** A new event landed on `payload`, outside the months shown (null: the notice is dismissed). */
    createdOutsideShown(state, action: PayloadAction<DayKey | null>) {
      state.createdOutside = action.payload;
    },
    /** Leaving the page closes whatever was open. */
    modalsClosed(state) {
      state.detailsEventId = null;
      state.selectedDay = null;
      state.allocationEvent = null;
      state.eventForm = null;
    },
  },
  selectors: {
    selectEventsTab: (state) => state.tab,
    selectDetailsEventId: (state) => state.detailsEventId,
    selectSelectedDay: (state) => state.selectedDay,
    selectAllocationEventId: (state) => state.allocationEvent?.id ?? null,
    selectEventForm: (state) => state.eventForm ?? null,
    selectShownMonth: (state) => state.shownMonth ?? null,
    selectCreatedOutside: (state) => state.createdOutside ?? null,
  },
});

export const { tabSelected, modalOpened, modalClosed, modalsClosed, shownMonthChanged, createdOutsideShown } =
  eventsSlice.actions;

export const {
  selectEventsTab,
  selectDetailsEventId,
  selectSelectedDay,
  selectAllocationEventId,
  selectEventForm,
  selectShownMonth,
  selectCreatedOutside,
} = eventsSlice.selectors;
