import { useEffect, useId } from 'react';
import type { DayKey } from '../../../shared/dayKey.ts';
import type { Event } from '../../../shared/schemas/events.ts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { AllocationModal } from './AllocationModal.tsx';
import { DayEventsModal } from './DayEventsModal.tsx';
import { EventDetailsModal } from './EventDetailsModal.tsx';
import { EventsBoard } from './EventsBoard.tsx';
import { EventsTabs } from './EventsTabs.tsx';
import { LeaderView } from './LeaderView.tsx';
import { useGetEventsInRangeQuery } from './eventsApi.ts';
import {
  EVENTS_TABS,
  allocationOpened,
  dayEventsOpened,
  eventDetailsOpened,
  eventsModalsClosed,
  selectEventsTab,
  tabSelected,
  type EventsTab,
} from './eventsSlice.ts';
import { useEventsWindow } from './useEventsWindow.ts';
import './EventsPage.css';

/**
 * /events: three tabs over the current and next month. Next Events and My Events show the same full list
 * (per-user My Events comes with accounts: give that tab its own `events` then); Leader View opens the
 * allocation modal instead of the details.
 */
export function EventsPage() {
  useDocumentTitle('Eventos');
  const eventsWindow = useEventsWindow();
  const tab = useAppSelector(selectEventsTab);
  const dispatch = useAppDispatch();
  const idPrefix = useId();
  // Asked on every arrival on the page.
  const events = useGetEventsInRangeQuery(eventsWindow.range, { refetchOnMountOrArgChange: true });

  useEffect(() => () => void dispatch(eventsModalsClosed()), [dispatch]);

  const tabId = (name: EventsTab) => `${idPrefix}-tab-${name}`;
  const panelId = (name: EventsTab) => `${idPrefix}-panel-${name}`;
  const openDay = (day: DayKey) => dispatch(dayEventsOpened(day));
  const openDetails = (event: Event) => dispatch(eventDetailsOpened(event.id));
  const openAllocation = (event: Event) => dispatch(allocationOpened(event));
  const isLeaderView = tab === 'leaderView';

  return (
    <div className="events-page">
      <div className="events-page__header">
        <h1 className="events-page__title">Eventos</h1>
        <p className="events-page__lead">A agenda da rede neste mês e no próximo.</p>
      </div>
      <EventsTabs selected={tab} onSelect={(next) => dispatch(tabSelected(next))} tabId={tabId} panelId={panelId} />
      {EVENTS_TABS.map((name) => (
        <div
          key={name}
          role="tabpanel"
          id={panelId(name)}
          aria-labelledby={tabId(name)}
          hidden={name !== tab}
          className="events-page__panel"
        >
          {name !== tab ? null : name === 'leaderView' ? (
            <LeaderView eventsWindow={eventsWindow} onEventSelect={openAllocation} onDaySelect={openDay} />
          ) : (
            <EventsBoard
              heading="Próximos eventos"
              events={events.data}
              isLoading={events.isLoading}
              eventsWindow={eventsWindow}
              onEventSelect={openDetails}
              onDaySelect={openDay}
            />
          )}
        </div>
      ))}
      <DayEventsModal onEventSelect={isLeaderView ? openAllocation : openDetails} />
      <EventDetailsModal />
      <AllocationModal />
    </div>
  );
}
