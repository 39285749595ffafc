import { lazy, Suspense } from 'react';
import { HomePage } from '../../features/home/HomePage.tsx';
import { SignedInHome } from '../../features/home/SignedInHome.tsx';
import { useSession } from '../../kit/session/useSession.ts';

/** Signed-in only, so not in the first download: the summaries under the greeting. */
const SignedInHomePanel = lazy(() => import('./SignedInHomePanel.tsx').then((module) => ({ default: module.SignedInHomePanel })));

/**
 * /: the specification's placeholder for a visitor (and while the session is not known yet, as the build
 * pre-renders it); a signed-in user's own summary instead (docs/product.md §1).
 */
export function HomeRoute() {
  // The session comes in a deferred render (SessionProvider): the signed-in page replacing the visitor's is drawn
  // in a render that yields to the browser every few milliseconds (docs/performance.md).
  const session = useSession();
  if (session.status !== 'signedIn') return <HomePage />;
  // The greeting is drawn as soon as the session is known; the summaries follow with their module, below it
  // (docs/performance.md: the page's largest paint no longer waits for their download).
  return (
    <SignedInHome user={session.user}>
      <Suspense fallback={null}>
        <SignedInHomePanel session={session} />
      </Suspense>
    </SignedInHome>
  );
}
