import { useEffect, useState, type RefObject } from 'react';

/**
 * After a submit that found problems, moves the focus to the first control marked `aria-invalid`. Call the
 * returned function each time; the focus moves once the errors are on screen.
 */
export function useFocusFirstInvalid(formRef: RefObject<HTMLFormElement | null>): () => void {
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt, formRef]);
  return () => setAttempt((count) => count + 1);
}
