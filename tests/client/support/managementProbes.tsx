import { formatDateTime } from '../../../shared/formats.ts';
import { useGetAllocationsInRangeQuery, useGetMyEventsQuery } from '../../../client/features/escalas/escalasApi.ts';
import { eventName } from '../../../client/kit/eventName.ts';
import { useGetEventsInRangeQuery } from '../../../client/features/events/eventsApi.ts';
import { EventManageActions } from '../../../client/features/events/management/EventManageActions.tsx';
import { TIME_ZONE } from './fixtures.ts';

/** The range the probes list: the fixtures' two months. */
export const PROBE_RANGE = { from: '2026-11-01', to: '2026-12-31' };

/** The window's allocations as the probes ask them: `GET /api/allocations?from=…&to=…`. */
export const PROBE_ALLOCATIONS_PATH = `/api/allocations?from=${PROBE_RANGE.from}&to=${PROBE_RANGE.to}`;
/** My Events: `GET /api/me/events`. */
export const MY_EVENTS_PATH = '/api/me/events';

/**
 * My Events and the window's allocations, as a leader's events page holds them: the real queries. A test
 * counts their requests in the harness's log to see an invalidation reach them; `leader-caches-loaded` is
 * there once both have answered.
 */
export function LeaderCaches() {
  const myEvents = useGetMyEventsQuery();
  const allocations = useGetAllocationsInRangeQuery(PROBE_RANGE);
  return myEvents.isSuccess && allocations.isSuccess ? <span data-testid="leader-caches-loaded" hidden /> : null;
}

/** A leader's list over the events query: each event with its edit and cancel actions, as Leader View shows them. */
export function ManagedEventList() {
  const events = useGetEventsInRangeQuery(PROBE_RANGE);
  if (!events.data) return <p>Carregando…</p>;
  return (
    <ul aria-label="Eventos">
      {events.data.map((event) => (
        <li key={event.id}>
          <span>{`${eventName(event)} ${formatDateTime(event.datetime, TIME_ZONE)}`}</span>
          <EventManageActions event={event} />
        </li>
      ))}
    </ul>
  );
}
