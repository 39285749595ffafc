import { FormField } from '../../kit/FormField.tsx';

/** One choice of a select; choices with a `group` are listed under it (`<optgroup>`), after those without. */
export interface FieldOption {
  value: string;
  label: string;
  group?: string;
}

export interface ChoiceFieldProps {
  id: string;
  label: string;
  hint?: string | undefined;
  /** As TextField's: given (even undefined) by a form that checks its fields. */
  error?: string | undefined;
  name?: string;
  value: string;
  options: readonly FieldOption[];
  onChange: (value: string) => void;
}

/** A labelled select of Gestão da rede's forms (a church's time zone). */
export function ChoiceField({ id, label, hint, name, value, options, onChange, ...props }: ChoiceFieldProps) {
  const validated = 'error' in props;
  const ungrouped = options.filter((option) => option.group === undefined);
  const groups = [...new Set(options.flatMap((option) => (option.group === undefined ? [] : [option.group])))];
  const optionElement = (option: FieldOption) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  );
  return (
    <FormField id={id} label={label} hint={hint} validated={validated} error={props.error}>
      {(control) => (
        <select {...control} className="field__input" name={name} value={value} onChange={(change) => onChange(change.target.value)}>
          {ungrouped.map(optionElement)}
          {groups.map((group) => (
            <optgroup key={group} label={group}>
              {options.filter((option) => option.group === group).map(optionElement)}
            </optgroup>
          ))}
        </select>
      )}
    </FormField>
  );
}
