import type { DayKey } from '../../../shared/dayKey.ts';
import type { Event, EventDetail } from '../../../shared/schemas/events.ts';
import { api } from '../../app/api.ts';
import type { RootState } from '../../app/store.ts';

export interface DayRange {
  from: DayKey;
  to: DayKey;
}

function eventTags(events: Event[] | undefined) {
  return [{ type: 'Event' as const, id: 'LIST' }, ...(events ?? []).map((event) => ({ type: 'Event' as const, id: event.id }))];
}

export const eventsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/events?from=&to=`: the events of an inclusive range of network days. */
    getEventsInRange: build.query<Event[], DayRange>({
      query: ({ from, to }) => ({ url: 'events', params: { from, to } }),
      providesTags: eventTags,
    }),
    /** `GET /api/events?from=&to=&detail=full`: the same, with each event's church, title, location… (signed in). */
    getEventDetailsInRange: build.query<EventDetail[], DayRange>({
      query: ({ from, to }) => ({ url: 'events', params: { from, to, detail: 'full' } }),
      providesTags: eventTags,
    }),
    /** `GET /api/events?date=yyyy-MM-dd`: the events of one network day. */
    getEventsOnDay: build.query<Event[], DayKey>({
      query: (date) => ({ url: 'events', params: { date } }),
      providesTags: eventTags,
    }),
    /**
     * `GET /api/events?date=yyyy-MM-dd&detail=full`: the same day with each event's details and zone (signed in),
     * its times written as the list writes them (docs/product.md §12).
     */
    getEventDetailsOnDay: build.query<EventDetail[], DayKey>({
      query: (date) => ({ url: 'events', params: { date, detail: 'full' } }),
      providesTags: eventTags,
    }),
    /** `GET /api/events/{id}`. */
    getEvent: build.query<Event, number>({
      query: (id) => `events/${id}`,
      providesTags: (_event, _error, id) => [{ type: 'Event', id }],
    }),
    /** `GET /api/events/{id}?detail=full`: the event with its church, title, description, location and end (signed in). */
    getEventDetail: build.query<EventDetail, number>({
      query: (id) => ({ url: `events/${id}`, params: { detail: 'full' } }),
      providesTags: (_event, _error, id) => [{ type: 'Event', id }],
    }),
  }),
});

export const {
  useGetEventsInRangeQuery,
  useGetEventDetailsInRangeQuery,
  useGetEventsOnDayQuery,
  useGetEventDetailsOnDayQuery,
  useGetEventQuery,
  useGetEventDetailQuery,
} = eventsApi;

const EVENT_ENDPOINTS: ReadonlySet<string> = new Set(['getEventsInRange', 'getEventDetailsInRange', 'getEventsOnDay', 'getEventDetailsOnDay', 'getEvent']);

/**
 * An event as the API cache already holds it (in a window's or a day's list, or on its own): whatever answer
 * provides its `Event` tag, one with the event's zone first. Asks nothing; undefined when no answer in the cache has it.
 */
export function selectCachedEvent(state: RootState, id: number): Event | undefined {
  let found: Event | undefined;
  for (const { endpointName, queryCacheKey } of eventsApi.util.selectInvalidatedBy(state, [{ type: 'Event', id }])) {
    if (!EVENT_ENDPOINTS.has(endpointName)) continue;
    const data: unknown = state.api.queries[queryCacheKey]?.data;
    if (data === undefined) continue;
    const events = (Array.isArray(data) ? data : [data]) as Event[];
    const event = events.find((candidate) => candidate.id === id);
    // A signed-in read's copy carries the event's zone (docs/product.md §12): preferred to a spec-shaped one.
    if (event && 'timezone' in event) return event;
    found ??= event;
  }
  return found;
}
