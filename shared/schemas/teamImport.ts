import { z } from 'zod';

// ---------------------------------------------------------------------------------------------------------------
// Spreadsheet import (docs/product.md §13): POST /api/teams/import[?dry_run=true], body text/csv
// ---------------------------------------------------------------------------------------------------------------

/** The largest file the import reads: 2 MB. */
export const TEAM_IMPORT_MAX_BYTES = 2 * 1024 * 1024;

/** The columns the header must name, and the optional ones (compared without accents, case or hyphens). */
export const TEAM_IMPORT_REQUIRED_COLUMNS = ['nome', 'email', 'igreja', 'departamento'] as const;
export const TEAM_IMPORT_OPTIONAL_COLUMNS = ['telefone', 'funcoes'] as const;
/** How several positions share the `funcoes` cell. */
export const TEAM_IMPORT_POSITION_SEPARATOR = '|';

/** `?dry_run=true` only reports; anything else but absence is a 400. */
export const teamImportQuerySchema = z.strictObject({
  dry_run: z.enum(['true', 'false'], { message: 'Use dry_run=true ou dry_run=false.' }).optional(),
});

/** What a valid row does: invite a person without an account, add an account to the team, or nothing (already done). */
export const teamImportActionSchema = z.enum(['invite', 'add', 'none']);
export type TeamImportAction = z.infer<typeof teamImportActionSchema>;

/** Why a row is skipped; each comes with a pt-BR message naming the value at fault. */
export const TEAM_IMPORT_ROW_ERRORS = [
  'missing_name',
  'invalid_name',
  'missing_email',
  'invalid_email',
  'duplicate_email',
  'missing_church',
  'unknown_church',
  'missing_department',
  'unknown_department',
  'unknown_position',
  'forbidden',
] as const;
export const teamImportRowErrorSchema = z.object({ code: z.enum(TEAM_IMPORT_ROW_ERRORS), message: z.string() });
export type TeamImportRowError = z.infer<typeof teamImportRowErrorSchema>;

/**
 * One data row of the file: `line` is its first line in the file (the header is line 1; a quoted cell may span
 * lines); `email` as written, trimmed and lower-cased; `action` what it does (or would do) when it has no errors.
 */
export const teamImportRowSchema = z.strictObject({
  line: z.number().int(),
  email: z.string(),
  action: teamImportActionSchema,
  errors: z.array(teamImportRowErrorSchema),
});
export type TeamImportRow = z.infer<typeof teamImportRowSchema>;

/** Counts of the rows without errors by action, and of the rows with errors. */
export const teamImportSummarySchema = z.strictObject({
  invite: z.number().int(),
  add: z.number().int(),
  none: z.number().int(),
  errors: z.number().int(),
});
export type TeamImportSummary = z.infer<typeof teamImportSummarySchema>;

export const teamImportResultSchema = z.strictObject({ rows: z.array(teamImportRowSchema), summary: teamImportSummarySchema });
export type TeamImportResult = z.infer<typeof teamImportResultSchema>;
