import { Suspense } from 'react';
import { createPortal } from 'react-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { modalClosed, modalOpened, selectEventForm } from '../eventsSlice.ts';
import { lazyModal } from './lazyModal.ts';
import './EventManagement.css';

const newEventModal = lazyModal(() => import('./NewEventModal.tsx').then((module) => module.NewEventModal));

/** Leader View's `Novo evento` button and its form (leaders and admins only). */
export function NewEventButton() {
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectEventForm)?.modal === 'newEvent';
  return (
    <>
      <button
        type="button"
        className="button button--primary event-management__new"
        onPointerEnter={newEventModal.preload}
        onFocus={newEventModal.preload}
        onClick={() => dispatch(modalOpened({ modal: 'newEvent' }))}
      >
        Novo evento
      </button>
      {open
        ? createPortal(
            <Suspense fallback={null}>
              <newEventModal.Component onClose={() => dispatch(modalClosed('newEvent'))} />
            </Suspense>,
            document.body,
          )
        : null}
    </>
  );
}
