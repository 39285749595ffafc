import type { TeamImportAction, TeamImportSummary } from '../../../shared/schemas/teamImport.ts';

/** What a row will do (the preview) or did (after the import), in pt-BR. */
export const ACTION_LABELS: Record<'preview' | 'done', Record<TeamImportAction, string>> = {
  preview: { invite: 'Convidar', add: 'Adicionar à equipe', none: 'Nada a fazer' },
  done: { invite: 'Convidado', add: 'Adicionado à equipe', none: 'Nada a fazer' },
};

const count = (n: number, one: string, many: string) => `${n.toLocaleString('pt-BR')} ${n === 1 ? one : many}`;

/** The summary line: how many rows of each kind, e.g. "2 a convidar · 1 a adicionar à equipe · 0 sem mudança · 1 com erro". */
export function summaryText(summary: TeamImportSummary, mode: 'preview' | 'done'): string {
  const parts =
    mode === 'preview'
      ? [
          count(summary.invite, 'pessoa a convidar', 'pessoas a convidar'),
          count(summary.add, 'pessoa a adicionar à equipe', 'pessoas a adicionar à equipe'),
          count(summary.none, 'linha sem nada a fazer', 'linhas sem nada a fazer'),
          count(summary.errors, 'linha com erro (será ignorada)', 'linhas com erro (serão ignoradas)'),
        ]
      : [
          count(summary.invite, 'pessoa convidada', 'pessoas convidadas'),
          count(summary.add, 'pessoa adicionada à equipe', 'pessoas adicionadas à equipe'),
          count(summary.none, 'linha sem nada a fazer', 'linhas sem nada a fazer'),
          count(summary.errors, 'linha ignorada por erro', 'linhas ignoradas por erro'),
        ];
  return parts.join(' · ');
}
