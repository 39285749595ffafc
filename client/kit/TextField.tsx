import type { InputHTMLAttributes, ReactNode } from 'react';
import { FormField } from './FormField.tsx';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  /** A line under the input, read out with it (`aria-describedby`). */
  hint?: ReactNode;
  /**
   * The field's pt-BR message (`Informe o e-mail.`), shown under the input and read out with it; the input is
   * then `aria-invalid`. Given (even undefined) by a form that checks its fields before sending.
   */
  error?: string | undefined;
  /** What follows the input inside the field (a datalist). */
  children?: ReactNode;
}

/** A plain labelled input (FormField); every other attribute goes to the input. */
export function TextField({ id, label, hint, children, ...props }: TextFieldProps) {
  const validated = 'error' in props;
  const { error, ...input } = props;
  return (
    <FormField id={id} label={label} hint={hint} extra={children} validated={validated} error={error}>
      {(control) => <input className="field__input" {...control} {...input} />}
    </FormField>
  );
}
