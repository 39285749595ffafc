import type { Allocation, AllocationStatus, MemberCandidate, TeamMember } from '../../../shared/schemas/escalas.ts';
import type { AllocationAnswer, TokenAllocation } from '../../../shared/schemas/responses.ts';
import { api } from '../../app/api.ts';
import { escalasApi } from './escalasApi.ts';
import { summaryApi } from './summaryApi.ts';

/** A member's answer to one of their allocations (docs/product.md §6). */
export interface AllocationAnswerRequest {
  allocationId: number;
  /** The allocation's event: who serves there changes with a decline. */
  eventId: number;
  answer: AllocationAnswer;
  /** The note of a decline; none with a confirmation. */
  reason?: string | null;
}

export interface TokenAnswerRequest {
  token: string;
  answer: AllocationAnswer;
  reason?: string | null;
}

export interface CandidateSearch {
  eventId: number;
  q: string;
  /** The department being allocated at an event of a church: that team's members come first, with their positions. */
  departmentId?: number | undefined;
}

const MY_EVENTS = { type: 'MyEvent' as const, id: 'LIST' };
const ALLOCATIONS = { type: 'Allocation' as const, id: 'LIST' };

/** The body of an answer: a reason only with a decline, and only when one was written. */
function answerBody({ answer, reason }: { answer: AllocationAnswer; reason?: string | null | undefined }) {
  const note = reason?.trim();
  return answer === 'declined' && note ? { answer, reason: note } : { answer };
}

export const responsesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * `POST /api/allocations/{id}/response { answer, reason? }`: the allocated member answers. My Events and the
     * home page show the answer at once; it is undone if the API refuses it.
     */
    answerAllocation: build.mutation<Allocation, AllocationAnswerRequest>({
      query: ({ allocationId, ...answer }) => ({ url: `allocations/${allocationId}/response`, method: 'POST', body: answerBody(answer) }),
      extraOptions: { quietHttpErrors: true },
      async onQueryStarted({ allocationId, answer }, { dispatch, queryFulfilled }) {
        const status: AllocationStatus = answer;
        const mark = (events: Array<{ allocation_id: number; status: AllocationStatus }>) => {
          const mine = events.find((event) => event.allocation_id === allocationId);
          if (mine) mine.status = status;
        };
        const patches = [
          dispatch(escalasApi.util.updateQueryData('getMyEvents', undefined, mark)),
          dispatch(summaryApi.util.updateQueryData('getMyServices', undefined, mark)),
        ];
        try {
          await queryFulfilled;
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
      invalidatesTags: (allocation, _error, { allocationId, eventId }) =>
        allocation ? [MY_EVENTS, { type: 'Allocation', id: allocationId }, { type: 'EventTeam', id: eventId }] : [MY_EVENTS],
    }),
    /** `GET /api/events/{id}/team`: who serves at an event I serve at (names and departments). */
    getEventTeam: build.query<TeamMember[], number>({
      query: (eventId) => `events/${eventId}/team`,
      extraOptions: { quietHttpErrors: true },
      providesTags: (_team, _error, eventId) => [{ type: 'EventTeam', id: eventId }],
    }),
    /**
     * `GET /api/events/{id}/candidates?q=[&department_id=]` (leaders): the member search, each member marked with
     * what the leader should know before allocating them there (already there, a blocked day, another service
     * close by); with a department, the team's members first with the positions they fill.
     */
    searchCandidates: build.query<MemberCandidate[], CandidateSearch>({
      query: ({ eventId, q, departmentId }) => {
        const params = { ...(q === '' ? {} : { q }), ...(departmentId === undefined ? {} : { department_id: departmentId }) };
        return Object.keys(params).length === 0 ? `events/${eventId}/candidates` : { url: `events/${eventId}/candidates`, params };
      },
      providesTags: [{ type: 'Member', id: 'LIST' }, ALLOCATIONS],
    }),
    /** `GET /api/responses/{token}`: what an e-mailed link answers. Reads only; works signed out. */
    getResponseLink: build.query<TokenAllocation, string>({
      query: (token) => `responses/${encodeURIComponent(token)}`,
      transformResponse: (response: { allocation: TokenAllocation }) => response.allocation,
      extraOptions: { quietHttpErrors: true },
      providesTags: (_allocation, _error, token) => [{ type: 'ResponseLink', id: token }],
    }),
    /** `POST /api/responses/{token} { answer, reason? }`: the answer, given through the link. */
    answerResponseLink: build.mutation<TokenAllocation, TokenAnswerRequest>({
      query: ({ token, ...answer }) => ({ url: `responses/${encodeURIComponent(token)}`, method: 'POST', body: answerBody(answer) }),
      transformResponse: (response: { allocation: TokenAllocation }) => response.allocation,
      extraOptions: { quietHttpErrors: true },
      invalidatesTags: (allocation, _error, { token }) =>
        allocation ? [{ type: 'ResponseLink', id: token }, MY_EVENTS, { type: 'Allocation', id: allocation.id }] : [],
    }),
  }),
});

export const {
  useAnswerAllocationMutation,
  useGetEventTeamQuery,
  useSearchCandidatesQuery,
  useGetResponseLinkQuery,
  useAnswerResponseLinkMutation,
} = responsesApi;
