import type { Overview } from '../../../shared/schemas/needs.ts';
import { api } from '../../app/api.ts';

/** The matrix's filters: one church and one department, or null for all of them. */
export interface OverviewFilter {
  churchId: number | null;
  departmentId: number | null;
}

export const overviewApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * `GET /api/escalas/overview[?church_id=&department_id=]`: per event of the next 8 weeks and per position, how
     * many people it needs and how many are pending, confirmed and declined (a team leader gets their teams only).
     * An allocation made or an event changed anywhere changes it (`Allocation` and `Event` lists), as do the needs.
     */
    getOverview: build.query<Overview, OverviewFilter>({
      query: ({ churchId, departmentId }) => ({
        url: 'escalas/overview',
        params: {
          ...(churchId === null ? {} : { church_id: churchId }),
          ...(departmentId === null ? {} : { department_id: departmentId }),
        },
      }),
      extraOptions: { quietHttpErrors: true },
      providesTags: [
        { type: 'Overview', id: 'LIST' },
        { type: 'Allocation', id: 'LIST' },
        { type: 'Event', id: 'LIST' },
      ],
    }),
  }),
});

export const { useGetOverviewQuery } = overviewApi;
