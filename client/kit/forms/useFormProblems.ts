import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { portalErrorOf, type PortalError } from '../portalError.ts';
import { hasProblems, problemsOfFields, type FieldNames, type FieldProblems } from './fieldProblems.ts';

const FALLBACK = 'Algo deu errado. Tente de novo em instantes.';

export interface FormProblemsOptions<F extends string> {
  /** The form: after a failed submit, its first control marked `aria-invalid` (in document order) takes the focus. */
  formRef: RefObject<HTMLElement | null>;
  /** The form's fields as the API names them in `fields` (a list, or the API's names mapped to the form's). */
  fields?: FieldNames<F>;
  /** What a failed call that is no API error says (a proxy's page, a crash); a general sentence by default. */
  fallback?: string;
  /**
   * The API's message stays as the form's alert even when its `fields` named fields of the form (the event
   * forms show both); by default a problem shown on its field is not said again.
   */
  messageWithFields?: boolean;
  /**
   * A form-wide message its owner holds (the page's last call): shown as the alert until a submit stopped by
   * the form's own checks makes it stale — it was about other values.
   */
  ownerAlert?: string | null;
}

export interface FormProblems<F extends string> {
  /** Every field's problem. */
  problems: FieldProblems<F>;
  /** A field's pt-BR problem, undefined while it is fine: what `TextField`'s `error` takes. */
  problemOf(field: F): string | undefined;
  /** The form-wide message (a refusal no field names, or a check of the whole form); null when none. */
  alert: string | null;
  /** For a form whose alert takes the focus when no field does (the element needs `tabIndex={-1}`). */
  alertRef: (element: HTMLElement | null) => void;
  /**
   * A submit, after the form's own checks: shows what they found (and the alert, if any) in place of what was
   * shown. True when nothing was found and the form may be sent; otherwise the focus moves to the first problem.
   */
  check(found: FieldProblems<F>, alert?: string | null): boolean;
  /** The call failed: the API's `fields` on their fields, its message as the alert; the focus moves to the first problem. */
  setFromApiError(error: unknown): PortalError;
  setAlert(message: string | null): void;
  /** Takes away one field's (or some fields') problem, as the user edits it; with no argument every problem and the alert. */
  clear(fields?: F | readonly F[]): void;
}

/**
 * The one holder of a form's problems: the form's own checks before sending and the API's answer after, by
 * field name, with the focus on the first problem after a failed submit (docs: CONTRIBUTING.md, "Add a screen").
 */
export function useFormProblems<F extends string = never>(options: FormProblemsOptions<F>): FormProblems<F> {
  const { formRef, fields = [], fallback = FALLBACK, messageWithFields = false, ownerAlert = null } = options;
  const [problems, setProblems] = useState<FieldProblems<F>>({});
  const [alert, setAlert] = useState<string | null>(null);
  /** The owner's message that was on screen when a submit stopped at the form's own checks. */
  const [staleOwnerAlert, setStaleOwnerAlert] = useState<string | null>(null);
  /** Counts failed submits: each one moves the focus, once its problems are on screen. */
  const [failures, setFailures] = useState(0);
  const alertElement = useRef<HTMLElement | null>(null);
  const alertRef = useCallback((element: HTMLElement | null) => {
    alertElement.current = element;
  }, []);

  // In the commit's own task (a layout effect): the focus is on the problem by the time anything reads the page —
  // a screen reader, the next key press, a test — never on the body for a moment.
  useLayoutEffect(() => {
    if (failures === 0) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) invalid.focus();
    else if (alertElement.current?.isConnected) alertElement.current.focus();
  }, [failures, formRef]);

  const check = (found: FieldProblems<F>, message: string | null = null): boolean => {
    const stopped = hasProblems(found) || message !== null;
    setProblems(found);
    setAlert(message);
    setStaleOwnerAlert(stopped ? ownerAlert : null);
    if (stopped) setFailures((count) => count + 1);
    return !stopped;
  };

  const setFromApiError = (error: unknown): PortalError => {
    const refusal = portalErrorOf(error, fallback);
    const found = problemsOfFields<F>(refusal.body?.fields, fields);
    setProblems(found);
    setAlert(messageWithFields || !hasProblems(found) ? refusal.message : null);
    setFailures((count) => count + 1);
    return refusal;
  };

  const clear = (which?: F | readonly F[]) => {
    if (which === undefined) {
      setProblems((current) => (hasProblems(current) ? {} : current));
      setAlert(null);
      return;
    }
    const names: readonly F[] = typeof which === 'string' ? [which] : which;
    setProblems((current) => {
      if (!names.some((name) => current[name] !== undefined)) return current;
      const left = { ...current };
      for (const name of names) delete left[name];
      return left;
    });
  };

  const shownOwnerAlert = ownerAlert !== null && ownerAlert === staleOwnerAlert ? null : ownerAlert;
  return {
    problems,
    problemOf: (field) => problems[field],
    alert: alert ?? shownOwnerAlert,
    alertRef,
    check,
    setFromApiError,
    setAlert,
    clear,
  };
}
