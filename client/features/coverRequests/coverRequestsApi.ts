import type { CoverRequest, CreateCoverRequest, OpenCoverRequest } from '../../../shared/schemas/coverRequests.ts';
import type { Allocation } from '../../../shared/schemas/escalas.ts';
import { api } from '../../app/api.ts';

/** The requests I may take are part of my escala to be: cached with My Events' tag type, so taking one refreshes both. */
const COVER_REQUESTS = { type: 'MyEvent' as const, id: 'cover-requests' };
const MY_EVENTS = { type: 'MyEvent' as const, id: 'LIST' };

export const coverRequestsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/me/cover-requests` (docs/product.md §10): the open requests I may take. */
    getMyCoverRequests: build.query<OpenCoverRequest[], void>({
      query: () => 'me/cover-requests',
      // A section beside My Events and the home page: it shows nothing when the call fails, and an ended session
      // is told once, by the page's own read (one console line, as the specification's My Events writes).
      extraOptions: { quietHttpErrors: true },
      providesTags: [COVER_REQUESTS],
    }),
    /** `POST /api/allocations/{id}/cover`: "Pedir cobertura"; My Events shows the request. */
    requestCover: build.mutation<CoverRequest, { allocationId: number; request: CreateCoverRequest; idempotencyKey: string }>({
      query: ({ allocationId, request, idempotencyKey }) => ({ url: `allocations/${allocationId}/cover`, method: 'POST', body: request, headers: { 'Idempotency-Key': idempotencyKey } }),
      extraOptions: { quietHttpErrors: true },
      invalidatesTags: [MY_EVENTS],
    }),
    /** `POST /api/cover-requests/{id}/accept`: "Assumir"; the place becomes mine, confirmed. */
    acceptCoverRequest: build.mutation<Allocation, { requestId: number }>({
      query: ({ requestId }) => ({ url: `cover-requests/${requestId}/accept`, method: 'POST' }),
      extraOptions: { quietHttpErrors: true },
      invalidatesTags: [COVER_REQUESTS, MY_EVENTS, { type: 'Overview', id: 'LIST' }],
    }),
    /** `DELETE /api/cover-requests/{id}`: the requester withdraws it. */
    withdrawCoverRequest: build.mutation<null, { requestId: number }>({
      query: ({ requestId }) => ({ url: `cover-requests/${requestId}`, method: 'DELETE' }),
      extraOptions: { quietHttpErrors: true },
      invalidatesTags: [MY_EVENTS],
    }),
  }),
});

export const { useGetMyCoverRequestsQuery, useRequestCoverMutation, useAcceptCoverRequestMutation, useWithdrawCoverRequestMutation } = coverRequestsApi;
