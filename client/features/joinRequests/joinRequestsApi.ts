import type {
  ApproveJoinRequest,
  CreatedJoinRequest,
  CreateJoinRequest,
  DeclineJoinRequest,
  MyJoinRequest,
  TeamJoinRequest,
} from '../../../shared/schemas/joinRequests.ts';
import type { TeamMembership } from '../../../shared/schemas/network.ts';
import { api } from '../../app/api.ts';

const MINE = { type: 'JoinRequest' as const, id: 'MINE' };
const TO_DECIDE = { type: 'JoinRequest' as const, id: 'LIST' };

export const joinRequestsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/me/join-requests` (docs/product.md §13): my requests to serve, newest first, and their state. */
    getMyJoinRequests: build.query<MyJoinRequest[], void>({
      query: () => 'me/join-requests',
      providesTags: [MINE],
    }),
    /**
     * `POST /api/me/join-requests`: "Quero servir"; the refusals (409, 422) are shown by the form. Its Idempotency-Key
     * makes a retry after a time-out that saved it answer 201 again, not 409 already_requested.
     */
    createJoinRequest: build.mutation<CreatedJoinRequest, { request: CreateJoinRequest; idempotencyKey: string }>({
      query: ({ request, idempotencyKey }) => ({ url: 'me/join-requests', method: 'POST', body: request, headers: { 'Idempotency-Key': idempotencyKey } }),
      extraOptions: { quietHttpErrors: true },
      invalidatesTags: [MINE],
    }),
    /** `GET /api/join-requests`: the pending requests of every team I lead (an admin: of every team). */
    getJoinRequestsToDecide: build.query<TeamJoinRequest[], void>({
      query: () => 'join-requests',
      providesTags: [TO_DECIDE],
    }),
    /** `POST /api/join-requests/{id}/approve`: the member joins the team with the positions chosen. */
    approveJoinRequest: build.mutation<TeamMembership, { id: number } & ApproveJoinRequest>({
      query: ({ id, ...body }) => ({ url: `join-requests/${id}/approve`, method: 'POST', body }),
      extraOptions: { quietHttpErrors: true },
      // The team's members change too (Team tags: the members lists, my teams).
      invalidatesTags: [TO_DECIDE, 'Team'],
    }),
    /** `POST /api/join-requests/{id}/decline`: the member reads the reason. */
    declineJoinRequest: build.mutation<TeamJoinRequest, { id: number } & DeclineJoinRequest>({
      query: ({ id, ...body }) => ({ url: `join-requests/${id}/decline`, method: 'POST', body }),
      extraOptions: { quietHttpErrors: true },
      invalidatesTags: [TO_DECIDE],
    }),
  }),
});

export const { useGetMyJoinRequestsQuery, useCreateJoinRequestMutation, useGetJoinRequestsToDecideQuery, useApproveJoinRequestMutation, useDeclineJoinRequestMutation } =
  joinRequestsApi;
