import { useId, type FormEvent } from 'react';
import type { Event } from '../../../shared/schemas/events.ts';
import { usePublicConfig } from '../../app/publicConfig.ts';
import { EventReadOnlyFields } from '../../kit/EventReadOnlyFields.tsx';
import { Modal } from '../../kit/Modal.tsx';
import { TextField } from '../../kit/TextField.tsx';
import './AllocationForm.css';

interface AllocationRequest {
  eventId: number;
  department: string;
  member: string;
}

/** For an anonymous visitor an allocation is only written to the console; nothing is sent. */
function logAllocation(allocation: AllocationRequest): void {
  console.info('Allocate Member to Event:', JSON.stringify(allocation));
}

export interface AllocationDialogProps {
  event: Event;
  onClose: () => void;
}

/** The specification's Allocate Member to Event, for an anonymous visitor: Submit only logs. */
export function AllocationDialog({ event, onClose }: AllocationDialogProps) {
  const { timeZone } = usePublicConfig();
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
        <EventReadOnlyFields event={event} idPrefix={id} timeZone={timeZone} />
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
