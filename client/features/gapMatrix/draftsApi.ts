import type { CreateDraftRequest, Draft, DraftCandidate, PublishDraftResponse } from '../../../shared/schemas/drafts.ts';
import { api } from '../../app/api.ts';

export interface CreateDraftArgs extends CreateDraftRequest {
  /** Makes a retry of the same request safe (see kit/useIdempotencyKey.ts). */
  idempotencyKey?: string;
}

export interface PutDraftPlaceArgs {
  draftId: number;
  placeId: number;
  /** The person proposed for the place, or null to leave it empty. */
  userId: number | null;
}

export interface PublishDraftArgs {
  draftId: number;
  idempotencyKey?: string;
}

export interface PlaceCandidatesArgs {
  draftId: number;
  placeId: number;
}

const draftTag = (id: number) => ({ type: 'Draft' as const, id });

/**
 * The escala drafts (docs/product.md §9, `/api/escalas/drafts`). A draft's answer is kept under its id: the POST
 * and each PUT answer the whole draft, which their caller stores as the draft's read (`upsertQueryData`) before
 * showing it — no second read, and the matrix never shows the place as it was. Publishing makes
 * allocations, so the matrix (the overview), the allocation lists and My Events are asked again. Every failure is
 * shown by the screen itself (no console line).
 */
export const draftsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `POST /api/escalas/drafts { from, to, church_id?, department_id? }`: 201 the draft; it invites nobody. */
    createDraft: build.mutation<Draft, CreateDraftArgs>({
      query: ({ idempotencyKey, ...body }) => ({
        url: 'escalas/drafts',
        method: 'POST',
        body,
        ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
      }),
      extraOptions: { quietHttpErrors: true },
    }),
    /** `GET /api/escalas/drafts/{id}`: the draft, its places and their reasons (404 for anyone but its author). */
    getDraft: build.query<Draft, number>({
      query: (id) => `escalas/drafts/${id}`,
      extraOptions: { quietHttpErrors: true },
      providesTags: (_draft, _error, id) => [draftTag(id)],
    }),
    /** `PUT /api/escalas/drafts/{id}/places/{placeId} { user_id }`: 200 the draft; a person a rule refuses → 409 with its code. */
    putDraftPlace: build.mutation<Draft, PutDraftPlaceArgs>({
      query: ({ draftId, placeId, userId }) => ({ url: `escalas/drafts/${draftId}/places/${placeId}`, method: 'PUT', body: { user_id: userId } }),
      extraOptions: { quietHttpErrors: true },
    }),
    /** `POST /api/escalas/drafts/{id}/publish`: 200 `{ created, skipped }`; the picks become pending allocations and their invitations. */
    publishDraft: build.mutation<PublishDraftResponse, PublishDraftArgs>({
      query: ({ draftId, idempotencyKey }) => ({
        url: `escalas/drafts/${draftId}/publish`,
        method: 'POST',
        ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
      }),
      extraOptions: { quietHttpErrors: true },
      // The screen leaves the published draft at once: it is not read again.
      invalidatesTags: (result) =>
        result ? [{ type: 'Overview', id: 'LIST' }, { type: 'Allocation', id: 'LIST' }, { type: 'MyEvent', id: 'LIST' }] : [],
    }),
    /** `DELETE /api/escalas/drafts/{id}`: 204. */
    discardDraft: build.mutation<null, number>({
      query: (id) => ({ url: `escalas/drafts/${id}`, method: 'DELETE' }),
      extraOptions: { quietHttpErrors: true },
    }),
    /**
     * `GET /api/escalas/drafts/{id}/places/{placeId}/candidates`: the team's eligible people for the place, with the
     * load and last service the draft weighed, and what keeps each one away now.
     */
    getPlaceCandidates: build.query<DraftCandidate[], PlaceCandidatesArgs>({
      query: ({ draftId, placeId }) => ({ url: `escalas/drafts/${draftId}/places/${placeId}/candidates` }),
      extraOptions: { quietHttpErrors: true },
      providesTags: [{ type: 'Draft', id: 'LIST' }],
    }),
  }),
});

export const {
  useCreateDraftMutation,
  useGetDraftQuery,
  usePutDraftPlaceMutation,
  usePublishDraftMutation,
  useDiscardDraftMutation,
  useGetPlaceCandidatesQuery,
} = draftsApi;
