import { lazy, Suspense, useId, type FormEvent } from 'react';
import type { Event } from '../../../shared/schemas/events.ts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { Modal } from '../../app/Modal.tsx';
import { useSession } from '../session/useSession.ts';
import { EventReadOnlyFields } from './EventReadOnlyFields.tsx';
import { allocationClosed, selectAllocationEvent } from './eventsSlice.ts';
import { TextField } from '../../app/TextField.tsx';

/** Leaders and admins only, so not in the first download. */
const LeaderAllocationDialog = lazy(() =>
  import('./LeaderAllocationDialog.tsx').then((module) => ({ default: module.LeaderAllocationDialog })),
);

export interface AllocationRequest {
  eventId: number;
  department: string;
  member: string;
}

/** For an anonymous visitor an allocation is only written to the console; nothing is sent. */
export function logAllocation(allocation: AllocationRequest): void {
  console.info('Allocate Member to Event:', JSON.stringify(allocation));
}

/**
 * Allocate Member to Event, open while the slice holds an event (Leader View). A leader or an admin saves the
 * allocation; an anonymous visitor gets the specification's form, which only logs. A signed-in member never
 * opens it (Leader View shows them the details instead).
 */
export function AllocationModal() {
  const event = useAppSelector(selectAllocationEvent);
  const dispatch = useAppDispatch();
  const session = useSession();
  if (event === null || session.status === 'loading') return null;
  const close = () => dispatch(allocationClosed());
  if (session.canAllocate) {
    return (
      <Suspense fallback={null}>
        <LeaderAllocationDialog event={event} onClose={close} />
      </Suspense>
    );
  }
  if (session.status === 'signedIn') return null;
  return <AllocationDialog event={event} onClose={close} />;
}

interface AllocationDialogProps {
  event: Event;
  onClose: () => void;
}

function AllocationDialog({ event, onClose }: AllocationDialogProps) {
  const id = useId();

  const handleSubmit = (submit: FormEvent<HTMLFormElement>) => {
    submit.preventDefault();
    const data = new FormData(submit.currentTarget);
    logAllocation({
      eventId: event.id,
      department: String(data.get('department') ?? ''),
      member: String(data.get('member') ?? ''),
    });
    onClose();
  };

  return (
    <Modal title="Allocate Member to Event" onClose={onClose}>
      <form className="allocation-form" onSubmit={handleSubmit} noValidate>
        <EventReadOnlyFields event={event} idPrefix={id} />
        <TextField id={`${id}-department`} label="Department" type="text" name="department" autoComplete="off" data-autofocus />
        <TextField id={`${id}-member`} label="Member" type="text" name="member" autoComplete="off" />
        <div className="allocation-form__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary">
            Submit
          </button>
        </div>
      </form>
    </Modal>
  );
}
