import type { DayKey } from '../../../shared/dayKey.ts';
import type { Event } from '../../../shared/schemas/events.ts';
import { api } from '../../app/api.ts';

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
    /** `GET /api/events?date=yyyy-MM-dd`: the events of one network day. */
    getEventsOnDay: build.query<Event[], DayKey>({
      query: (date) => ({ url: 'events', params: { date } }),
      providesTags: eventTags,
    }),
    /** `GET /api/events/{id}`. */
    getEvent: build.query<Event, number>({
      query: (id) => `events/${id}`,
      providesTags: (_event, _error, id) => [{ type: 'Event', id }],
    }),
  }),
});

export const { useGetEventsInRangeQuery, useGetEventsOnDayQuery, useGetEventQuery } = eventsApi;
