import { useId } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { usePublicConfig } from '../../app/publicConfig.ts';
import { EventReadOnlyFields } from '../../kit/EventReadOnlyFields.tsx';
import { Modal } from '../../kit/Modal.tsx';
import { useGetEventQuery } from './eventsApi.ts';
import { modalClosed, selectDetailsEventId } from './eventsSlice.ts';

/** Event Details, open while the slice holds an event id. */
export function EventDetailsModal() {
  const eventId = useAppSelector(selectDetailsEventId);
  const dispatch = useAppDispatch();
  if (eventId === null) return null;
  return <EventDetailsDialog eventId={eventId} onClose={() => dispatch(modalClosed('eventDetails'))} />;
}

interface EventDetailsDialogProps {
  eventId: number;
  onClose: () => void;
}

function EventDetailsDialog({ eventId, onClose }: EventDetailsDialogProps) {
  const { timeZone } = usePublicConfig();
  const id = useId();
  // Every opening asks GET /api/events/{id} again.
  const { data: event, isFetching, isError } = useGetEventQuery(eventId, { refetchOnMountOrArgChange: true });

  return (
    <Modal
      title="Event Details"
      onClose={onClose}
      footer={
        <button type="button" className="button button--primary" onClick={onClose} data-autofocus>
          Close
        </button>
      }
    >
      {isFetching ? (
        <p className="modal-status" role="status">
          Loading...
        </p>
      ) : isError || !event ? (
        <p className="modal-status modal-status--error" role="alert">
          Error loading event details
        </p>
      ) : (
        <>
          <EventReadOnlyFields event={event} idPrefix={id} timeZone={timeZone} />
        </>
      )}
    </Modal>
  );
}
