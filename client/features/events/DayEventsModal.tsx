import type { DayKey } from '../../../shared/dayKey.ts';
import { formatDay } from '../../../shared/formats.ts';
import type { Event } from '../../../shared/schemas/events.ts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { Modal } from '../../kit/Modal.tsx';
import { EventList } from './EventList.tsx';
import { useGetEventsOnDayQuery } from './eventsApi.ts';
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
  // Every opening asks GET /api/events?date=yyyy-MM-dd again.
  const { data: events, isFetching } = useGetEventsOnDayQuery(day, { refetchOnMountOrArgChange: true });
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
      ) : events ? (
        <EventList events={events} onEventSelect={onEventSelect} emptyText="Nenhum evento neste dia." label={title} />
      ) : null}
    </Modal>
  );
}
