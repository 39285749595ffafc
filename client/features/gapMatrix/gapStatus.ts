import type { OverviewNeed } from '../../../shared/schemas/needs.ts';

/**
 * A cell of the matrix: `complete` when as many as it needs have confirmed; `awaiting` when the confirmed and
 * the pending together are enough but some have not answered yet (an invitation is not a yes); else `declined`
 * when someone declined and left the gap, else `empty` (nobody yet) or `partial`.
 */
export type GapStatus = 'complete' | 'awaiting' | 'partial' | 'empty' | 'declined';

export function gapStatusOf(need: Pick<OverviewNeed, 'needed' | 'pending' | 'confirmed' | 'declined'>): GapStatus {
  if (need.confirmed >= need.needed) return 'complete';
  if (need.confirmed + need.pending >= need.needed) return 'awaiting';
  if (need.declined > 0) return 'declined';
  return need.pending + need.confirmed === 0 ? 'empty' : 'partial';
}

/** How a status reads, in the legend and (but for `awaiting`, which gives its count) in the cell: never colour alone. */
export const GAP_STATUS_TEXT: Record<GapStatus, { label: string; icon: string }> = {
  complete: { label: 'Completa', icon: '✓' },
  awaiting: { label: 'Aguardando', icon: '◷' },
  partial: { label: 'Parcial', icon: '◐' },
  empty: { label: 'Vazia', icon: '○' },
  declined: { label: 'Recusa', icon: '✕' },
};

/** The order of the legend. */
export const GAP_STATUSES: readonly GapStatus[] = ['empty', 'declined', 'partial', 'awaiting', 'complete'];

/**
 * What a cell says of its state: the word it shows (`Completa`, or `2 aguardando` with the unanswered count) and
 * the sentence that ends its accessible name (`Completa`, `Aguardando 2 respostas`).
 */
export function gapStatusText(status: GapStatus, { pending }: Pick<OverviewNeed, 'pending'>): { word: string; spoken: string } {
  if (status === 'awaiting') return { word: `${pending} aguardando`, spoken: `Aguardando ${pending} ${pending === 1 ? 'resposta' : 'respostas'}` };
  const { label } = GAP_STATUS_TEXT[status];
  return { word: label, spoken: label };
}

/** `1 confirmado · 1 pendente · 1 recusou`, or `ninguém escalado`. */
export function needAnswers({ pending, confirmed, declined }: Pick<OverviewNeed, 'pending' | 'confirmed' | 'declined'>): string {
  const parts: string[] = [];
  if (confirmed > 0) parts.push(`${confirmed} ${confirmed === 1 ? 'confirmado' : 'confirmados'}`);
  if (pending > 0) parts.push(`${pending} ${pending === 1 ? 'pendente' : 'pendentes'}`);
  if (declined > 0) parts.push(`${declined} ${declined === 1 ? 'recusou' : 'recusaram'}`);
  return parts.length === 0 ? 'ninguém escalado' : parts.join(' · ');
}
