import type { Event, EventDetail } from '../../../shared/schemas/events.ts';
import { useGetChurchesQuery } from '../../kit/network/networkApi.ts';

/** Whether the list's event came with its details (`?detail=full`, signed in). */
export function hasDetails(event: Event): event is EventDetail {
  return 'church_id' in event;
}

/**
 * A signed-in list's line under an event's type: its title, church and location, those it has (`Culto de
 * Natal · Sede · Templo principal`); nothing for an event without them or without details.
 */
export function EventDetailLine({ event }: { event: Event }) {
  const detailed = hasDetails(event);
  const churchId = detailed ? event.church_id : null;
  const churches = useGetChurchesQuery(undefined, { skip: churchId === null });
  if (!detailed) return null;
  const church = churchId === null ? null : (churches.data?.find((candidate) => candidate.id === churchId)?.name ?? null);
  const parts = [event.title, church, event.location].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? (
    <>
      <span className="event-button__about">{parts.join(' · ')}</span>{' '}
    </>
  ) : null;
}
