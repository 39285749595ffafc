import { formatDay } from '../../../shared/formats.ts';
import type { BlockedRange } from '../../../shared/schemas/escalas.ts';

/** A blocked day range as a sentence part: `em 22 de novembro de 2026`, or `de 20 de novembro de 2026 a 25 de novembro de 2026`. */
export function formatBlockedRange({ from, to }: BlockedRange): string {
  return from === to ? `em ${formatDay(from)}` : `de ${formatDay(from)} a ${formatDay(to)}`;
}
