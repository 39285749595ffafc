import type { DayKey } from '../../../shared/days.ts';
import type { Allocation, CreateAllocationRequest, Member, MyEvent } from '../../../shared/schemas/escalas.ts';
import { api } from '../../app/api.ts';

/** The departments are the network's (kit/network); the allocation form suggests them. */
export { useGetDepartmentsQuery } from '../../kit/network/networkApi.ts';

/** An inclusive range of network days (`?from=&to=`), the events page's window. */
export interface AllocationRange {
  from: DayKey;
  to: DayKey;
}

export interface NewAllocation extends CreateAllocationRequest {
  eventId: number;
  /** Makes a retry of the same allocation safe (see kit/useIdempotencyKey.ts). */
  idempotencyKey?: string;
}

const MY_EVENTS = { type: 'MyEvent' as const, id: 'LIST' };
const ALLOCATIONS = { type: 'Allocation' as const, id: 'LIST' };

export const escalasApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/me/events`: the events I serve at, with the department (upcoming first). */
    getMyEvents: build.query<MyEvent[], void>({
      query: () => 'me/events',
      providesTags: [MY_EVENTS],
    }),
    /** `GET /api/allocations?from=&to=`: every allocation of the window's events, in one call (leaders). */
    getAllocationsInRange: build.query<Allocation[], AllocationRange>({
      query: ({ from, to }) => ({ url: 'allocations', params: { from, to } }),
      providesTags: (allocations) => [
        ALLOCATIONS,
        ...(allocations ?? []).map((allocation) => ({ type: 'Allocation' as const, id: allocation.id })),
      ],
    }),
    /** `GET /api/events/{id}/allocations`: who is on one event's escala, with their answers (leaders). */
    getEventAllocations: build.query<Allocation[], number>({
      query: (eventId) => `events/${eventId}/allocations`,
      providesTags: (allocations) => [
        ALLOCATIONS,
        ...(allocations ?? []).map((allocation) => ({ type: 'Allocation' as const, id: allocation.id })),
      ],
    }),
    /** `GET /api/members?q=`: at most 20 members whose name or email contains `q` (leaders). */
    searchMembers: build.query<Member[], string>({
      query: (q) => (q === '' ? 'members' : { url: 'members', params: { q } }),
      providesTags: [{ type: 'Member', id: 'LIST' }],
    }),
    /** `POST /api/events/{id}/allocations { department, member, force? }`: 201 the allocation. */
    createAllocation: build.mutation<Allocation, NewAllocation>({
      query: ({ eventId, idempotencyKey, ...body }) => ({
        url: `events/${eventId}/allocations`,
        method: 'POST',
        body,
        ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
      }),
      extraOptions: { quietHttpErrors: true },
      invalidatesTags: (allocation) => (allocation ? [ALLOCATIONS, MY_EVENTS] : []),
    }),
    /** `DELETE /api/allocations/{id}` (204). A 404 too means the list on screen is stale. */
    deleteAllocation: build.mutation<null, number>({
      query: (id) => ({ url: `allocations/${id}`, method: 'DELETE' }),
      extraOptions: { quietHttpErrors: true },
      invalidatesTags: (_result, _error, id) => [{ type: 'Allocation', id }, MY_EVENTS],
    }),
  }),
});

export const {
  useGetMyEventsQuery,
  useGetAllocationsInRangeQuery,
  useGetEventAllocationsQuery,
  useSearchMembersQuery,
  useCreateAllocationMutation,
  useDeleteAllocationMutation,
} = escalasApi;
