import { memo, useDeferredValue, useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { MyTeam } from '../../../shared/schemas/network.ts';
import { leadsATeam, useGetMyTeamsQuery } from '../../kit/network/networkApi.ts';
import './MyTeams.css';

/** Where the gap matrix lives. */
export const GAP_MATRIX_PATH = '/escalas/lacunas';

/**
 * The home page's "Suas equipes" (`GET /api/me/teams`): the teams I belong to with the positions I fill, and
 * for a team leader the way to the gap matrix. Nothing when I am on no team.
 */
export interface MyTeamsProps {
  /** Under a team I lead: its settings ("Vagas abertas", docs/product.md §10). */
  renderLedTeam?: (team: { churchId: number; departmentId: number; label: string }) => ReactNode;
}

export function MyTeams({ renderLedTeam }: MyTeamsProps = {}) {
  // The answer is drawn in a deferred render, which yields: the store's update re-renders this component alone
  // (docs/performance.md).
  const teams = useDeferredValue(useGetMyTeamsQuery(undefined, { refetchOnMountOrArgChange: true }));
  return <MyTeamList teams={teams} renderLedTeam={renderLedTeam} />;
}

const MyTeamList = memo(function MyTeamList({ teams, renderLedTeam }: MyTeamsProps & { teams: { data?: MyTeam[] } }) {
  const headingId = useId();
  if (!teams.data || teams.data.length === 0) return null;
  return (
    <section className="my-teams" aria-labelledby={headingId}>
      <h2 id={headingId} className="my-teams__title">
        Suas equipes
      </h2>
      <ul className="my-teams__list" aria-labelledby={headingId}>
        {teams.data.map((team) => (
          <li key={`${team.church.id}-${team.department.id}`} className="my-teams__item">
            <strong>{team.department.name}</strong> — {team.church.name}
            {team.positions.length > 0 ? <span className="my-teams__detail"> · {team.positions.map((position) => position.name).join(', ')}</span> : null}
            {team.leader ? <span className="my-teams__badge">Líder</span> : null}
            {team.leader ? renderLedTeam?.({ churchId: team.church.id, departmentId: team.department.id, label: `${team.department.name} — ${team.church.name}` }) : null}
          </li>
        ))}
      </ul>
      {leadsATeam(teams.data) ? (
        <p className="my-teams__links">
          <Link to={GAP_MATRIX_PATH}>Ver as lacunas das suas equipes</Link>
        </p>
      ) : null}
    </section>
  );
});
