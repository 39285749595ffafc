import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { FormAlert } from '../../kit/forms/FormAlert.tsx';
import { useBusySubmit } from '../../kit/forms/useBusySubmit.ts';
import { useFormProblems } from '../../kit/forms/useFormProblems.ts';
import { Spinner } from '../../kit/Spinner.tsx';
import { TextField } from '../../kit/TextField.tsx';
import { ChoiceField, type FieldOption } from './ChoiceField.tsx';

export interface CreateFormField {
  name: string;
  label: string;
  hint?: string;
  /** The message when it is left blank; an optional field has none. */
  missing?: string;
  /** What it holds when the form opens (e.g. a department name a leader typed). */
  initial?: string;
  /** A select of these choices instead of a text input; it goes back to `initial` after a success. */
  options?: readonly FieldOption[];
}

export interface CreateFormProps {
  idPrefix: string;
  /** Names the form for assistive technology: `Nova igreja`. */
  title: string;
  fields: readonly CreateFormField[];
  submitLabel: string;
  /** Sends the values (trimmed); resolves to the status line to show (`Igreja criada: Sede.`), or throws the call's error. */
  onCreate: (values: Record<string, string>) => Promise<string>;
  /** Focus the first field when the form opens. */
  autoFocus?: boolean;
  children?: ReactNode;
}

/**
 * A small create form of the admin screens: its fields, a Submit that shows it is busy and cannot be sent twice,
 * the API's pt-BR error under it (focused, read out), and a status line after success (the fields are emptied).
 */
export function CreateForm({ idPrefix, title, fields, submitLabel, onCreate, autoFocus = false, children }: CreateFormProps) {
  const initialValues = () => Object.fromEntries(fields.map((field) => [field.name, field.initial ?? '']));
  const [values, setValues] = useState<Record<string, string>>(initialValues);
  const { busy, run } = useBusySubmit();
  const [status, setStatus] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  // The form's one problem (a blank field, the API's refusal) shows under it and takes the focus.
  const form = useFormProblems({ formRef, fallback: 'Não foi possível salvar. Tente novamente.' });
  const focusFirst = () => formRef.current?.querySelector<HTMLInputElement>('input')?.focus();
  useEffect(() => {
    if (autoFocus) formRef.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [autoFocus]);

  const submit = async (submitEvent: FormEvent<HTMLFormElement>) => {
    submitEvent.preventDefault();
    if (busy) return;
    const trimmed = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value.trim()]));
    const blank = fields.find((field) => field.missing && trimmed[field.name] === '');
    setStatus('');
    if (!form.check({}, blank?.missing ?? null)) return;
    try {
      const message = await run(() => onCreate(trimmed));
      if (message === undefined) return;
      setValues(Object.fromEntries(fields.map((field) => [field.name, field.options ? (field.initial ?? '') : ''])));
      setStatus(message);
      focusFirst();
    } catch (failure) {
      form.setFromApiError(failure);
    }
  };

  return (
    <form ref={formRef} className="network-form" aria-label={title} onSubmit={(submitEvent) => void submit(submitEvent)} noValidate aria-busy={busy || undefined}>
      <div className="network-form__fields">
        {fields.map((field) =>
          field.options ? (
            <ChoiceField
              key={field.name}
              id={`${idPrefix}-${field.name}`}
              label={field.label}
              name={field.name}
              hint={field.hint}
              options={field.options}
              value={values[field.name] ?? ''}
              onChange={(value) => {
                setValues((current) => ({ ...current, [field.name]: value }));
                form.clear();
              }}
            />
          ) : (
            <TextField
              key={field.name}
              id={`${idPrefix}-${field.name}`}
              label={field.label}
              type="text"
              name={field.name}
              autoComplete="off"
              hint={field.hint}
              value={values[field.name] ?? ''}
              onChange={(change) => {
                const value = change.target.value;
                setValues((current) => ({ ...current, [field.name]: value }));
                form.clear();
              }}
            />
          ),
        )}
        {children}
        <button type="submit" className="button button--primary network-form__submit" aria-disabled={busy || undefined}>
          {busy ? <Spinner /> : null}
          {submitLabel}
        </button>
      </div>
      <FormAlert message={form.alert} className="network-form__error" alertRef={form.alertRef} />
      <p className="network-form__status" role="status">
        {status}
      </p>
    </form>
  );
}
