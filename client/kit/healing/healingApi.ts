import type { EscalaHealing } from '../../../shared/schemas/coverRequests.ts';
import { api } from '../../app/api.ts';

/** The days asked (the overview's range); none: the matrix's 8 weeks from today. */
export interface HealingRange {
  from?: string;
  to?: string;
}

export const healingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * `GET /api/escalas/healing`: the open cover requests and the places members took by cover or sign-up in the
     * matrix's 8 weeks (docs/product.md §10). Asked again with the matrix (the same tags).
     */
    getEscalaHealing: build.query<EscalaHealing, HealingRange>({
      query: (range) => ({ url: 'escalas/healing', params: range }),
      extraOptions: { quietHttpErrors: true },
      providesTags: [
        { type: 'Overview', id: 'LIST' },
        { type: 'Allocation', id: 'LIST' },
        { type: 'Event', id: 'LIST' },
      ],
    }),
  }),
});

export const { useGetEscalaHealingQuery } = healingApi;

/** What one cell of the matrix (or one place) shows of the escala healing itself. */
export interface CellHealing {
  requests: EscalaHealing['cover_requests'];
  filled: EscalaHealing['filled'];
}

/** The healing grouped by a key of its place (the matrix's `placeCellKey`). */
export function healingByCell(
  healing: EscalaHealing | undefined,
  keyOf: (eventId: number, department: { id: number }, position: { id: number } | null) => string,
): Map<string, CellHealing> {
  const cells = new Map<string, CellHealing>();
  const cellOf = (entry: { event_id: number; department_id: number; position_id: number | null }) => {
    const key = keyOf(entry.event_id, { id: entry.department_id }, entry.position_id === null ? null : { id: entry.position_id });
    let cell = cells.get(key);
    if (!cell) {
      cell = { requests: [], filled: [] };
      cells.set(key, cell);
    }
    return cell;
  };
  for (const request of healing?.cover_requests ?? []) cellOf(request).requests.push(request);
  for (const entry of healing?.filled ?? []) cellOf(entry).filled.push(entry);
  return cells;
}
