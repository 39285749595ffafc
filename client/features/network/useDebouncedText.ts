import { useEffect, useState } from 'react';

/** How long typing must pause before a search asks again. */
export const SEARCH_DELAY_MS = 250;

/** What was typed, trimmed and cut at the API's 100 characters, once typing pauses. */
export function useDebouncedText(typed: string): string {
  const text = typed.trim().slice(0, 100);
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}
