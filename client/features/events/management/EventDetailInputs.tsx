import { FormField } from '../../../kit/FormField.tsx';
import { useGetChurchesQuery } from '../../../kit/network/networkApi.ts';
import type { EventDetailValues } from './eventDetailForm.ts';

export interface EventDetailInputsProps {
  idPrefix: string;
  values: EventDetailValues;
  onChange: (changes: Partial<EventDetailValues>) => void;
}

/**
 * The event's details (docs/product.md §8), all optional: the church it belongs to (or the whole network), a title, the
 * location, when it ends and a description.
 */
export function EventDetailInputs({ idPrefix, values, onChange }: EventDetailInputsProps) {
  const churches = useGetChurchesQuery();
  return (
    <>
      <FormField id={`${idPrefix}-church`} label="Igreja" hint={churches.isError ? 'Não foi possível carregar as igrejas.' : undefined}>
        {(control) => (
          <select {...control} className="field__input" name="church_id" value={values.churchId} onChange={(change) => onChange({ churchId: change.target.value })}>
            <option value="">Toda a rede</option>
            {(churches.data ?? []).map((church) => (
              <option key={church.id} value={String(church.id)}>
                {church.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id={`${idPrefix}-title`} label="Título" hint="Opcional. Ex.: Culto de jovens.">
        {(control) => (
          <input {...control} className="field__input" type="text" name="title" maxLength={200} value={values.title} onChange={(change) => onChange({ title: change.target.value })} />
        )}
      </FormField>
      <div className="event-form__row">
        <FormField id={`${idPrefix}-location`} label="Local" hint="Opcional.">
          {(control) => (
            <input
              {...control}
              className="field__input"
              type="text"
              name="location"
              maxLength={200}
              value={values.location}
              onChange={(change) => onChange({ location: change.target.value })}
            />
          )}
        </FormField>
        <FormField id={`${idPrefix}-ends`} label="Término" hint="Vazio: duas horas após o início. Antes do início: no dia seguinte.">
          {(control) => (
            <input {...control} className="field__input" type="time" name="ends_at" value={values.endTime} onChange={(change) => onChange({ endTime: change.target.value })} />
          )}
        </FormField>
      </div>
      <FormField id={`${idPrefix}-description`} label="Descrição" hint="Opcional.">
        {(control) => (
          <textarea
            {...control}
            className="field__input"
            name="description"
            rows={3}
            maxLength={2000}
            value={values.description}
            onChange={(change) => onChange({ description: change.target.value })}
          />
        )}
      </FormField>
    </>
  );
}
