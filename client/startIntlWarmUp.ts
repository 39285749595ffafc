import { readPublicConfig } from './app/publicConfig.ts';

/**
 * Imported first by main.tsx, so the worker starts before React and the store are evaluated: by the time the
 * events page formats its first date (the calendars' months, the list's date-times) the set-up is done
 * (intlWarmUp.worker.ts says why). A browser without module workers formats on the page's thread, as before.
 */
if (typeof Worker !== 'undefined') {
  try {
    const worker = new Worker(new URL('./intlWarmUp.worker.ts', import.meta.url), { type: 'module', name: 'intl-warm-up' });
    worker.onmessage = () => worker.terminate();
    worker.onerror = () => worker.terminate();
    worker.postMessage(readPublicConfig().timeZone);
  } catch {
    // Refused (e.g. by a stricter CSP): the page formats its dates itself.
  }
}
