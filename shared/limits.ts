/**
 * Limits the API's schemas enforce and the client's forms show, in a module without zod: the client imports
 * them into the first download, and zod stays in the chunks that validate (shared/schemas re-exports them).
 */

/** The longest decline note (and blockout note) the API keeps. */
export const RESPONSE_NOTE_MAX = 300;

/** The most days a range asked of the API (or a blockout) may span. */
export const MAX_RANGE_DAYS = 366;

/** The gap matrix's span when no from/to is given: today and the next 8 weeks (network timezone). */
export const OVERVIEW_DEFAULT_WEEKS = 8;
