import { useEffect, useRef, type RefObject } from 'react';

/**
 * A submit with an empty field sends nothing: the first empty field gets the focus (its label is read out),
 * with no message, as the specification's forms have none. Returns whether it found one.
 */
export function focusFirstEmptyField(form: HTMLFormElement): boolean {
  const empty = [...form.querySelectorAll<HTMLInputElement>('input[name]')].find((input) =>
    input.type === 'password' ? input.value === '' : input.value.trim() === '',
  );
  empty?.focus();
  return empty !== undefined;
}

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
