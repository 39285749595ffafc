import type { MemberCandidate } from '../../../shared/schemas/escalas.ts';
import { eventName } from '../../kit/eventName.ts';
import { eventDateTime } from '../../kit/eventTime.ts';
import { formatBlockedRange } from './blockedRange.ts';

/** What a suggestion says after the member's name in the Member field's list: `indisponível`, `serve perto deste horário`. */
export function candidateMarks(candidate: MemberCandidate): string[] {
  const marks: string[] = [];
  if (candidate.allocated) marks.push('já escalado neste evento');
  if (candidate.blockouts.length > 0) marks.push('indisponível neste dia');
  if (candidate.conflicts.length > 0) marks.push('serve perto deste horário');
  return marks;
}

/** Where a suggestion stands in the team being allocated: `equipe: Vocal, Violão`, `líder da equipe`; empty when not on it. */
export function teamPlace(candidate: MemberCandidate): string {
  if (!candidate.team) return '';
  const positions = candidate.team.positions.map((position) => position.name).join(', ');
  const place = candidate.team.leader ? 'líder da equipe' : 'equipe';
  return positions === '' ? place : `${place}: ${positions}`;
}

/** A suggestion's label: `Ana Souza — equipe: Vocal (indisponível neste dia)`. */
export function candidateLabel(candidate: MemberCandidate): string {
  const marks = candidateMarks(candidate);
  const place = teamPlace(candidate);
  const name = place === '' ? candidate.name : `${candidate.name} — ${place}`;
  return marks.length === 0 ? name : `${name} (${marks.join('; ')})`;
}

export interface CandidateNoticeProps {
  id: string;
  /** The member the Member field names now; undefined when it names none of the suggestions. */
  candidate: MemberCandidate | undefined;
  timeZone: string;
}

/**
 * Before Submit: whether the member the leader picked is already there, blocked the event's day (the ranges,
 * never their note) or serves at another event close by. Read out as it changes.
 */
export function CandidateNotice({ id, candidate, timeZone }: CandidateNoticeProps) {
  const marked = candidate !== undefined && candidateMarks(candidate).length > 0;
  return (
    <div id={id} className="allocation-form__candidate" aria-live="polite">
      {marked ? (
        <>
          {candidate.allocated ? <p>{candidate.name} já está escalado(a) neste evento.</p> : null}
          {candidate.blockouts.length > 0 ? (
            <p>
              <strong>Indisponível:</strong> {candidate.name} marcou que não pode servir{' '}
              {candidate.blockouts.map(formatBlockedRange).join(', ')}.
            </p>
          ) : null}
          {candidate.conflicts.length > 0 ? (
            <div>
              <p>
                <strong>Já serve perto deste horário:</strong>
              </p>
              <ul className="allocation-form__conflicts">
                {candidate.conflicts.map(({ event, department }) => (
                  <li key={`${event.id}-${department.id}`}>
                    {eventName(event)} — {eventDateTime(event, timeZone)} ({department.name})
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
