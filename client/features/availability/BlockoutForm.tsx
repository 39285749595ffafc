import { useId, useRef, useState, type FormEvent } from 'react';
import { daysBetween, type DayKey } from '../../../shared/days.ts';
import { MAX_RANGE_DAYS, RESPONSE_NOTE_MAX } from '../../../shared/limits.ts';
import type { Blockout } from '../../../shared/schemas/responses.ts';
import type { FieldProblems } from '../../kit/forms/fieldProblems.ts';
import { FormAlert } from '../../kit/forms/FormAlert.tsx';
import { useBusySubmit } from '../../kit/forms/useBusySubmit.ts';
import { useFormProblems } from '../../kit/forms/useFormProblems.ts';
import { Spinner } from '../../kit/Spinner.tsx';
import { useCreateBlockoutMutation } from './availabilityApi.ts';

type Field = 'from' | 'to' | 'note';
type FieldErrors = FieldProblems<Field>;

/** The request's fields, as the API names them in `fields`. */
const FIELDS: readonly Field[] = ['from', 'to', 'note'];

/** The checks the API makes (docs/product.md §6), made before sending: both days, in order, at most 366 days. */
function checkRange(from: string, to: string): FieldErrors {
  const errors: FieldErrors = {};
  if (from === '') errors.from = 'Informe o primeiro dia.';
  if (to === '') errors.to = 'Informe o último dia.';
  if (errors.from || errors.to) return errors;
  const span = daysBetween(from, to);
  if (Number.isNaN(span)) errors.from = 'Informe as datas no formato dd/mm/aaaa.';
  else if (span < 0) errors.to = 'O último dia deve ser igual ou posterior ao primeiro.';
  else if (span >= MAX_RANGE_DAYS) errors.to = `O período pode ter no máximo ${MAX_RANGE_DAYS} dias.`;
  return errors;
}

export interface BlockoutFormProps {
  /** Today in the network timezone: where the date fields start. */
  today: DayKey;
  /** After a 201: the new range. */
  onAdded: (blockout: Blockout) => void;
}

/**
 * A new blocked range: two native date fields (a picker that works with a keyboard and on a phone), both days
 * included, and an optional note only the member sees. `POST /api/me/blockouts`.
 */
export function BlockoutForm({ today, onAdded }: BlockoutFormProps) {
  const id = useId();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [note, setNote] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormProblems({ formRef, fields: FIELDS, fallback: 'Não foi possível salvar o período. Tente novamente.' });
  const errors = form.problems;
  const [createBlockout] = useCreateBlockoutMutation();
  const { busy: isLoading, run } = useBusySubmit();

  const changeFrom = (value: string) => {
    setFrom(value);
    // A single day is the common case: the last day follows the first until it is set after it.
    if (value !== '' && (to === '' || to < value)) setTo(value);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    if (!form.check(checkRange(from, to))) return;
    const result = await run(() => createBlockout({ from, to, ...(note.trim() ? { note: note.trim() } : {}) }));
    if (result === undefined) return;
    if (result.error) {
      // A refused day or note shows under its field (and takes the focus); anything else under the form.
      form.setFromApiError(result.error);
      return;
    }
    setFrom('');
    setTo('');
    setNote('');
    onAdded(result.data);
  };

  const describedBy = (field: Field, hint?: string) =>
    [errors[field] ? `${id}-${field}-error` : undefined, hint].filter(Boolean).join(' ') || undefined;

  return (
    <form ref={formRef} className="blockout-form" aria-labelledby={`${id}-title`} onSubmit={(event) => void submit(event)} noValidate>
      <h2 id={`${id}-title`} className="availability__subtitle">
        Marcar dias em que não posso servir
      </h2>
      <div className="blockout-form__days">
        <div className={errors.from ? 'field blockout-form__field blockout-form__field--invalid' : 'field blockout-form__field'}>
          <label className="field__label" htmlFor={`${id}-from`}>
            Primeiro dia
          </label>
          <input
            id={`${id}-from`}
            className="field__input"
            type="date"
            name="from"
            min={today}
            value={from}
            onChange={(change) => changeFrom(change.target.value)}
            aria-invalid={Boolean(errors.from)}
            aria-describedby={describedBy('from')}
          />
          {errors.from ? (
            <p id={`${id}-from-error`} className="blockout-form__error">
              {errors.from}
            </p>
          ) : null}
        </div>
        <div className={errors.to ? 'field blockout-form__field blockout-form__field--invalid' : 'field blockout-form__field'}>
          <label className="field__label" htmlFor={`${id}-to`}>
            Último dia
          </label>
          <input
            id={`${id}-to`}
            className="field__input"
            type="date"
            name="to"
            min={from || today}
            value={to}
            onChange={(change) => setTo(change.target.value)}
            aria-invalid={Boolean(errors.to)}
            aria-describedby={describedBy('to', `${id}-to-hint`)}
          />
          <span id={`${id}-to-hint`} className="field__hint">
            Os dois dias estão incluídos; para um dia só, repita o primeiro.
          </span>
          {errors.to ? (
            <p id={`${id}-to-error`} className="blockout-form__error">
              {errors.to}
            </p>
          ) : null}
        </div>
      </div>
      <div className={errors.note ? 'field blockout-form__field blockout-form__field--invalid' : 'field blockout-form__field'}>
        <label className="field__label" htmlFor={`${id}-note`}>
          Observação (opcional)
        </label>
        <input
          id={`${id}-note`}
          className="field__input"
          type="text"
          name="note"
          maxLength={RESPONSE_NOTE_MAX}
          value={note}
          onChange={(change) => setNote(change.target.value)}
          aria-invalid={Boolean(errors.note)}
          aria-describedby={describedBy('note', `${id}-note-hint`)}
        />
        <span id={`${id}-note-hint`} className="field__hint">
          Só você vê a observação; quem organiza as escalas vê apenas os dias.
        </span>
        {errors.note ? (
          <p id={`${id}-note-error`} className="blockout-form__error">
            {errors.note}
          </p>
        ) : null}
      </div>
      <FormAlert message={form.alert} className="blockout-form__failure" />
      <div className="blockout-form__actions">
        <button type="submit" className="button button--primary" aria-disabled={isLoading || undefined}>
          {isLoading ? <Spinner /> : null}
          Adicionar período
        </button>
      </div>
    </form>
  );
}
