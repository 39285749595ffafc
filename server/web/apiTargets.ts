/** How long an events API that refused a connection is passed over before it is tried again (ms). */
export const API_DOWN_MS = 5_000;

/** Errors that say the API was not reached at all: nothing listens there (stopped, restarting, gone). */
const UNREACHABLE = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

export interface ApiTargets {
  /** The API for the next request: the next in turn, passing over those that refused a connection a moment ago. */
  pick(): string;
  /** A request to `target` failed with `error`: when the API was not reached, it is passed over for API_DOWN_MS. */
  failed(target: string, error: unknown): void;
}

/**
 * The events APIs the web host spreads `/api` over (EVENTS_API_URL=a,b,c; README, Várias instâncias): round-robin,
 * and one that refused a connection — stopped for a rolling restart, or dead — is skipped for a few seconds
 * instead of costing every third request a 502. When every one refused, the next in turn is tried anyway.
 */
export function apiTargets(urls: readonly string[], now: () => number = Date.now): ApiTargets {
  if (urls.length === 0) throw new Error('apiTargets: no events API');
  let next = 0;
  const downUntil = new Map<string, number>();
  const take = () => {
    const target = urls[next]!;
    next = (next + 1) % urls.length;
    return target;
  };
  return {
    pick() {
      const at = now();
      for (let tried = 0; tried < urls.length; tried++) {
        const target = take();
        if ((downUntil.get(target) ?? -Infinity) <= at) return target;
      }
      return take();
    },
    failed(target, error) {
      const code = (error as NodeJS.ErrnoException | undefined)?.code;
      if (code !== undefined && UNREACHABLE.has(code)) downUntil.set(target, now() + API_DOWN_MS);
    },
  };
}
