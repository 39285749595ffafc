import type { EventNeed, PutNeedsRequest } from '../../../shared/schemas/needs.ts';
import { api } from '../../app/api.ts';

/** `one`: this event only; `following`: this and the later events of its series. */
export type NeedsScope = 'one' | 'following';

export interface PutNeedsArgs {
  eventId: number;
  scope: NeedsScope;
  needs: PutNeedsRequest;
}

/** The needs of one event's answer is cached under the overview's tag type, by event (`needs-5`). */
const needsTag = (eventId: number) => ({ type: 'Overview' as const, id: `needs-${eventId}` });

export const needsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/events/{id}/needs`: what the event needs, per department and position (a team leader: their departments'). */
    getEventNeeds: build.query<EventNeed[], number>({
      query: (eventId) => `events/${eventId}/needs`,
      // The editor says it when it fails.
      extraOptions: { quietHttpErrors: true },
      providesTags: (_needs, _error, eventId) => [needsTag(eventId)],
    }),
    /**
     * `PUT /api/events/{id}/needs[?scope=following]`: replaces the needs of the departments it names; the gap matrix
     * (the overview) and the event's needs are asked again.
     */
    putEventNeeds: build.mutation<EventNeed[], PutNeedsArgs>({
      query: ({ eventId, scope, needs }) => ({
        url: `events/${eventId}/needs`,
        method: 'PUT',
        body: needs,
        ...(scope === 'following' ? { params: { scope } } : {}),
      }),
      extraOptions: { quietHttpErrors: true },
      // Only once saved: a refused save keeps the dialog's rows as the leader left them.
      invalidatesTags: (saved, _error, { eventId }) => (saved ? [{ type: 'Overview', id: 'LIST' }, needsTag(eventId)] : []),
    }),
  }),
});

export const { useGetEventNeedsQuery, usePutEventNeedsMutation } = needsApi;
