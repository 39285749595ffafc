import type {
  CreateEventRequest,
  EventScope,
  EventType,
  ManagedEvent,
  UpdateEventRequest,
} from '../../../../shared/schemas/eventManagement.ts';
import { api } from '../../../app/api.ts';

/** The request, and the key that makes a retry of it safe (see kit/useIdempotencyKey.ts). */
export type CreateEventArgs = CreateEventRequest & { idempotencyKey?: string };

export interface UpdateEventArgs {
  id: number;
  scope: EventScope;
  changes: UpdateEventRequest;
}

export interface DeleteEventArgs {
  id: number;
  scope: EventScope;
  /** Also remove the allocations of the cancelled events (after a 409 `has_allocations`). */
  confirm: boolean;
}

const EVENT_LIST = { type: 'Event', id: 'LIST' } as const;

/**
 * Leaders' calls on the calendar. Only the lazy form modals import this file, so it (and its endpoints) is
 * injected when a leader first opens one. Every write is quiet (`quietHttpErrors`): the modal shows the error.
 *
 * What each write invalidates, so Next Events, My Events, Leader View and their calendars follow without a reload:
 * - create: the event lists (`Event` LIST), nothing else can hold a new event;
 * - edit: the event itself, and the lists when a date-time moved (it may change day or leave a range) or the
 *   edit reached the following occurrences (other ids changed); My Events and allocations show the event's
 *   type and time, so those caches (whatever ids they use) too;
 * - cancel: the lists, My Events and allocations (a confirmed cancel removes allocations). Not the event's own
 *   id: an open `GET /api/events/{id}` would only answer 404.
 */
export const eventManagementApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/event-types`. */
    getEventTypes: build.query<EventType[], void>({
      query: () => 'event-types',
      providesTags: (types) => [{ type: 'EventType', id: 'LIST' }, ...(types ?? []).map((type) => ({ type: 'EventType' as const, id: type.id }))],
      extraOptions: { quietHttpErrors: true },
    }),
    /** `POST /api/events`: one event, or a series when `repeat` is given; answers the first occurrence. */
    createEvent: build.mutation<ManagedEvent, CreateEventArgs>({
      query: ({ idempotencyKey, ...body }) => ({
        url: 'events',
        method: 'POST',
        body,
        ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
      }),
      invalidatesTags: (_result, error) => (error ? [] : [EVENT_LIST]),
      extraOptions: { quietHttpErrors: true },
    }),
    /** `PATCH /api/events/{id}?scope=one|following`. */
    updateEvent: build.mutation<ManagedEvent, UpdateEventArgs>({
      query: ({ id, scope, changes }) => ({ url: `events/${id}`, method: 'PATCH', params: { scope }, body: changes }),
      invalidatesTags: (_result, error, { id, scope, changes }) =>
        error
          ? []
          : [
              { type: 'Event', id },
              ...(changes.datetime !== undefined || scope === 'following' ? [EVENT_LIST] : []),
              'MyEvent',
              'Allocation',
            ],
      extraOptions: { quietHttpErrors: true },
    }),
    /** `DELETE /api/events/{id}?scope=one|following[&confirm=true]`. */
    deleteEvent: build.mutation<void, DeleteEventArgs>({
      query: ({ id, scope, confirm }) => ({
        url: `events/${id}`,
        method: 'DELETE',
        params: confirm ? { scope, confirm: 'true' } : { scope },
      }),
      invalidatesTags: (_result, error) => (error ? [] : [EVENT_LIST, 'MyEvent', 'Allocation']),
      extraOptions: { quietHttpErrors: true },
    }),
  }),
});

export const { useGetEventTypesQuery, useCreateEventMutation, useUpdateEventMutation, useDeleteEventMutation } = eventManagementApi;
