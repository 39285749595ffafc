import type { TeamImportResult } from '../../../shared/schemas/teamImport.ts';
import { api } from '../../app/api.ts';

/** docs/product.md §13: the spreadsheet import, previewed (`dry_run`) and then confirmed with the same bytes. */
export const teamImportApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * `POST /api/teams/import[?dry_run=true]` with the file's bytes as they are on disk (`text/csv`): the API tells
     * UTF-8 from Windows-1252, which reading the file as text here would have garbled.
     */
    importTeamCsv: build.mutation<TeamImportResult, { bytes: Uint8Array; dryRun: boolean }>({
      query: ({ bytes, dryRun }) => ({
        url: dryRun ? 'teams/import?dry_run=true' : 'teams/import',
        method: 'POST',
        body: bytes,
        headers: { 'Content-Type': 'text/csv' },
      }),
      extraOptions: { quietHttpErrors: true },
      // A written import changed members and invitations of any number of teams.
      invalidatesTags: (result, _error, { dryRun }) => (result && !dryRun ? ['Team'] : []),
    }),
  }),
});

export const { useImportTeamCsvMutation } = teamImportApi;
