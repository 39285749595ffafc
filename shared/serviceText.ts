/**
 * A place of an escala as every message and screen names it (docs/product.md §7): the department, and its
 * position when one is named — `Louvor — Vocal`.
 */
export function placeText(department: string, position: string | null | undefined): string {
  return position ? `${department} — ${position}` : department;
}

export interface ServiceParts {
  /** The event's name: its type (`Culto`), or its title. */
  event: string;
  /** Its church's name; null or absent for a whole-network event. */
  church?: string | null;
  /** When, as the caller writes it (`domingo, 22 de novembro de 2026 às 19:00`). */
  when?: string;
  department?: string;
  position?: string | null;
}

/**
 * One service in one line, so that in a network of churches nobody has to guess which (docs/product.md §7):
 * `Culto · Sede · domingo, 22 de novembro de 2026 às 19:00 · Louvor — Vocal`. Parts not given are left out.
 */
export function serviceText({ event, church, when, department, position }: ServiceParts): string {
  return [event, church, when, department === undefined ? undefined : placeText(department, position)].filter((part): part is string => !!part).join(' · ');
}
