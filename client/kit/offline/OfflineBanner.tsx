import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { api } from '../../app/api.ts';
import { connectionBack, selectSavedSince } from './offlineState.ts';
import { savedAtText } from './savedAtText.ts';
import { useBrowserOnline } from './useBrowserOnline.ts';
import './OfflineBanner.css';

export interface OfflineBannerProps {
  /** The network's timezone (APP_TIMEZONE), in which the time is told. */
  timeZone: string;
}

/**
 * `sem conexão — dados de 09:41` while what the page shows came from the service worker's store because the
 * network failed (kit/offline); `sem conexão` alone while the browser has no network and nothing was kept for
 * the page (a page never opened online, whose shell the worker served). When the browser is back online, the
 * member's answers are asked again.
 */
export function OfflineBanner({ timeZone }: OfflineBannerProps) {
  const savedSince = useSelector(selectSavedSince);
  const online = useBrowserOnline();
  const dispatch = useDispatch();

  useEffect(() => {
    if (savedSince === null) return;
    const askAgain = () => {
      dispatch(connectionBack());
      dispatch(api.util.invalidateTags(['MyEvent', 'Event']));
    };
    window.addEventListener('online', askAgain);
    return () => window.removeEventListener('online', askAgain);
  }, [savedSince, dispatch]);

  return (
    // A live region from the start, so the notice is announced when it appears.
    <div className="offline-banner" aria-live="polite">
      {savedSince !== null ? (
        <p className="offline-banner__text">sem conexão — dados de {savedAtText(savedSince, timeZone)}</p>
      ) : online ? null : (
        <p className="offline-banner__text">sem conexão</p>
      )}
    </div>
  );
}
