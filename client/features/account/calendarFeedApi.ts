import type { CalendarTokenResponse } from '../../../shared/schemas/escalas.ts';
import { api } from '../../app/api.ts';

export const calendarFeedApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/me/calendar-token`: the personal feed's URL, or null until one is made. */
    getCalendarFeed: build.query<CalendarTokenResponse, void>({
      query: () => 'me/calendar-token',
      providesTags: ['CalendarToken'],
    }),
    /** `POST /api/me/calendar-token`: a new URL; the previous one stops working. */
    createCalendarFeed: build.mutation<CalendarTokenResponse, void>({
      query: () => ({ url: 'me/calendar-token', method: 'POST' }),
      extraOptions: { quietHttpErrors: true },
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(calendarFeedApi.util.upsertQueryData('getCalendarFeed', undefined, data));
        } catch {
          // The screen shows the error.
        }
      },
    }),
  }),
});

export const { useGetCalendarFeedQuery, useCreateCalendarFeedMutation } = calendarFeedApi;
