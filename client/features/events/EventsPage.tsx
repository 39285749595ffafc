import { useDeferredValue, useEffect, useId } from 'react';
import type { DayKey } from '../../../shared/dayKey.ts';
import type { Event } from '../../../shared/schemas/events.ts';
import type { MyEvent } from '../../../shared/schemas/escalas.ts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { useMyEvents } from '../escalas/useMyEvents.ts';
import { useSession, type Session } from '../session/useSession.ts';
import { AllocationModal } from './AllocationModal.tsx';
import { DayEventsModal } from './DayEventsModal.tsx';
import { EventDetailsModal } from './EventDetailsModal.tsx';
import { EventsBoard } from './EventsBoard.tsx';
import { EventsTabs } from './EventsTabs.tsx';
import { LeaderView, type LeaderViewAccess } from './LeaderView.tsx';
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
import { useEventsWindow, type EventsWindow } from './useEventsWindow.ts';
import './EventsPage.css';

function leaderViewAccess(session: Session): LeaderViewAccess {
  if (session.status !== 'signedIn') return session.status;
  return session.canAllocate ? 'leader' : 'member';
}

/**
 * /events: three tabs over the current and next month. Next Events shows the full list. My Events shows the
 * same full list to a visitor and the events a signed-in member serves at to them. Leader View opens the
 * allocation modal instead of the details (for a visitor, a leader or an admin; a member sees the details).
 */
export function EventsPage() {
  useDocumentTitle('Eventos');
  const eventsWindow = useEventsWindow();
  const tab = useAppSelector(selectEventsTab);
  const dispatch = useAppDispatch();
  const idPrefix = useId();
  const session = useSession();
  const access = leaderViewAccess(session);
  // Asked on every arrival on the page.
  const events = useGetEventsInRangeQuery(eventsWindow.range, { refetchOnMountOrArgChange: true });
  // The page's header and tabs are painted first; the list and the two calendars (most of the page's
  // render work) follow in a background render that yields to the browser. On a slow phone the page shows
  // about a third of a second sooner, and no long task blocks it meanwhile.
  const showPanel = useDeferredValue(true, false);

  useEffect(() => () => void dispatch(eventsModalsClosed()), [dispatch]);

  const tabId = (name: EventsTab) => `${idPrefix}-tab-${name}`;
  const panelId = (name: EventsTab) => `${idPrefix}-panel-${name}`;
  const openDay = (day: DayKey) => dispatch(dayEventsOpened(day));
  const openDetails = (event: Event) => dispatch(eventDetailsOpened(event.id));
  const openAllocation = (event: Event) => dispatch(allocationOpened(event));
  const isLeaderView = tab === 'leaderView';
  const openFromLeaderView = access === 'member' ? openDetails : openAllocation;

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
          {name !== tab || !showPanel ? null : name === 'leaderView' ? (
            <LeaderView access={access} eventsWindow={eventsWindow} onEventSelect={openFromLeaderView} onDaySelect={openDay} />
          ) : name === 'myEvents' && session.status !== 'anonymous' ? (
            <MyEventsBoard
              session={session}
              eventsWindow={eventsWindow}
              onEventSelect={openDetails}
              onDaySelect={openDay}
            />
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
      <DayEventsModal onEventSelect={isLeaderView ? openFromLeaderView : openDetails} />
      <EventDetailsModal />
      <AllocationModal />
    </div>
  );
}

interface MyEventsBoardProps {
  session: Session;
  eventsWindow: EventsWindow;
  onEventSelect: (event: Event) => void;
  onDaySelect: (day: DayKey) => void;
}

/** My Events of a signed-in member: only where they serve, with the department; their days highlighted. */
function MyEventsBoard({ session, eventsWindow, onEventSelect, onDaySelect }: MyEventsBoardProps) {
  const myEvents = useMyEvents({ skip: session.status !== 'signedIn' });
  return (
    <EventsBoard<MyEvent>
      heading="Minhas escalas"
      events={myEvents.data}
      isLoading={myEvents.isLoading || session.status === 'loading'}
      eventsWindow={eventsWindow}
      onEventSelect={onEventSelect}
      onDaySelect={onDaySelect}
      emptyText="Você ainda não está escalado em nenhum evento."
      eventDetail={(event) => event.department.name}
    />
  );
}
