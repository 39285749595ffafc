import { lazy, Suspense } from 'react';
import { CoveredServices } from '../../features/escalas/CoveredServices.tsx';
import { useSession } from '../../kit/session/useSession.ts';

/** Signed-in only, so not in the first download. */
const AvailabilityPage = lazy(() =>
  import('../../features/availability/AvailabilityPage.tsx').then((module) => ({ default: module.AvailabilityPage })),
);

/** /disponibilidade: the availability feature's page, with the escalas' services each blocked range covers. */
export function AvailabilityRoute() {
  const session = useSession();
  if (session.status !== 'signedIn') return null;
  const memberId = session.user.id;
  return (
    <Suspense fallback={<p className="availability-loading">Carregando…</p>}>
      <AvailabilityPage renderCovered={({ from, to }) => <CoveredServices from={from} to={to} memberId={memberId} />} />
    </Suspense>
  );
}
