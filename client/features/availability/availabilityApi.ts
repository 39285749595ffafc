import type { Blockout, CreateBlockoutRequest } from '../../../shared/schemas/responses.ts';
import { api } from '../../app/api.ts';

const BLOCKOUTS = { type: 'Blockout' as const, id: 'LIST' };

export const availabilityApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/me/blockouts`: the day ranges I cannot serve. */
    getBlockouts: build.query<Blockout[], void>({
      query: () => 'me/blockouts',
      providesTags: [BLOCKOUTS],
    }),
    /** `POST /api/me/blockouts { from, to, note? }`: 201 the new range. */
    createBlockout: build.mutation<Blockout, CreateBlockoutRequest>({
      query: (blockout) => ({ url: 'me/blockouts', method: 'POST', body: blockout }),
      extraOptions: { quietHttpErrors: true },
      invalidatesTags: (blockout) => (blockout ? [BLOCKOUTS] : []),
    }),
    /** `DELETE /api/me/blockouts/{id}` (204); a 404 too means the list on screen is stale. */
    deleteBlockout: build.mutation<null, number>({
      query: (id) => ({ url: `me/blockouts/${id}`, method: 'DELETE' }),
      extraOptions: { quietHttpErrors: true },
      invalidatesTags: [BLOCKOUTS],
    }),
  }),
});

export const { useGetBlockoutsQuery, useCreateBlockoutMutation, useDeleteBlockoutMutation } = availabilityApi;
