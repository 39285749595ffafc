import { useEffect, useRef, useState } from 'react';

/** How often a screen that follows other people's answers asks again while it is in view. */
export const LIVE_REFRESH_MS = 30_000;

function pageVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState !== 'hidden';
}

/** The `pollingInterval` of a query that follows other people's answers: LIVE_REFRESH_MS while the page is visible, none while hidden. */
export function useLivePolling(): number {
  const [visible, setVisible] = useState(pageVisible);
  useEffect(() => {
    const changed = () => setVisible(pageVisible());
    document.addEventListener('visibilitychange', changed);
    return () => document.removeEventListener('visibilitychange', changed);
  }, []);
  return visible ? LIVE_REFRESH_MS : 0;
}

/**
 * Runs `refetch` when the page comes back into view: its tab shown again, or its window focused. Coming back
 * fires both events; RTK Query does not start a query again while its last request is still running.
 */
export function useRefetchWhenSeen(refetch: () => unknown): void {
  const latest = useRef(refetch);
  useEffect(() => {
    latest.current = refetch;
  }, [refetch]);

  useEffect(() => {
    const seen = () => {
      if (!pageVisible()) return;
      try {
        latest.current();
      } catch {
        // Not started yet: its first answer is on its way.
      }
    };
    document.addEventListener('visibilitychange', seen);
    window.addEventListener('focus', seen);
    return () => {
      document.removeEventListener('visibilitychange', seen);
      window.removeEventListener('focus', seen);
    };
  }, []);
}
