/**
 * The form in which department names are compared: trimmed, single-spaced, lower-case, without accents.
 * Recomposed at the end (NFC), so a script whose letters decompose without accents (Hangul) keeps its length.
 */
export function departmentKey(name: string): string {
  return name.normalize('NFD').replace(/\p{Diacritic}/gu, '').normalize('NFC').toLowerCase().trim().replace(/\s+/g, ' ');
}

/** The longest key the `departments.name_key` column holds. */
export const DEPARTMENT_KEY_MAX = 100;
