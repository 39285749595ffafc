import { lazy, Suspense } from 'react';
import { NudgeButton } from '../../features/openPlaces/NudgeButton.tsx';
import { SosButton } from '../../features/openPlaces/SosButton.tsx';
import { leadsATeam, useGetMyTeamsQuery } from '../../kit/network/networkApi.ts';
import { useSession } from '../../kit/session/useSession.ts';

/** Leaders, admins and team leaders only, so not in the first download. */
const GapMatrixPage = lazy(() => import('../../features/gapMatrix/GapMatrixPage.tsx').then((module) => ({ default: module.GapMatrixPage })));
const LeaderAllocationDialog = lazy(() =>
  import('../../features/escalas/LeaderAllocationDialog.tsx').then((module) => ({ default: module.LeaderAllocationDialog })),
);

/**
 * /escalas/lacunas, signed in: the gap matrix for a leader, an admin or a team leader (`GET /api/me/teams` says
 * whether a member leads one), each cell opening the escalas' allocation dialog for that event with the
 * department and position chosen. Anyone else signed in is told who may see it.
 */
export function GapMatrixRoute() {
  const session = useSession();
  const signedIn = session.status === 'signedIn';
  const teams = useGetMyTeamsQuery(undefined, { skip: !signedIn || session.canAllocate });
  if (!signedIn) return null;
  if (!session.canAllocate && !leadsATeam(teams.data)) {
    return (
      <p className="gap-page__status" role={teams.isLoading ? undefined : 'note'}>
        {teams.isLoading ? 'Carregando…' : 'As lacunas das escalas são para líderes de equipe, líderes e administradores.'}
      </p>
    );
  }
  return (
    <Suspense fallback={<p className="gap-page__status">Carregando…</p>}>
      <GapMatrixPage
        renderOpenCell={(cell, label) => (
          <SosButton eventId={cell.event.id} departmentId={cell.column.department.id} positionId={cell.column.position?.id ?? null} placeLabel={label} />
        )}
        renderEventActions={(event, label) => <NudgeButton eventId={event.id} eventLabel={label} />}
        renderAllocation={(cell, onClose) => (
          <Suspense fallback={null}>
            <LeaderAllocationDialog
              event={cell.event}
              department={cell.column.department.name}
              position={cell.column.position}
              onClose={onClose}
            />
          </Suspense>
        )}
      />
    </Suspense>
  );
}
