import { lazy, Suspense } from 'react';
import { selectWelcome, welcomeDone } from '../../features/login/loginSlice.ts';
import { useSession } from '../../kit/session/useSession.ts';
import { useAppDispatch, useAppSelector } from '../hooks.ts';

/** Downloaded only once an account was created: no visitor's page carries it. */
const WhereYouServe = lazy(() => import('../../features/joinRequests/WhereYouServe.tsx').then((module) => ({ default: module.WhereYouServe })));

/**
 * Right after registering, whatever page the new member lands on: "Onde você serve?" (docs/product.md §13), the join
 * request offered at once, until sent or skipped. Nothing otherwise.
 */
export function AfterRegistration() {
  const welcome = useAppSelector(selectWelcome);
  const dispatch = useAppDispatch();
  const session = useSession();
  if (!welcome || session.status !== 'signedIn') return null;
  return (
    <Suspense fallback={null}>
      <WhereYouServe onDone={() => dispatch(welcomeDone())} />
    </Suspense>
  );
}
