import type { EventDetail } from '../../../shared/schemas/events.ts';
import { eventInstantText } from '../../kit/eventTime.ts';
import { FormField } from '../../kit/FormField.tsx';
import { MapLink } from '../../kit/MapLink.tsx';
import { useGetChurchesQuery } from '../../kit/network/networkApi.ts';
import { TextField } from '../../kit/TextField.tsx';

export interface EventDetailFieldsProps {
  event: EventDetail;
  idPrefix: string;
  timeZone: string;
}

/**
 * What a signed-in user sees of an event beyond the specification's two fields (docs/product.md §8): its church (or the
 * whole network) with the church's address, map link and service times when given (issue 21, item 4), when it ends,
 * and its title, location and description when it has them. Read-only.
 */
export function EventDetailFields({ event, idPrefix, timeZone }: EventDetailFieldsProps) {
  const churches = useGetChurchesQuery(undefined, { skip: event.church_id === null });
  const place = event.church_id === null ? undefined : churches.data?.find((candidate) => candidate.id === event.church_id);
  const church = event.church_id === null ? 'Toda a rede' : (place?.name ?? '…');
  return (
    <>
      {event.title ? <TextField id={`${idPrefix}-title`} label="Título" type="text" readOnly value={event.title} /> : null}
      <TextField id={`${idPrefix}-church`} label="Igreja" type="text" readOnly value={church} />
      {place?.address ? (
        <TextField id={`${idPrefix}-address`} label="Endereço da igreja" type="text" readOnly value={place.address}>
          <MapLink address={place.address} />
        </TextField>
      ) : null}
      {place?.service_times ? (
        <TextField id={`${idPrefix}-service-times`} label="Horários de culto" type="text" readOnly value={place.service_times} />
      ) : null}
      <TextField id={`${idPrefix}-ends`} label="Término" type="text" readOnly value={eventInstantText(event.ends_at, event, timeZone)} />
      {event.location ? <TextField id={`${idPrefix}-location`} label="Local" type="text" readOnly value={event.location} /> : null}
      {event.description ? (
        <FormField id={`${idPrefix}-description`} label="Descrição">
          {(control) => <textarea {...control} className="field__input field__input--wrap" readOnly rows={3} value={event.description ?? ''} />}
        </FormField>
      ) : null}
    </>
  );
}
