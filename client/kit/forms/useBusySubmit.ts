import { useRef, useState } from 'react';

export interface BusySubmit {
  /** A call is running: the submit shows it (a spinner, `Salvando…`) and is disabled. */
  busy: boolean;
  /**
   * Sends `call` unless one is already running — a second submit (a double click, Enter pressed twice before
   * the page re-rendered) sends nothing and resolves undefined. Busy until the call settles; its error is thrown.
   */
  run<T>(call: () => Promise<T>): Promise<T | undefined>;
}

/** A submit that cannot be sent twice while its call runs. */
export function useBusySubmit(): BusySubmit {
  // The ref answers at once; the state re-renders the button.
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  return {
    busy,
    async run(call) {
      if (running.current) return undefined;
      running.current = true;
      setBusy(true);
      try {
        return await call();
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
  };
}
