import { useId, useLayoutEffect, useRef, type ReactNode, type SyntheticEvent } from 'react';
import './Modal.css';

export interface ModalProps {
  title: string;
  /** Called when the visitor asks to close: Esc, or a button inside calling it. */
  onClose: () => void;
  children: ReactNode;
  /** Buttons shown at the bottom. */
  footer?: ReactNode;
  /** A close button (×) in the header, named so (`Fechar`); none by default: the footer's button or Esc closes. */
  closeLabel?: string;
}

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/**
 * A native modal `<dialog>`: shown with showModal() when mounted, so the rest of the page is inert and Esc
 * asks to close. Focus moves into it (to the element marked `data-autofocus`, else the first control) and goes
 * back to the element that opened it. Mount it to open it,
 * unmount it to close it: its owner's state decides.
 */
export function Modal({ title, onClose, children, footer, closeLabel }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const mounted = useRef(false);

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    mounted.current = true;
    if (!dialog.open) dialog.showModal();
    const preferred = dialog.querySelector<HTMLElement>('[data-autofocus]');
    if (preferred) preferred.focus();
    else if (!dialog.contains(document.activeElement)) (dialog.querySelector<HTMLElement>(FOCUSABLE) ?? dialog).focus();
    return () => {
      mounted.current = false;
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const handleCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    // Esc: the state closes the dialog, not the browser.
    event.preventDefault();
    onClose();
  };
  const handleNativeClose = () => {
    // The browser may close it itself (e.g. a repeated Esc it will not let us cancel).
    if (mounted.current && dialogRef.current && !dialogRef.current.open) onClose();
  };

  return (
    <dialog
      ref={dialogRef}
      className="modal"
      aria-labelledby={titleId}
      onCancel={handleCancel}
      onClose={handleNativeClose}
      tabIndex={-1}
    >
      <div className={closeLabel ? 'modal__header modal__header--with-close' : 'modal__header'}>
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        {closeLabel ? (
          <button type="button" className="modal__close" aria-label={closeLabel} title={closeLabel} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        ) : null}
      </div>
      <div className="modal__body">{children}</div>
      {footer ? <div className="modal__footer">{footer}</div> : null}
    </dialog>
  );
}
