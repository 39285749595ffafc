/** The form in which department names are compared: trimmed, single-spaced, lower-case, without accents. */
export function departmentKey(name: string): string {
  return name.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim().replace(/\s+/g, ' ');
}
