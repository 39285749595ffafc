import { useState, type RefObject } from 'react';
import { formProblemOf, type FieldErrors } from './eventForm.ts';
import { useFocusFirstInvalid } from './useFocusFirstInvalid.ts';

/**
 * The field errors and the form-wide alert of an event form, and the two ways they are shown: what the form
 * found before sending, and what the API answered. Either way the focus moves to the first invalid control.
 */
export function useFormProblems(formRef: RefObject<HTMLFormElement | null>) {
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);

  /** Shows these field errors (and alert); true when there is any, so the form is not sent. */
  const foundBeforeSending = (found: FieldErrors, message: string | null = null): boolean => {
    setErrors(found);
    setAlert(message);
    const any = Object.keys(found).length > 0;
    if (any) focusFirstInvalid();
    return any;
  };

  /** The API refused: its field errors and message. */
  const showApiError = (error: unknown): void => {
    const problem = formProblemOf(error);
    foundBeforeSending(problem.fields, problem.message);
  };

  return { errors, setErrors, alert, setAlert, foundBeforeSending, showApiError };
}
