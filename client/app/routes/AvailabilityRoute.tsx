import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { CoveredServices } from '../../features/escalas/CoveredServices.tsx';
import { useSession } from '../../kit/session/useSession.ts';

/** Signed-in only, so not in the first download. */
const AvailabilityPage = lazy(() =>
  import('../../features/availability/AvailabilityPage.tsx').then((module) => ({ default: module.AvailabilityPage })),
);

/**
 * A path of the signed-in area: its page in the shell for a signed-in user, and nothing at all otherwise — for
 * a visitor it is one of the specification's "other paths", which render nothing (nor while the session is
 * not known yet).
 */
export function SignedInOnly() {
  const session = useSession();
  return session.status === 'signedIn' ? <Outlet /> : null;
}

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
