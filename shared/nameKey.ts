/**
 * The form in which names of churches and positions are compared: trimmed, single-spaced, lower-case, without
 * accents ("Sede", " sede " and "SÉDE" are one church). The same rule as server/escalas/departmentKey.ts.
 * Recomposed at the end (NFC), so a script whose letters decompose without accents (Hangul) keeps its length.
 */
export function nameKey(name: string): string {
  return name.normalize('NFD').replace(/\p{Diacritic}/gu, '').normalize('NFC').toLowerCase().trim().replace(/\s+/g, ' ');
}

/** The longest key the `name_key` columns hold. */
export const NAME_KEY_MAX = 100;
