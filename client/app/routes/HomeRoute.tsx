import { lazy, Suspense } from 'react';
import { HomePage } from '../../features/home/HomePage.tsx';
import { useSession } from '../../kit/session/useSession.ts';

/** Signed-in only, so not in the first download. */
const SignedInHomePanel = lazy(() => import('./SignedInHomePanel.tsx').then((module) => ({ default: module.SignedInHomePanel })));

/**
 * /: the specification's placeholder for a visitor (and while the session is not known yet, as the build
 * pre-renders it); a signed-in user's own summary instead (docs/product.md §1).
 */
export function HomeRoute() {
  const session = useSession();
  if (session.status !== 'signedIn') return <HomePage />;
  return (
    <Suspense fallback={<HomePage />}>
      <SignedInHomePanel session={session} />
    </Suspense>
  );
}
