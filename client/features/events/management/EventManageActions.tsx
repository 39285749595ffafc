import { Suspense } from 'react';
import { createPortal } from 'react-dom';
import type { Event } from '../../../../shared/schemas/events.ts';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { usePublicConfig } from '../../../app/publicConfig.ts';
import { eventName } from '../../../kit/eventName.ts';
import { modalClosed, modalOpened, selectEventForm } from '../eventsSlice.ts';
import { eventDateTime } from '../../../kit/eventTime.ts';
import { lazyModal } from './lazyModal.ts';
import './EventManagement.css';

const editEventModal = lazyModal(() => import('./EditEventModal.tsx').then((module) => module.EditEventModal));
const cancelEventModal = lazyModal(() => import('./CancelEventModal.tsx').then((module) => module.CancelEventModal));

export interface EventManageActionsProps {
  event: Event;
}

/**
 * The edit and cancel actions of one event in Leader View (leaders and admins only). Their accessible names
 * say which event (`Editar Culto, 22 de novembro de 2026 às 19:30:00`), as a list shows many of them. The
 * modals are portalled to the body: the buttons may sit inside a list item or another control's container.
 */
export function EventManageActions({ event }: EventManageActionsProps) {
  const { timeZone } = usePublicConfig();
  const dispatch = useAppDispatch();
  const form = useAppSelector(selectEventForm);
  const open = form !== null && form.modal !== 'newEvent' && form.eventId === event.id ? form.modal : null;
  const subject = `${eventName(event)}, ${eventDateTime(event, timeZone)}`;
  const close = () => {
    if (open) dispatch(modalClosed(open));
  };
  const preload = () => {
    void editEventModal.preload();
    void cancelEventModal.preload();
  };

  return (
    <span className="event-management__actions" onPointerEnter={preload} onFocus={preload}>
      <button
        type="button"
        className="event-management__action"
        aria-label={`Editar ${subject}`}
        onClick={() => dispatch(modalOpened({ modal: 'editEvent', eventId: event.id }))}
      >
        Editar
      </button>
      <button
        type="button"
        className="event-management__action event-management__action--cancel"
        aria-label={`Cancelar ${subject}`}
        onClick={() => dispatch(modalOpened({ modal: 'cancelEvent', eventId: event.id }))}
      >
        Cancelar
      </button>
      {open
        ? createPortal(
            <Suspense fallback={null}>
              {open === 'editEvent' ? (
                <editEventModal.Component event={event} onClose={close} />
              ) : (
                <cancelEventModal.Component event={event} onClose={close} />
              )}
            </Suspense>,
            document.body,
          )
        : null}
    </span>
  );
}
