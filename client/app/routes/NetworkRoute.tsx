import { lazy, Suspense } from 'react';
import { SelfSignupToggle } from '../../features/openPlaces/SelfSignupToggle.tsx';
import { useSession } from '../../kit/session/useSession.ts';

/** Admins only, so not in the first download. */
const NetworkAdminPage = lazy(() => import('../../features/network/NetworkAdminPage.tsx').then((module) => ({ default: module.NetworkAdminPage })));

/** /rede, signed in: the network's admin screens for an admin; anyone else signed in is told who manages it. */
export function NetworkRoute() {
  const session = useSession();
  if (session.status !== 'signedIn') return null;
  if (session.user.role !== 'admin') {
    return <p role="note">A gestão da rede (igrejas, departamentos, equipes e papéis) é feita pelos administradores.</p>;
  }
  return (
    <Suspense fallback={<p>Carregando…</p>}>
      <NetworkAdminPage renderTeamSettings={(team) => <SelfSignupToggle key={`self-signup-${team.churchId}-${team.departmentId}`} {...team} />} />
    </Suspense>
  );
}
