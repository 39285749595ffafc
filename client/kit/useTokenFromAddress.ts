import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The secret of an e-mailed link (`/events?resposta=<token>`, `/login?redefinir=<token>`), taken out of the
 * address as soon as it is read (docs/product.md §11): the page keeps it in memory and replaces the address
 * (history.replaceState, through the router), so the token no longer shows in the address bar, in the history,
 * or as the `Referer` of what the page loads next. `enabled` false (before a pre-rendered page has hydrated)
 * leaves the address alone. Returns the token (null when there is none) and how to forget it.
 */
export function useTokenFromAddress(param: string, enabled = true): [token: string | null, forget: () => void] {
  const [params, setParams] = useSearchParams();
  const inAddress = enabled ? params.get(param) : null;
  const [taken, setTaken] = useState<string | null>(null);
  // Kept from the render that read it (React's "state from an earlier render"), so it outlives the address.
  if (inAddress && inAddress !== taken) setTaken(inAddress);

  useEffect(() => {
    if (!inAddress) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(param);
        return next;
      },
      { replace: true },
    );
  }, [inAddress, param, setParams]);

  const forget = useCallback(() => setTaken(null), []);
  return [inAddress ?? taken, forget];
}
