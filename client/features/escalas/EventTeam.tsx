import { useId, useState } from 'react';
import { useGetEventTeamQuery } from './responsesApi.ts';
import './EventTeam.css';

export interface EventTeamProps {
  eventId: number;
  /** Names the event for assistive technology: `Culto, 22 de novembro de 2026 às 19:00:00`. */
  eventLabel: string;
  /** Me: marked `(você)` in the list. */
  memberId: number;
}

/**
 * Who serves with me: a disclosure that asks `GET /api/events/{id}/team` when opened and lists who serves at the
 * event and in which department (names only; those who declined are not there).
 */
export function EventTeam({ eventId, eventLabel, memberId }: EventTeamProps) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  return (
    <div className="event-team">
      <button
        type="button"
        className="event-team__toggle"
        aria-expanded={open}
        aria-controls={regionId}
        aria-label={`Quem serve comigo: ${eventLabel}`}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        Quem serve comigo
      </button>
      <div id={regionId} className="event-team__panel" hidden={!open}>
        {open ? <TeamList eventId={eventId} eventLabel={eventLabel} memberId={memberId} /> : null}
      </div>
    </div>
  );
}

function TeamList({ eventId, eventLabel, memberId }: EventTeamProps) {
  // Asked again on every opening: the team changes as people answer.
  const team = useGetEventTeamQuery(eventId, { refetchOnMountOrArgChange: true });
  if (team.isLoading) return <p className="event-team__status">Carregando equipe…</p>;
  if (team.isError || !team.data) {
    return (
      <p className="event-team__status event-team__status--error" role="alert">
        Não foi possível carregar a equipe.
      </p>
    );
  }
  return (
    <ul className="event-team__list" aria-label={`Equipe: ${eventLabel}`}>
      {team.data.map(({ member, department }) => (
        <li key={`${department.id}-${member.id}`} className="event-team__item">
          <span className="event-team__member">
            {member.name}
            {member.id === memberId ? ' (você)' : ''}
          </span>{' '}
          <span className="event-team__department">{department.name}</span>
        </li>
      ))}
    </ul>
  );
}
