import { formatDateTime } from '../../../shared/formats.ts';
import { api } from '../../../client/app/api.ts';
import { eventName } from '../../../client/kit/eventName.ts';
import { useGetEventsInRangeQuery } from '../../../client/features/events/eventsApi.ts';
import { EventManageActions } from '../../../client/features/events/management/EventManageActions.tsx';
import { TIME_ZONE } from './fixtures.ts';

/** The range the probes list: the fixtures' two months. */
export const PROBE_RANGE = { from: '2026-11-01', to: '2026-12-31' };

let myEventsLoads = 0;
let allocationsLoads = 0;

/**
 * Stand-ins for the My Events and allocations queries of the accounts work: they only count how often they
 * were (re)loaded, providing the tags those lists provide, so a test can see an invalidation reach them.
 */
const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    managementProbeMyEvents: build.query<number, void>({
      queryFn: () => ({ data: ++myEventsLoads }),
      providesTags: [{ type: 'MyEvent', id: 'LIST' }],
    }),
    managementProbeAllocations: build.query<number, void>({
      queryFn: () => ({ data: ++allocationsLoads }),
      providesTags: [{ type: 'Allocation', id: 'LIST' }],
    }),
  }),
});

/** Shows how many times the My Events and allocations stand-ins loaded. */
export function TagProbes() {
  const myEvents = probeApi.useManagementProbeMyEventsQuery();
  const allocations = probeApi.useManagementProbeAllocationsQuery();
  return (
    <p>
      <span data-testid="my-events-loads">{myEvents.data ?? 0}</span> <span data-testid="allocations-loads">{allocations.data ?? 0}</span>
    </p>
  );
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
