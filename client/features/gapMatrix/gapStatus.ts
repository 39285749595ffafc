import type { OverviewNeed } from '../../../shared/schemas/needs.ts';

/**
 * A cell of the matrix: `complete` when everyone it needs is allocated (pending or confirmed), else `declined`
 * when someone declined and left the gap, else `empty` (nobody yet) or `partial`.
 */
export type GapStatus = 'complete' | 'partial' | 'empty' | 'declined';

export function gapStatusOf(need: Pick<OverviewNeed, 'needed' | 'pending' | 'confirmed' | 'declined'>): GapStatus {
  const filled = need.pending + need.confirmed;
  if (filled >= need.needed) return 'complete';
  if (need.declined > 0) return 'declined';
  return filled === 0 ? 'empty' : 'partial';
}

/** How a status reads, in the cell and in the legend: never colour alone. */
export const GAP_STATUS_TEXT: Record<GapStatus, { label: string; icon: string }> = {
  complete: { label: 'Completa', icon: '✓' },
  partial: { label: 'Parcial', icon: '◐' },
  empty: { label: 'Vazia', icon: '○' },
  declined: { label: 'Recusa', icon: '✕' },
};

/** The order of the legend. */
export const GAP_STATUSES: readonly GapStatus[] = ['empty', 'declined', 'partial', 'complete'];

/** `1 confirmado · 1 pendente · 1 recusou`, or `ninguém escalado`. */
export function needAnswers({ pending, confirmed, declined }: Pick<OverviewNeed, 'pending' | 'confirmed' | 'declined'>): string {
  const parts: string[] = [];
  if (confirmed > 0) parts.push(`${confirmed} ${confirmed === 1 ? 'confirmado' : 'confirmados'}`);
  if (pending > 0) parts.push(`${pending} ${pending === 1 ? 'pendente' : 'pendentes'}`);
  if (declined > 0) parts.push(`${declined} ${declined === 1 ? 'recusou' : 'recusaram'}`);
  return parts.length === 0 ? 'ninguém escalado' : parts.join(' · ');
}
