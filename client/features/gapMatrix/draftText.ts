import type { Draft, DraftPlace } from '../../../shared/schemas/drafts.ts';
import { columnKeyOf } from './matrixLayout.ts';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** `38 de 42 lugares · 17 pessoas · no máximo 3 serviços por pessoa` (docs/product.md §9). */
export function draftSummaryText({ places, filled, people, max_load: maxLoad }: Draft['summary']): string {
  if (places === 0) return 'Nenhum lugar a preencher: os eventos deste período já têm todas as pessoas de que precisam.';
  const parts = [`${filled} de ${count(places, 'lugar', 'lugares')}`, count(people, 'pessoa', 'pessoas')];
  if (people > 0) parts.push(`no máximo ${count(maxLoad, 'serviço', 'serviços')} por pessoa`);
  return parts.join(' · ');
}

/** `38 convites`: one invitation per filled place, sent when the draft is published. */
export function invitationsText(filled: number): string {
  return count(filled, 'convite', 'convites');
}

/** The places of a matrix cell (an event and a column) are found under this key. */
export function placeCellKey(eventId: number, department: { id: number }, position: { id: number } | null): string {
  return `${eventId}|${columnKeyOf(department, position)}`;
}

/** The draft's places by matrix cell, in the draft's order. */
export function placesByCell(places: readonly DraftPlace[]): Map<string, DraftPlace[]> {
  const cells = new Map<string, DraftPlace[]>();
  for (const place of places) {
    const key = placeCellKey(place.event.id, place.department, place.position);
    cells.set(key, [...(cells.get(key) ?? []), place]);
  }
  return cells;
}
