import { isDayKey } from '../../../../shared/days.ts';
import { FormField } from '../../../kit/FormField.tsx';
import {
  MAX_COUNT,
  NTH_VALUES,
  nthLabel,
  nthOfDate,
  weeklyHint,
  type FieldErrors,
  type RepeatEnd,
  type RepeatFieldValues,
  type RepeatFrequency,
} from './eventForm.ts';

export interface RepeatFieldsProps {
  idPrefix: string;
  values: RepeatFieldValues;
  /** The event's date (yyyy-MM-dd or '' while unset): its weekday is the one that repeats. */
  date: string;
  errors: FieldErrors;
  onChange: (changes: Partial<RepeatFieldValues>) => void;
}

const END_OPTIONS: Array<{ value: RepeatEnd; label: string }> = [
  { value: 'until', label: 'Até a data' },
  { value: 'count', label: 'Número de vezes' },
];

/** Não repete / Semanal (every 1–4 weeks) / Mensal (the nth or last weekday), ending on a date or after N times. */
export function RepeatFields({ idPrefix, values, date, errors, onChange }: RepeatFieldsProps) {
  const hasDate = isDayKey(date);
  const nth = values.nth !== '' ? values.nth : String(hasDate ? nthOfDate(date) : 1);
  return (
    <>
      <FormField
        validated
        id={`${idPrefix}-freq`}
        label="Repetição"
        hint={values.freq === 'weekly' && hasDate ? weeklyHint(date, values.interval) : undefined}
      >
        {(control) => (
          <select
            {...control}
            className="field__input"
            name="freq"
            value={values.freq}
            onChange={(change) => onChange({ freq: change.target.value as RepeatFrequency })}
          >
            <option value="none">Não repete</option>
            <option value="weekly">Semanal</option>
            <option value="monthly">Mensal</option>
          </select>
        )}
      </FormField>

      {values.freq === 'weekly' ? (
        <FormField validated id={`${idPrefix}-interval`} label="A cada quantas semanas" error={errors.interval} hint="De 1 (toda semana) a 4.">
          {(control) => (
            <input
              {...control}
              className="field__input"
              type="number"
              inputMode="numeric"
              name="interval"
              min={1}
              max={4}
              step={1}
              value={values.interval}
              onChange={(change) => onChange({ interval: change.target.value })}
            />
          )}
        </FormField>
      ) : null}

      {values.freq === 'monthly' ? (
        <FormField
          validated
          id={`${idPrefix}-nth`}
          label="Dia do mês"
          error={errors.nth}
          hint={
            hasDate
              ? 'A primeira vez é a primeira data que segue a regra a partir da data escolhida.'
              : 'Escolha a data: o dia da semana dela é o que se repete.'
          }
        >
          {(control) => (
            <select {...control} className="field__input" name="nth" value={nth} onChange={(change) => onChange({ nth: change.target.value })}>
              {NTH_VALUES.map((value) => (
                <option key={value} value={String(value)}>
                  {nthLabel(value, date)}
                </option>
              ))}
            </select>
          )}
        </FormField>
      ) : null}

      {values.freq !== 'none' ? (
        <fieldset className="event-form__fieldset">
          <legend className="field__label">Termina</legend>
          <div className="event-form__choices">
            {END_OPTIONS.map((option) => (
              <label key={option.value} className="event-form__choice">
                <input
                  type="radio"
                  name={`${idPrefix}-end`}
                  value={option.value}
                  checked={values.end === option.value}
                  onChange={() => onChange({ end: option.value })}
                />
                {option.label}
              </label>
            ))}
          </div>
          {values.end === 'until' ? (
            <FormField validated id={`${idPrefix}-until`} label="Data final" error={errors.until}>
              {(control) => (
                <input
                  {...control}
                  className="field__input"
                  type="date"
                  name="until"
                  min={hasDate ? date : undefined}
                  value={values.until}
                  onChange={(change) => onChange({ until: change.target.value })}
                />
              )}
            </FormField>
          ) : (
            <FormField validated id={`${idPrefix}-count`} label="Quantas vezes" error={errors.count} hint={`Contando a primeira; no máximo ${MAX_COUNT}.`}>
              {(control) => (
                <input
                  {...control}
                  className="field__input"
                  type="number"
                  inputMode="numeric"
                  name="count"
                  min={1}
                  max={MAX_COUNT}
                  step={1}
                  value={values.count}
                  onChange={(change) => onChange({ count: change.target.value })}
                />
              )}
            </FormField>
          )}
        </fieldset>
      ) : null}
    </>
  );
}
