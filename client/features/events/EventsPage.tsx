import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import type { DayKey } from '../../../shared/days.ts';
import type { Event } from '../../../shared/schemas/events.ts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { useGetChurchesQuery } from '../../kit/network/networkApi.ts';
import { lastAccount } from '../../kit/offline/privateStore.ts';
import { sessionPreloaded } from '../../kit/session/sessionPreloaded.ts';
import { useSessionStatusNow } from '../../kit/session/useSession.ts';
import { DayEventsModal } from './DayEventsModal.tsx';
import { EventDetailsModal } from './EventDetailsModal.tsx';
import { EventsBoard } from './EventsBoard.tsx';
import { EventsTabs } from './EventsTabs.tsx';
import { useGetEventDetailsInRangeQuery, useGetEventsInRangeQuery } from './eventsApi.ts';
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

const WAITING = { data: undefined, isLoading: true } as const;

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
  /** A tab is about to be chosen: the route may fetch its panel's code (EventsTabs' `onIntent`). */
  onTabIntent?: (tab: EventsTab) => void;
  /** The page's modals that other features draw (the allocation modal). */
  children?: ReactNode;
}

/**
 * /events: three tabs over the current and next month. Next Events shows the full list. My Events and Leader
 * View are the escalas' screens, which the route gives (app/routes/EventsRoute.tsx): My Events shows a visitor
 * the same full list; a click in Leader View opens `leaderViewOpens` instead of the details.
 */
export function EventsPage({ renderMyEvents, renderLeaderView, leaderViewOpens, onTabIntent, children }: EventsPageProps) {
  useDocumentTitle('Eventos');
  // A visitor: the current and next month. Signed in: the months the user moved to.
  const { eventsWindow, canNavigate } = useShownEventsWindow();
  const tab = useAppSelector(selectEventsTab);
  // A click on a tab marks it at once; the chosen panel is drawn in a background render that yields, with the
  // panel shown until then kept, so the click answers within a frame on a slow phone (docs/performance.md).
  const shownTab = useDeferredValue(tab);
  const dispatch = useAppDispatch();
  const idPrefix = useId();
  // Asked on every arrival on the page.
  // Signed in, with each event's title, church and location (`?detail=full`); a visitor's is the specification's.
  // Who is asking is known first where it costs nothing: the page preloads `GET /api/auth/me` (client/index.html), so
  // when that answer has already come (or a member signed in here last) the app's question is answered at once,
  // and a member is spared the visitor's list she would not see. Otherwise a visitor's list is asked at once,
  // beside the session's question. Which list to ask follows the session's answer at once; what is drawn, the
  // deferred `useSession()`.
  const sessionNow = useSessionStatusNow();
  const sessionKnown = sessionNow !== 'loading';
  const signedInNow = sessionNow === 'signedIn';
  const [waitForSession] = useState(() => lastAccount() !== null || sessionPreloaded());
  const plainEvents = useGetEventsInRangeQuery(eventsWindow.range, {
    refetchOnMountOrArgChange: true,
    skip: signedInNow || (!sessionKnown && waitForSession),
  });
  const detailedEvents = useGetEventDetailsInRangeQuery(eventsWindow.range, { refetchOnMountOrArgChange: true, skip: !signedInNow });
  // Each listed event's place line names its church's address (EventPlaceLine): asked with the details.
  const churches = useGetChurchesQuery(undefined, { skip: !signedInNow });
  // Signed in, the list waits for the details and the churches: shown before them, every event would grow by a
  // line or two as they came, and the list and the calendars under it would jump on a phone (docs/performance.md).
  const events = !sessionKnown
    ? waitForSession
      ? WAITING
      : plainEvents
    : signedInNow
      ? { data: detailedEvents.isError ? undefined : detailedEvents.data, isLoading: detailedEvents.isLoading || churches.isLoading }
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
  const openDay = useCallback((day: DayKey) => dispatch(modalOpened({ modal: 'dayEvents', day })), [dispatch]);
  const openDetails = useCallback((event: Event) => dispatch(modalOpened({ modal: 'eventDetails', eventId: event.id })), [dispatch]);
  const openFromLeaderView = useCallback(
    (event: Event) => dispatch(modalOpened({ modal: leaderViewOpens, eventId: event.id })),
    [dispatch, leaderViewOpens],
  );
  const isLeaderView = shownTab === 'leaderView';
  // The answers come through the store, whose updates render at once in one task: the list and the calendars
  // see them in a deferred render instead, which yields (docs/performance.md).
  const eventsData = useDeferredValue(events.data);
  const eventsLoading = useDeferredValue(events.isLoading);

  // The shown panel's content changes only with that panel and what it shows: a click on a tab re-renders the
  // tabs and the panels' frames at once (its answer to the click), and the new content later, in the deferred render.
  const content = useMemo(() => {
    if (!showPanel) return null;
    const signedIn: Pick<EventsPanel, 'onShowMonth' | 'compactList'> = canNavigate
      ? { onShowMonth: (month) => dispatch(shownMonthChanged(month)), compactList: true }
      : {};
    return shownTab === 'leaderView' ? (
      renderLeaderView({ eventsWindow, onEventSelect: openFromLeaderView, onDaySelect: openDay, ...signedIn })
    ) : shownTab === 'myEvents' && renderMyEvents ? (
      renderMyEvents({ eventsWindow, onEventSelect: openDetails, onDaySelect: openDay, ...signedIn })
    ) : (
      <EventsBoard
        heading="Próximos eventos"
        events={eventsData}
        isLoading={eventsLoading}
        eventsWindow={eventsWindow}
        onEventSelect={openDetails}
        onDaySelect={openDay}
        {...signedIn}
      />
    );
  }, [
    canNavigate,
    dispatch,
    eventsData,
    eventsLoading,
    eventsWindow,
    openDay,
    openDetails,
    openFromLeaderView,
    renderLeaderView,
    renderMyEvents,
    showPanel,
    shownTab,
  ]);

  return (
    <div className="events-page">
      <div className="events-page__header">
        <h1 className="events-page__title">Eventos</h1>
        <p className="events-page__lead">A agenda da rede neste mês e no próximo.</p>
      </div>
      {canNavigate ? <CreatedOutsideNotice /> : null}
      <EventsTabs selected={tab} onSelect={(next) => dispatch(tabSelected(next))} tabId={tabId} panelId={panelId} onIntent={onTabIntent} />
      {EVENTS_TABS.map((name) => (
        // The chosen tab's panel is shown at once; until its content is drawn it holds a screen's height, so
        // what follows the panels does not jump up and back down.
        <div
          key={name}
          role="tabpanel"
          id={panelId(name)}
          aria-labelledby={tabId(name)}
          hidden={name !== tab}
          aria-busy={name === tab && name !== shownTab ? true : undefined}
          className="events-page__panel"
        >
          {name === shownTab ? content : name === tab ? <div className="events-page__pending" /> : null}
        </div>
      ))}
      {/* Below the panels: fetched and drawn once the list is there, not beside it (docs/performance.md). */}
      {canNavigate && showPanel && eventsData !== undefined ? (
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
