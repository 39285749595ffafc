import { useMemo, type ReactNode } from 'react';
import type { Allocation } from '../../../shared/schemas/escalas.ts';
import type { Event } from '../../../shared/schemas/events.ts';
import { usePublicConfig } from '../../app/publicConfig.ts';
import { eventName } from '../../kit/eventName.ts';
import { eventDateTime } from '../../kit/eventTime.ts';
import { useGetEscalaHealingQuery } from '../../kit/healing/healingApi.ts';
import { EventAllocations, type CoverRequestSince } from './EventAllocations.tsx';
import { useGetAllocationsInRangeQuery, type AllocationRange } from './escalasApi.ts';
import { ALLOCATION_INTRO, LEADER_VIEW_HEADING, type LeaderBoardParts } from './LeaderView.tsx';
import { useLivePolling, useRefetchWhenSeen } from './useLiveRefresh.ts';
import './LeaderSchedule.css';

export interface LeaderScheduleProps {
  /** The window whose allocations are shown. */
  range: AllocationRange;
  /** Draws the board of the window's events with these parts. */
  renderBoard: (parts: LeaderBoardParts) => ReactNode;
  /** Above the board: what else a leader does there (`Novo evento`). */
  toolbar?: ReactNode;
  /** Under each event, before who serves at it: that event's own actions (edit, cancel). */
  eventActions?: (event: Event) => ReactNode;
}

function byEvent(allocations: readonly Allocation[]): Map<number, Allocation[]> {
  const grouped = new Map<number, Allocation[]>();
  for (const allocation of allocations) {
    const list = grouped.get(allocation.event_id);
    if (list) list.push(allocation);
    else grouped.set(allocation.event_id, [allocation]);
  }
  return grouped;
}

const NO_ALLOCATIONS: Allocation[] = [];

/**
 * Leader View for a leader or an admin: the window's allocations in one call (`GET /api/allocations?from=&to=`)
 * shown under each event with a way to remove them, beside the event actions it is given; a click opens the
 * allocation modal.
 */
export function LeaderSchedule({ range, renderBoard, toolbar, eventActions }: LeaderScheduleProps) {
  const { timeZone } = usePublicConfig();
  // The members' answers arrive while the leader looks: asked again on coming back to the page, and every
  // LIVE_REFRESH_MS while it is in view.
  const pollingInterval = useLivePolling();
  const allocations = useGetAllocationsInRangeQuery(range, { refetchOnMountOrArgChange: true, pollingInterval });
  useRefetchWhenSeen(allocations.refetch);
  const grouped = useMemo(() => byEvent(allocations.data ?? NO_ALLOCATIONS), [allocations.data]);
  // Since when each open cover request waits, and whether the leaders were told (docs/product.md §10).
  const healing = useGetEscalaHealingQuery(range, { refetchOnMountOrArgChange: true, pollingInterval });
  const coverRequests = useMemo(
    () => new Map<number, CoverRequestSince>((healing.data?.cover_requests ?? []).map((request) => [request.allocation_id, request])),
    [healing.data],
  );
  const loaded = allocations.data !== undefined;

  return (
    <div className="leader-schedule">
      {toolbar}
      {renderBoard({
        heading: LEADER_VIEW_HEADING,
        intro: (
          <>
            <p className="events-board__intro">{ALLOCATION_INTRO}</p>
            {allocations.isError ? (
              <p className="events-board__note" role="alert">
                Não foi possível carregar a escala.
              </p>
            ) : null}
          </>
        ),
        eventExtras: (event) => (
          <>
            {eventActions?.(event)}
            <EventAllocations
              allocations={loaded ? (grouped.get(event.id) ?? NO_ALLOCATIONS) : undefined}
              coverRequests={coverRequests}
              eventLabel={`${eventName(event)}, ${eventDateTime(event, timeZone)}`}
            />
          </>
        ),
      })}
    </div>
  );
}
