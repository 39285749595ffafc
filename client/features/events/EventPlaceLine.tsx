import type { Event } from '../../../shared/schemas/events.ts';
import { MapLink } from '../../kit/MapLink.tsx';
import { useGetChurchesQuery } from '../../kit/network/networkApi.ts';
import { hasDetails } from './EventDetailLine.tsx';

/**
 * A signed-in list's line under an event's button: where its church is, with "Ver no mapa" (issue 21, item 4) —
 * outside the button, a link cannot be inside one. Nothing for an event without details (a visitor's), of the
 * whole network, or of a church without an address.
 */
export function EventPlaceLine({ event }: { event: Event }) {
  const churchId = hasDetails(event) ? event.church_id : null;
  const churches = useGetChurchesQuery(undefined, { skip: churchId === null });
  const address = churchId === null ? null : (churches.data?.find((church) => church.id === churchId)?.address ?? null);
  return address ? (
    <p className="event-list__place">
      {address} · <MapLink address={address} />
    </p>
  ) : null;
}
