import type { InputHTMLAttributes, ReactNode } from 'react';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  /** A line under the input, read out with it (`aria-describedby`). */
  hint?: ReactNode;
  /** What follows the input inside the field (a datalist). */
  children?: ReactNode;
}

/** A labelled text input in the portal's `.field` markup; every other attribute goes to the input. */
export function TextField({ id, label, hint, children, ...input }: TextFieldProps) {
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="field__input" aria-describedby={hint ? hintId : undefined} {...input} />
      {hint ? (
        <span id={hintId} className="field__hint">
          {hint}
        </span>
      ) : null}
      {children}
    </div>
  );
}
