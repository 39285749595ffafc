import { useId } from 'react';
import type { Event, EventDetail } from '../../../shared/schemas/events.ts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { usePublicConfig } from '../../app/publicConfig.ts';
import { EventReadOnlyFields } from '../../kit/EventReadOnlyFields.tsx';
import { Modal } from '../../kit/Modal.tsx';
import { useSession } from '../../kit/session/useSession.ts';
import { EventDetailFields } from './EventDetailFields.tsx';
import { useGetEventDetailQuery, useGetEventQuery } from './eventsApi.ts';
import { modalClosed, selectDetailsEventId } from './eventsSlice.ts';

/**
 * Event Details, open while the slice holds an event id: the specification's for a visitor; a signed-in user
 * also sees the event's church, end, title, location and description (`?detail=full`, PRODUCT §8).
 */
export function EventDetailsModal() {
  const eventId = useAppSelector(selectDetailsEventId);
  const dispatch = useAppDispatch();
  const session = useSession();
  if (eventId === null) return null;
  const onClose = () => dispatch(modalClosed('eventDetails'));
  return session.status === 'signedIn' ? <SignedInEventDetailsDialog eventId={eventId} onClose={onClose} /> : <EventDetailsDialog eventId={eventId} onClose={onClose} />;
}

interface EventDetailsDialogProps {
  eventId: number;
  onClose: () => void;
}

function EventDetailsDialog({ eventId, onClose }: EventDetailsDialogProps) {
  // Every opening asks GET /api/events/{id} again.
  const { data, isFetching, isError } = useGetEventQuery(eventId, { refetchOnMountOrArgChange: true });
  return <EventDetailsContent event={data} isFetching={isFetching} isError={isError} onClose={onClose} />;
}

function SignedInEventDetailsDialog({ eventId, onClose }: EventDetailsDialogProps) {
  const { data, isFetching, isError } = useGetEventDetailQuery(eventId, { refetchOnMountOrArgChange: true });
  return <EventDetailsContent event={data} isFetching={isFetching} isError={isError} onClose={onClose} />;
}

interface EventDetailsContentProps {
  event: Event | EventDetail | undefined;
  isFetching: boolean;
  isError: boolean;
  onClose: () => void;
}

function EventDetailsContent({ event, isFetching, isError, onClose }: EventDetailsContentProps) {
  const { timeZone } = usePublicConfig();
  const id = useId();

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
          {'ends_at' in event ? <EventDetailFields event={event} idPrefix={id} timeZone={timeZone} /> : null}
        </>
      )}
    </Modal>
  );
}
