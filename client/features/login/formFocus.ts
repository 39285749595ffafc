import { useEffect, useRef, useState, type RefObject } from 'react';

/** The message of each field of the sign-in and registration forms left empty, by the input's name. */
const EMPTY_FIELD_MESSAGES: Readonly<Record<string, string>> = {
  name: 'Informe seu nome.',
  email: 'Informe o e-mail.',
  password: 'Informe a senha.',
};

/** A field's message by its input's name (`email`); none while it is fine. */
export type FieldMessages = Partial<Record<string, string>>;

/**
 * A submit with empty fields sends nothing: each empty field gets its message (`Informe o e-mail.`), read out
 * with it, and the first one gets the focus. Returns the messages, none when every field is filled.
 */
export function emptyFieldMessages(form: HTMLFormElement): FieldMessages {
  const empty = [...form.querySelectorAll<HTMLInputElement>('input[name]')].filter((input) =>
    input.type === 'password' ? input.value === '' : input.value.trim() === '',
  );
  empty[0]?.focus();
  return Object.fromEntries(empty.map((input) => [input.name, EMPTY_FIELD_MESSAGES[input.name] ?? 'Preencha este campo.']));
}

/**
 * The messages of one form's fields, and the form's last error as still worth showing: a submit stopped by an
 * empty field hides the error of an earlier attempt (`Email ou senha inválidos.` was about other values), and
 * typing in a field takes its message away.
 */
export function useFieldMessages(error: string | null) {
  const [messages, setMessages] = useState<FieldMessages>({});
  /** The error that was on screen when a submit stopped at an empty field; a sent submit shows errors again. */
  const [staleError, setStaleError] = useState<string | null>(null);
  return {
    messages,
    /** What the form shows of `error`: nothing once it is stale. */
    error: error !== null && error === staleError ? null : error,
    /** A submit: true when it may be sent (no field empty). */
    check(form: HTMLFormElement): boolean {
      const found = emptyFieldMessages(form);
      setMessages(found);
      const empty = Object.keys(found).length > 0;
      setStaleError(empty ? error : null);
      return !empty;
    },
    /** The input named `name` changed. */
    edited(name: string) {
      setMessages((current) => (current[name] === undefined ? current : { ...current, [name]: undefined }));
    },
  };
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
