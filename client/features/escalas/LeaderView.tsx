import { Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PORTAL_ROUTES } from '../../../shared/portalRoutes.ts';
import type { Event } from '../../../shared/schemas/events.ts';
import { leadsATeam, useGetMyTeamsQuery } from '../../kit/network/networkApi.ts';
import type { Session } from '../../kit/session/useSession.ts';

/**
 * Who is looking: a visitor (the specification's Leader View), a member (read-only), a leader or an admin
 * (allocations and event management), or not known yet.
 */
export type LeaderViewAccess = 'anonymous' | 'member' | 'leader' | 'loading';

export function leaderViewAccess(session: Session): LeaderViewAccess {
  if (session.status !== 'signedIn') return session.status;
  return session.canAllocate ? 'leader' : 'member';
}

/** What Leader View puts on the board of the window's events, which the events page draws. */
export interface LeaderBoardParts {
  heading: string;
  intro?: ReactNode;
  /** Shows the board as loading whatever its events (a leader's schedule is still downloading). */
  isLoading?: boolean;
  /** Shown under each event's button. */
  eventExtras?: (event: Event) => ReactNode;
}

export const LEADER_VIEW_HEADING = 'Escala de membros';

/** The intro of the specification's Leader View, and of a leader's. */
export const ALLOCATION_INTRO = 'Escolha um evento para alocar um membro de um departamento.';

export interface LeaderViewProps {
  access: LeaderViewAccess;
  /** Draws the board of the window's events with Leader View's parts. */
  renderBoard: (parts: LeaderBoardParts) => ReactNode;
  /** A leader's or an admin's Leader View (a LeaderSchedule), loaded when first needed: shown for `leader`. */
  leaderSchedule: ReactNode;
}

/**
 * Leader View: the specification's for a visitor (a click opens the allocation modal), read-only for a member
 * (a click opens the details), and a leader's schedule for leaders and admins.
 */
export function LeaderView({ access, renderBoard, leaderSchedule }: LeaderViewProps) {
  if (access === 'leader') {
    return <Suspense fallback={renderBoard({ heading: LEADER_VIEW_HEADING, isLoading: true })}>{leaderSchedule}</Suspense>;
  }
  if (access === 'member') {
    return renderBoard({
      heading: LEADER_VIEW_HEADING,
      intro: (
        <>
          <p className="events-board__intro">Escolha um evento para ver os detalhes.</p>
          <MemberNote />
        </>
      ),
    });
  }
  return renderBoard({ heading: LEADER_VIEW_HEADING, intro: <p className="events-board__intro">{ALLOCATION_INTRO}</p> });
}

/**
 * Why a member cannot allocate here: a team leader (of role `member`) allocates their team's people on Lacunas,
 * so she is told where (docs/product.md §8); anyone else that only leaders allocate.
 */
function MemberNote() {
  const teams = useGetMyTeamsQuery();
  if (leadsATeam(teams.data)) {
    const led = (teams.data ?? []).filter((team) => team.leader).map((team) => `${team.department.name} · ${team.church.name}`);
    return (
      <p className="events-board__note" role="note">
        Você lidera {led.join(', ')}: aloque as pessoas da sua equipe em <Link to={PORTAL_ROUTES.gapMatrix}>Lacunas</Link>.
      </p>
    );
  }
  return (
    <p className="events-board__note" role="note">
      Apenas líderes podem alocar membros.
    </p>
  );
}
