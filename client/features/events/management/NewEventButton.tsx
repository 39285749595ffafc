import { Suspense, useState } from 'react';
import { createPortal } from 'react-dom';
import { lazyModal } from './lazyModal.tsx';
import './EventManagement.css';

const newEventModal = lazyModal(() => import('./NewEventModal.tsx').then((module) => module.NewEventModal));

/** Leader View's `Novo evento` button and its form (leaders and admins only). */
export function NewEventButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button--primary event-management__new"
        onPointerEnter={newEventModal.preload}
        onFocus={newEventModal.preload}
        onClick={() => setOpen(true)}
      >
        Novo evento
      </button>
      {open
        ? createPortal(
            <Suspense fallback={null}>
              <newEventModal.Component onClose={() => setOpen(false)} />
            </Suspense>,
            document.body,
          )
        : null}
    </>
  );
}
