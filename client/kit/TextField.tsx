import type { InputHTMLAttributes, ReactNode } from 'react';
import { FormField } from './FormField.tsx';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  /** A line under the input, read out with it (`aria-describedby`). */
  hint?: ReactNode;
  /** What follows the input inside the field (a datalist). */
  children?: ReactNode;
}

/** A plain labelled input (FormField); every other attribute goes to the input. */
export function TextField({ id, label, hint, children, ...input }: TextFieldProps) {
  return (
    <FormField id={id} label={label} hint={hint} extra={children}>
      {({ id: inputId, 'aria-describedby': describedBy }) => (
        <input id={inputId} className="field__input" aria-describedby={describedBy} {...input} />
      )}
    </FormField>
  );
}
