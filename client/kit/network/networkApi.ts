import type { Department } from '../../../shared/schemas/escalas.ts';
import type { Church, MyTeam, Position } from '../../../shared/schemas/network.ts';
import { api } from '../../app/api.ts';

/**
 * The network's shape as the features read it (docs/product.md §8): churches, departments and their positions, and the
 * teams I belong to. Shared by the gap matrix, the network's admin screens and the allocation dialog; the
 * writes belong to the admin screens (features/network).
 */
export const networkApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/churches`: the network's churches, by name. */
    getChurches: build.query<Church[], void>({
      query: () => 'churches',
      providesTags: [{ type: 'Church', id: 'LIST' }],
    }),
    /** `GET /api/departments`: every department of the network, by name. */
    getDepartments: build.query<Department[], void>({
      query: () => 'departments',
      providesTags: [{ type: 'Department', id: 'LIST' }],
    }),
    /** `GET /api/departments/{id}/positions`: the positions of one department (Vocal, Bateria…), by name. */
    getPositions: build.query<Position[], number>({
      query: (departmentId) => `departments/${departmentId}/positions`,
      // The screens that ask it say so when it fails (the allocation dialog's Função, the admin's list).
      extraOptions: { quietHttpErrors: true },
      providesTags: (_positions, _error, departmentId) => [{ type: 'Position', id: departmentId }],
    }),
    /** `GET /api/me/teams`: the teams I belong to, and whether I lead them (a team leader may be a `member`). */
    getMyTeams: build.query<MyTeam[], void>({
      query: () => 'me/teams',
      // The screens that ask it hide what it adds when it fails (the home page's teams, the navigation's entry).
      extraOptions: { quietHttpErrors: true },
      providesTags: [{ type: 'Team', id: 'MINE' }],
    }),
  }),
});

export const { useGetChurchesQuery, useGetDepartmentsQuery, useGetPositionsQuery, useGetMyTeamsQuery } = networkApi;

/** Whether any of my teams has me as its leader. */
export function leadsATeam(teams: readonly MyTeam[] | undefined): boolean {
  return (teams ?? []).some((team) => team.leader);
}
