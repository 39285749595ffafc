import { useId } from 'react';
import { portalErrorOf } from '../../kit/portalError.ts';
import type { InvitedTeam } from './TeamInvitations.tsx';
import { useGetTeamRosterQuery } from './teamInvitationsApi.ts';

/** The team's members (leaders first) with the positions each can fill. */
export function TeamRoster({ team }: { team: InvitedTeam }) {
  const id = useId();
  const members = useGetTeamRosterQuery({ churchId: team.churchId, departmentId: team.departmentId });
  const teamName = `${team.departmentName} — ${team.churchName}`;
  return (
    <section className="team-card" aria-labelledby={id}>
      <h2 id={id} className="team-card__title">
        Membros da equipe
      </h2>
      {members.isLoading ? (
        <p>Carregando a equipe…</p>
      ) : members.isError ? (
        <p role="alert">{portalErrorOf(members.error, 'Não foi possível carregar a equipe.').message}</p>
      ) : members.data && members.data.length > 0 ? (
        <ul className="team-card__list" aria-label={`Membros da equipe ${teamName}`}>
          {members.data.map((membership) => (
            <li key={membership.member.id} className="team-card__item">
              <span className="team-card__name">
                {membership.member.name}
                {membership.leader ? <span className="team-card__badge"> · líder</span> : null}
              </span>
              <span className="team-card__detail">{membership.positions.length > 0 ? membership.positions.map((position) => position.name).join(', ') : 'Sem função definida'}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p>Ninguém nesta equipe ainda. Convide pessoas por link ou por e-mail.</p>
      )}
    </section>
  );
}
