import { lazy, Suspense } from 'react';
import type { Event } from '../../../shared/schemas/events.ts';
import { useSession } from '../../kit/session/useSession.ts';
import { AllocationDialog } from './AllocationDialog.tsx';

/** Leaders and admins only, so not in the first download. */
const LeaderAllocationDialog = lazy(() =>
  import('./LeaderAllocationDialog.tsx').then((module) => ({ default: module.LeaderAllocationDialog })),
);

export interface AllocationModalProps {
  /** The event to allocate a member at; undefined while the modal is closed. */
  event: Event | undefined;
  onClose: () => void;
}

/**
 * Allocate Member to Event (Leader View), open while it has an event. A leader or an admin saves the
 * allocation; an anonymous visitor gets the specification's form, which only logs. A signed-in member never
 * opens it (Leader View shows them the details instead).
 */
export function AllocationModal({ event, onClose }: AllocationModalProps) {
  const session = useSession();
  if (event === undefined || session.status === 'loading') return null;
  if (session.canAllocate) {
    return (
      <Suspense fallback={null}>
        <LeaderAllocationDialog event={event} onClose={onClose} />
      </Suspense>
    );
  }
  if (session.status === 'signedIn') return null;
  return <AllocationDialog event={event} onClose={onClose} />;
}
