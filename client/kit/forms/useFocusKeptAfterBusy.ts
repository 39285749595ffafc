import { useEffect, useRef, type RefObject } from 'react';

/** A submit button disabled while its call runs loses the focus; it gets it back when the call ends. */
export function useFocusKeptAfterBusy(busy: boolean, button: RefObject<HTMLButtonElement | null>): void {
  const wasBusy = useRef(busy);
  useEffect(() => {
    if (wasBusy.current && !busy && button.current?.isConnected) {
      const active = document.activeElement;
      if (active === null || active === document.body || active === button.current) button.current.focus();
    }
    wasBusy.current = busy;
  }, [busy, button]);
}
