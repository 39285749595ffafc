/** The file as a whole cannot be imported (not CSV, no header, a missing column, no rows); the message says why. */
export class InvalidCsv extends Error {}
