import type { AuditAction, AuditEntryView } from '../../../shared/schemas/audit.ts';
import { api } from '../../app/api.ts';

/** The filters of the "Registro de atividades" (`GET /api/audit`): who did it, to whom, what. */
export interface AuditFilter {
  actorId?: number | undefined;
  subjectId?: number | undefined;
  action?: AuditAction | undefined;
}

/** Entries per "Carregar mais" (the API takes up to 200). */
export const AUDIT_PAGE_SIZE = 50;

/**
 * The admin's read of the audit log (docs/product.md §11), newest first, a page at a time: the next page asks for
 * the entries before the last one shown (`before`). Only the lazily loaded admin page imports this file.
 */
export const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAuditLog: build.infiniteQuery<AuditEntryView[], AuditFilter, number | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => (lastPage.length < AUDIT_PAGE_SIZE ? undefined : lastPage[lastPage.length - 1]!.id),
      },
      query: ({ queryArg, pageParam }) => ({
        url: 'audit',
        params: {
          limit: AUDIT_PAGE_SIZE,
          ...(queryArg.actorId === undefined ? {} : { actor_id: queryArg.actorId }),
          ...(queryArg.subjectId === undefined ? {} : { subject_id: queryArg.subjectId }),
          ...(queryArg.action === undefined ? {} : { action: queryArg.action }),
          ...(pageParam === null ? {} : { before: pageParam }),
        },
      }),
      extraOptions: { quietHttpErrors: true },
      // The page's role and team changes invalidate 'Member' (networkAdminApi.ts): the log then shows them too.
      providesTags: [{ type: 'Member', id: 'AUDIT' }],
    }),
  }),
});

export const { useGetAuditLogInfiniteQuery } = auditApi;
