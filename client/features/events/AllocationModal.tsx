import { useId, type FormEvent } from 'react';
import { formatDateTime } from '../../../shared/formats.ts';
import type { Event } from '../../../shared/schemas/events.ts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { Modal } from '../../app/Modal.tsx';
import { usePublicConfig } from '../../app/publicConfig.ts';
import { eventName } from './eventDays.ts';
import { allocationClosed, selectAllocationEvent } from './eventsSlice.ts';

export interface AllocationRequest {
  eventId: number;
  department: string;
  member: string;
}

/** For an anonymous visitor an allocation is only written to the console; nothing is sent. */
export function logAllocation(allocation: AllocationRequest): void {
  console.info('Allocate Member to Event:', JSON.stringify(allocation));
}

/** Allocate Member to Event, open while the slice holds an event (Leader View). */
export function AllocationModal() {
  const event = useAppSelector(selectAllocationEvent);
  const dispatch = useAppDispatch();
  if (event === null) return null;
  return <AllocationDialog event={event} onClose={() => dispatch(allocationClosed())} />;
}

interface AllocationDialogProps {
  event: Event;
  onClose: () => void;
}

function AllocationDialog({ event, onClose }: AllocationDialogProps) {
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
        <div className="field">
          <label className="field__label" htmlFor={`${id}-event`}>
            Event
          </label>
          <input id={`${id}-event`} className="field__input" type="text" readOnly value={eventName(event)} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-date`}>
            Date
          </label>
          <input
            id={`${id}-date`}
            className="field__input"
            type="text"
            readOnly
            value={formatDateTime(event.datetime, timeZone)}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-department`}>
            Department
          </label>
          <input id={`${id}-department`} className="field__input" type="text" name="department" autoComplete="off" data-autofocus />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-member`}>
            Member
          </label>
          <input id={`${id}-member`} className="field__input" type="text" name="member" autoComplete="off" />
        </div>
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
