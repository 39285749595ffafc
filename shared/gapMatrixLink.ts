import { PORTAL_ROUTES } from './portalRoutes.ts';

/** The gap matrix's filters live in the address (`?igreja=2&departamento=1`): shared, reloaded, e-mailed. */
export const GAP_MATRIX_PARAMS = { church: 'igreja', department: 'departamento' } as const;

/** `/escalas/lacunas?igreja=2&departamento=1`: the matrix of one team (either filter may be left out). */
export function gapMatrixPath(filters: { churchId?: number | null; departmentId?: number | null }): string {
  const params = new URLSearchParams();
  if (filters.churchId != null) params.set(GAP_MATRIX_PARAMS.church, String(filters.churchId));
  if (filters.departmentId != null) params.set(GAP_MATRIX_PARAMS.department, String(filters.departmentId));
  const query = params.toString();
  return query ? `${PORTAL_ROUTES.gapMatrix}?${query}` : PORTAL_ROUTES.gapMatrix;
}
