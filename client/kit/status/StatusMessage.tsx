import { useEffect, useRef, type RefObject } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link } from 'react-router';
import { api } from '../../app/api.ts';
import { selectStatusMessage, statusDismissed, type StatusState } from './statusSlice.ts';
import './StatusMessage.css';

export interface StatusMessageProps {
  /**
   * Where the focus goes when the message is closed while it holds the focus (it took it after a cancel): the
   * page's content, not the body.
   */
  focusAfterClose?: RefObject<HTMLElement | null>;
}

/**
 * The outcome of the last action, at the bottom of the screen whatever the scroll: read out politely (the live
 * region is in the page from the start; the message inside it is a `status`), and closed with `Fechar aviso`.
 * Empty — nothing on screen — until something is said.
 */
export function StatusMessage({ focusAfterClose }: StatusMessageProps) {
  const message = useSelector((state: { status: StatusState }) => selectStatusMessage(state));
  const dispatch = useDispatch();
  const boxRef = useRef<HTMLDivElement>(null);
  const textRef = useRef<HTMLParagraphElement>(null);

  const close = () => {
    const heldFocus = boxRef.current?.contains(document.activeElement) ?? false;
    dispatch(statusDismissed());
    if (heldFocus) focusAfterClose?.current?.focus({ preventScroll: true });
  };

  useEffect(() => {
    if (message?.focus) textRef.current?.focus();
    // The session ended: the top bar and the pages learn it from `GET /api/auth/me`, asked again.
    if (message?.kind === 'sessionExpired') dispatch(api.util.invalidateTags(['Session']));
  }, [message, dispatch]);

  return (
    <div className="status-message" aria-live="polite">
      {message ? (
        <div ref={boxRef} className="status-message__box" role="status">
          <p ref={textRef} className="status-message__text" tabIndex={-1}>
            {message.text}
            {message.link ? (
              <>
                {' '}
                <Link to={message.link.to} className="status-message__link" onClick={() => dispatch(statusDismissed())}>
                  {message.link.text}
                </Link>
              </>
            ) : null}
          </p>
          <button type="button" className="status-message__close" aria-label="Fechar aviso" title="Fechar aviso" onClick={close}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
