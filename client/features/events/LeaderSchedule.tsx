import { useMemo } from 'react';
import type { DayKey } from '../../../shared/dayKey.ts';
import { formatDateTime } from '../../../shared/formats.ts';
import type { Allocation } from '../../../shared/schemas/escalas.ts';
import type { Event } from '../../../shared/schemas/events.ts';
import { usePublicConfig } from '../../app/publicConfig.ts';
import { EventAllocations } from '../escalas/EventAllocations.tsx';
import { useGetAllocationsInRangeQuery } from '../escalas/escalasApi.ts';
import { eventName } from './eventDays.ts';
import { EventsBoard } from './EventsBoard.tsx';
import { EventManageActions } from './management/EventManageActions.tsx';
import { NewEventButton } from './management/NewEventButton.tsx';
import type { EventsWindow } from './useEventsWindow.ts';

export interface LeaderScheduleProps {
  heading: string;
  events: readonly Event[] | undefined;
  isLoading: boolean;
  eventsWindow: EventsWindow;
  onEventSelect: (event: Event) => void;
  onDaySelect: (day: DayKey) => void;
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
 * shown under each event with a way to remove them, the event management actions, and the allocation modal
 * on a click.
 */
export function LeaderSchedule({ heading, events, isLoading, eventsWindow, onEventSelect, onDaySelect }: LeaderScheduleProps) {
  const { timeZone } = usePublicConfig();
  const allocations = useGetAllocationsInRangeQuery(eventsWindow.range, { refetchOnMountOrArgChange: true });
  const grouped = useMemo(() => byEvent(allocations.data ?? NO_ALLOCATIONS), [allocations.data]);
  const loaded = allocations.data !== undefined;

  return (
    <div className="leader-schedule">
      <NewEventButton />
      <EventsBoard
        heading={heading}
        intro={
          <>
            <p className="events-board__intro">Escolha um evento para alocar um membro de um departamento.</p>
            {allocations.isError ? (
              <p className="events-board__note" role="alert">
                Não foi possível carregar a escala.
              </p>
            ) : null}
          </>
        }
        events={events}
        isLoading={isLoading}
        eventsWindow={eventsWindow}
        onEventSelect={onEventSelect}
        onDaySelect={onDaySelect}
        eventExtras={(event) => (
          <>
            <EventManageActions event={event} />
            <EventAllocations
              allocations={loaded ? (grouped.get(event.id) ?? NO_ALLOCATIONS) : undefined}
              eventLabel={`${eventName(event)}, ${formatDateTime(event.datetime, timeZone)}`}
            />
          </>
        )}
      />
    </div>
  );
}
