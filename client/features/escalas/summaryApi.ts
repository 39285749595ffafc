import type { Allocation, MyEvent } from '../../../shared/schemas/escalas.ts';
import { api } from '../../app/api.ts';
import type { AllocationRange } from './escalasApi.ts';

/**
 * The home page's reads (docs/product.md §1): the same answers as My Events and Leader View, shown by the home page's own
 * summary, which says on screen when they fail. Quiet in the console: the home page is also where a sign-out
 * lands, and a read asked in that moment is answered 401 without anything being wrong.
 */
export const summaryApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/me/events` for the home page: my services, upcoming first, with my answers. */
    getMyServices: build.query<MyEvent[], void>({
      query: () => 'me/events',
      extraOptions: { quietHttpErrors: true },
      providesTags: [{ type: 'MyEvent', id: 'LIST' }],
    }),
    /** `GET /api/allocations?from=&to=` for a leader's home page: whose answers are still missing. */
    getAnswersInRange: build.query<Allocation[], AllocationRange>({
      query: ({ from, to }) => ({ url: 'allocations', params: { from, to } }),
      extraOptions: { quietHttpErrors: true },
      providesTags: (allocations) => [
        { type: 'Allocation', id: 'LIST' },
        ...(allocations ?? []).map((allocation) => ({ type: 'Allocation' as const, id: allocation.id })),
      ],
    }),
  }),
});

export const { useGetMyServicesQuery, useGetAnswersInRangeQuery } = summaryApi;
