import { lazy, Suspense, useDeferredValue, useEffect, useId, type ReactNode } from 'react';
import type { DayKey } from '../../../shared/days.ts';
import type { Event } from '../../../shared/schemas/events.ts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { DayEventsModal } from './DayEventsModal.tsx';
import { EventDetailsModal } from './EventDetailsModal.tsx';
import { EventsBoard } from './EventsBoard.tsx';
import { EventsTabs } from './EventsTabs.tsx';
import { eventsApi, useGetEventDetailsInRangeQuery, useGetEventsInRangeQuery } from './eventsApi.ts';
import {
  EVENTS_TABS,
  modalOpened,
  modalsClosed,
  selectEventsTab,
  shownMonthChanged,
  tabSelected,
  type EventsTab,
} from './eventsSlice.ts';
import { CreatedOutsideNotice } from './CreatedOutsideNotice.tsx';
import { useShownEventsWindow } from './shownWindow.ts';
import type { EventsWindow } from './useEventsWindow.ts';
import './EventsPage.css';

/** Signed in only, so not in a visitor's download: "Assinar a agenda" (issue 21, item 4). */
const AgendaSubscription = lazy(() => import('./AgendaSubscription.tsx').then((module) => ({ default: module.AgendaSubscription })));

/** What a tab's panel gets from the page: the two months, and what a click on an event or a day does. */
export interface EventsPanel {
  eventsWindow: EventsWindow;
  onEventSelect: (event: Event) => void;
  onDaySelect: (day: DayKey) => void;
  /** Signed in: moves the calendars to other months (EventsBoard's navigation). */
  onShowMonth?: (month: DayKey | null) => void;
  /** Signed in: a phone's list is shortened so the calendars are within reach (EventsBoard). */
  compactList?: boolean;
}

export interface EventsPageProps {
  /** My Events of a signed-in member. Without it (a visitor) the tab shows the full list, as Next Events does. */
  renderMyEvents?: (panel: EventsPanel) => ReactNode;
  /** The Leader View tab. */
  renderLeaderView: (panel: EventsPanel) => ReactNode;
  /** The modal a click on an event opens in Leader View (in its list, and in the day's modal opened there). */
  leaderViewOpens: 'eventDetails' | 'allocation';
  /** The page's modals that other features draw (the allocation modal). */
  children?: ReactNode;
}

/**
 * /events: three tabs over the current and next month. Next Events shows the full list. My Events and Leader
 * View are the escalas' screens, which the route gives (app/routes/EventsRoute.tsx): My Events shows a visitor
 * the same full list; a click in Leader View opens `leaderViewOpens` instead of the details.
 */
export function EventsPage({ renderMyEvents, renderLeaderView, leaderViewOpens, children }: EventsPageProps) {
  useDocumentTitle('Eventos');
  // A visitor: the current and next month. Signed in: the months the user moved to.
  const { eventsWindow, canNavigate } = useShownEventsWindow();
  const tab = useAppSelector(selectEventsTab);
  const dispatch = useAppDispatch();
  const idPrefix = useId();
  // Asked on every arrival on the page.
  // Signed in, with each event's title, church and location (`?detail=full`); a visitor's is the specification's.
  const plainEvents = useGetEventsInRangeQuery(eventsWindow.range, { refetchOnMountOrArgChange: true, skip: canNavigate });
  const detailedEvents = useGetEventDetailsInRangeQuery(eventsWindow.range, { refetchOnMountOrArgChange: true, skip: !canNavigate });
  // While the details come, the list the page asked before the session was known (if any) stays shown.
  const askedBefore = useAppSelector((state) => eventsApi.endpoints.getEventsInRange.select(eventsWindow.range)(state).data);
  const events = canNavigate
    ? {
        data: detailedEvents.isError ? undefined : (detailedEvents.data ?? askedBefore),
        isLoading: detailedEvents.isLoading && askedBefore === undefined,
      }
    : plainEvents;
  // The page's header and tabs are painted first; the list and the two calendars (most of the page's
  // render work) follow in a background render that yields to the browser. On a slow phone the page shows
  // about a third of a second sooner, and no long task blocks it meanwhile.
  const showPanel = useDeferredValue(true, false);

  useEffect(
    () => () => {
      dispatch(modalsClosed());
      dispatch(shownMonthChanged(null));
    },
    [dispatch],
  );

  const tabId = (name: EventsTab) => `${idPrefix}-tab-${name}`;
  const panelId = (name: EventsTab) => `${idPrefix}-panel-${name}`;
  const openDay = (day: DayKey) => dispatch(modalOpened({ modal: 'dayEvents', day }));
  const openDetails = (event: Event) => dispatch(modalOpened({ modal: 'eventDetails', eventId: event.id }));
  const openFromLeaderView = (event: Event) => dispatch(modalOpened({ modal: leaderViewOpens, eventId: event.id }));
  const isLeaderView = tab === 'leaderView';
  const signedIn: Pick<EventsPanel, 'onShowMonth' | 'compactList'> = canNavigate
    ? { onShowMonth: (month) => dispatch(shownMonthChanged(month)), compactList: true }
    : {};

  return (
    <div className="events-page">
      <div className="events-page__header">
        <h1 className="events-page__title">Eventos</h1>
        <p className="events-page__lead">A agenda da rede neste mês e no próximo.</p>
      </div>
      {canNavigate ? <CreatedOutsideNotice /> : null}
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
          {name !== tab || !showPanel ? null : name === 'leaderView' ? (
            renderLeaderView({ eventsWindow, onEventSelect: openFromLeaderView, onDaySelect: openDay, ...signedIn })
          ) : name === 'myEvents' && renderMyEvents ? (
            renderMyEvents({ eventsWindow, onEventSelect: openDetails, onDaySelect: openDay, ...signedIn })
          ) : (
            <EventsBoard
              heading="Próximos eventos"
              events={events.data}
              isLoading={events.isLoading}
              eventsWindow={eventsWindow}
              onEventSelect={openDetails}
              onDaySelect={openDay}
              {...signedIn}
            />
          )}
        </div>
      ))}
      {canNavigate && showPanel ? (
        <Suspense fallback={null}>
          <AgendaSubscription />
        </Suspense>
      ) : null}
      <DayEventsModal onEventSelect={isLeaderView ? openFromLeaderView : openDetails} />
      <EventDetailsModal />
      {children}
    </div>
  );
}
