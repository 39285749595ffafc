import { useEffect, useRef } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link } from 'react-router';
import { api } from '../../app/api.ts';
import { selectStatusMessage, statusDismissed, type StatusState } from './statusSlice.ts';
import './StatusMessage.css';

/**
 * The outcome of the last action, at the bottom of the screen whatever the scroll: read out politely (the live
 * region is in the page from the start; the message inside it is a `status`), and closed with `Fechar aviso`.
 * Empty — nothing on screen — until something is said.
 */
export function StatusMessage() {
  const message = useSelector((state: { status: StatusState }) => selectStatusMessage(state));
  const dispatch = useDispatch();
  const textRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (message?.focus) textRef.current?.focus();
    // The session ended: the top bar and the pages learn it from `GET /api/auth/me`, asked again.
    if (message?.kind === 'sessionExpired') dispatch(api.util.invalidateTags(['Session']));
  }, [message, dispatch]);

  return (
    <div className="status-message" aria-live="polite">
      {message ? (
        <div className="status-message__box" role="status">
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
          <button type="button" className="status-message__close" aria-label="Fechar aviso" title="Fechar aviso" onClick={() => dispatch(statusDismissed())}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
