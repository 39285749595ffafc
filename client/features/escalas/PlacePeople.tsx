import { useId } from 'react';
import type { PositionRef } from '../../../shared/schemas/escalas.ts';
import { LEADER_STATUS_LABELS } from './allocationStatus.ts';
import { useGetEventAllocationsQuery } from './escalasApi.ts';
import './PlacePeople.css';

export interface PlacePeopleProps {
  eventId: number;
  /** The department's name (the gap matrix's cell). */
  department: string;
  /** The position; null or absent for the department's places of no position. */
  position?: PositionRef | null;
}

/**
 * Who is already at this place of the escala (the gap matrix's cell), with each answer, and a decline's reason
 * where the leader may read it (docs/product.md §11): a "Recusa" cell says who declined and why before the leader
 * picks someone else. Nothing while loading, nothing when nobody is there.
 */
export function PlacePeople({ eventId, department, position }: PlacePeopleProps) {
  const headingId = useId();
  const { data } = useGetEventAllocationsQuery(eventId);
  const here = (data ?? []).filter(
    (allocation) => allocation.department.name === department && (position ? allocation.position?.id === position.id : true),
  );
  if (here.length === 0) return null;
  return (
    <section className="place-people" aria-labelledby={headingId}>
      <h3 id={headingId} className="place-people__title">
        Já nesta função
      </h3>
      <ul className="place-people__list">
        {here.map((allocation) => (
          <li key={allocation.id} className={`place-people__person place-people__person--${allocation.status}`}>
            <span className="place-people__name">{allocation.member.name}</span> — {LEADER_STATUS_LABELS[allocation.status]}
            {allocation.status === 'declined' && allocation.reason ? <span className="place-people__reason">: “{allocation.reason}”</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
