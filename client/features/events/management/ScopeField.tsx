import type { EventScope } from '../../../../shared/schemas/eventManagement.ts';

export interface ScopeFieldProps {
  idPrefix: string;
  legend: string;
  value: EventScope;
  onChange: (scope: EventScope) => void;
}

const SCOPES: Array<{ value: EventScope; label: string }> = [
  { value: 'one', label: 'Somente este evento' },
  { value: 'following', label: 'Este e os seguintes' },
];

/**
 * The series question. The lists only know the specification's event shape (no series), so it is always asked;
 * for an event that does not repeat both answers change only that event (the API treats them alike).
 */
export function ScopeField({ idPrefix, legend, value, onChange }: ScopeFieldProps) {
  const hintId = `${idPrefix}-scope-hint`;
  return (
    <fieldset className="event-form__fieldset" aria-describedby={hintId}>
      <legend className="field__label">{legend}</legend>
      <div className="event-form__choices">
        {SCOPES.map((scope) => (
          <label key={scope.value} className="event-form__choice">
            <input
              type="radio"
              name={`${idPrefix}-scope`}
              value={scope.value}
              checked={value === scope.value}
              onChange={() => onChange(scope.value)}
            />
            {scope.label}
          </label>
        ))}
      </div>
      <p id={hintId} className="event-form__hint">
        Se o evento se repete, “Este e os seguintes” vale também para as próximas ocorrências da série.
      </p>
    </fieldset>
  );
}
