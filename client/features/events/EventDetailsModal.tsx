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
 * also sees the event's church, end, title, location and description (`?detail=full`, docs/product.md §8).
 */
export function EventDetailsModal() {
  const eventId = useAppSelector(selectDetailsEventId);
  const dispatch = useAppDispatch();
  const session = useSession();
  if (eventId === null) return null;
  return <EventDetailsDialog eventId={eventId} detailed={session.status === 'signedIn'} onClose={() => dispatch(modalClosed('eventDetails'))} />;
}

interface EventDetailsDialogProps {
  eventId: number;
  /** A signed-in user's: `GET /api/events/{id}?detail=full` instead of the specification's call. */
  detailed: boolean;
  onClose: () => void;
}

function EventDetailsDialog({ eventId, detailed, onClose }: EventDetailsDialogProps) {
  // Every opening asks again (one dialog whichever call: it stays open while the session becomes known).
  const plain = useGetEventQuery(eventId, { refetchOnMountOrArgChange: true, skip: detailed });
  const full = useGetEventDetailQuery(eventId, { refetchOnMountOrArgChange: true, skip: !detailed });
  const { data, isFetching, isError } = detailed ? full : plain;
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
