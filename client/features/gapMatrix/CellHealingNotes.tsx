import { formatShortDateTime } from '../../../shared/formats.ts';
import type { CellHealing } from '../../kit/healing/healingApi.ts';

export interface CellHealingNotesProps {
  healing: CellHealing;
  timeZone: string;
}

/**
 * Under a cell's count (docs/product.md §10, "Leaders see it all"): who asked for cover there, since when and
 * whether the leaders were told, and who took a place by cover or by signing up.
 */
export function CellHealingNotes({ healing, timeZone }: CellHealingNotesProps) {
  if (healing.requests.length === 0 && healing.filled.length === 0) return null;
  return (
    <ul className="gap-matrix__healing">
      {healing.requests.map((request) => (
        <li key={`r${request.id}`} className="gap-matrix__healing-item gap-matrix__healing-item--request">
          {request.member.name} pediu cobertura em {formatShortDateTime(request.created_at, timeZone)}
          {request.escalated ? ' · líderes avisados' : ''}
        </li>
      ))}
      {healing.filled.map((entry) => (
        <li key={`f${entry.allocation_id}`} className="gap-matrix__healing-item">
          {entry.member.name} {entry.source === 'cover' ? 'assumiu por cobertura' : 'se inscreveu'}
        </li>
      ))}
    </ul>
  );
}
