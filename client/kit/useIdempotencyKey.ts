import { useRef } from 'react';

function randomKey(): string {
  // crypto.randomUUID exists only in secure contexts; a portal served over plain HTTP on a church's LAN is not one.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface IdempotencyKeys {
  /** The key to send with this request: the same as last time when it is the same request, not yet saved. */
  keyFor(request: unknown): string;
  /** The request was saved: the next submit, even an identical one, is a new action. */
  succeeded(): void;
}

/**
 * One `Idempotency-Key` per submitted action. Sending the same request again — after a time-out that may have
 * saved it, say — reuses the key, so the API answers it once instead of creating a duplicate.
 */
export function useIdempotencyKey(): IdempotencyKeys {
  const last = useRef<{ request: string; key: string } | null>(null);
  return {
    keyFor(request) {
      const text = JSON.stringify(request);
      if (last.current?.request !== text) last.current = { request: text, key: randomKey() };
      return last.current.key;
    },
    succeeded() {
      last.current = null;
    },
  };
}
