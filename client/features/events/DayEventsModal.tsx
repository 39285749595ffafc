import type { DayKey } from '../../../shared/days.ts';
import { formatDay } from '../../../shared/formats.ts';
import type { Event } from '../../../shared/schemas/events.ts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { LoadFailed } from '../../kit/LoadFailed.tsx';
import { Modal } from '../../kit/Modal.tsx';
import { useSession } from '../../kit/session/useSession.ts';
import { EventList } from './EventList.tsx';
import { useGetEventDetailsOnDayQuery, useGetEventsOnDayQuery } from './eventsApi.ts';
import { modalClosed, selectSelectedDay } from './eventsSlice.ts';

export interface DayEventsModalProps {
  /** What clicking one of the day's events does: details, or in Leader View the allocation. */
  onEventSelect: (event: Event) => void;
}

/** "Events on {date}", open while the slice holds a selected day. */
export function DayEventsModal({ onEventSelect }: DayEventsModalProps) {
  const day = useAppSelector(selectSelectedDay);
  const dispatch = useAppDispatch();
  if (day === null) return null;
  return <DayEventsDialog day={day} onEventSelect={onEventSelect} onClose={() => dispatch(modalClosed('dayEvents'))} />;
}

interface DayEventsDialogProps extends DayEventsModalProps {
  day: DayKey;
  onClose: () => void;
}

function DayEventsDialog({ day, onEventSelect, onClose }: DayEventsDialogProps) {
  // A failed load: a signed-in user is told so, with a retry; a visitor's modal stays empty (spec §8).
  const signedIn = useSession().status === 'signedIn';
  // Every opening asks GET /api/events?date=yyyy-MM-dd again; signed in, with the details and each event's zone.
  const plain = useGetEventsOnDayQuery(day, { refetchOnMountOrArgChange: true, skip: signedIn });
  const detailed = useGetEventDetailsOnDayQuery(day, { refetchOnMountOrArgChange: true, skip: !signedIn });
  const { data: events, isFetching, isError, refetch } = signedIn ? detailed : plain;
  const title = `Events on ${formatDay(day)}`;

  return (
    <Modal
      title={title}
      onClose={onClose}
      footer={
        <button type="button" className="button button--secondary" onClick={onClose}>
          Fechar
        </button>
      }
    >
      {isFetching ? (
        <p className="modal-status" role="status">
          Carregando…
        </p>
      ) : isError ? (
        signedIn ? <LoadFailed message="Não foi possível carregar os eventos deste dia." onRetry={() => void refetch()} /> : null
      ) : events ? (
        <EventList events={events} onEventSelect={onEventSelect} emptyText="Nenhum evento neste dia." label={title} />
      ) : null}
    </Modal>
  );
}
