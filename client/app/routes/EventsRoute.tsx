import { lazy } from 'react';
import type { MyEvent } from '../../../shared/schemas/escalas.ts';
import { AllocationModal } from '../../features/escalas/AllocationModal.tsx';
import { LeaderView, leaderViewAccess, type LeaderBoardParts, type LeaderViewAccess } from '../../features/escalas/LeaderView.tsx';
import { MyEvents } from '../../features/escalas/MyEvents.tsx';
import { EventsBoard } from '../../features/events/EventsBoard.tsx';
import { EventsPage, type EventsPanel } from '../../features/events/EventsPage.tsx';
import { selectCachedEvent, useGetEventsInRangeQuery } from '../../features/events/eventsApi.ts';
import { modalClosed, selectAllocationEventId } from '../../features/events/eventsSlice.ts';
import { useSession, type Session } from '../../kit/session/useSession.ts';
import { useAppDispatch, useAppSelector } from '../hooks.ts';

/** Leaders and admins only, so not in the first download. */
const LeaderSchedulePanel = lazy(() => import('./LeaderSchedulePanel.tsx').then((module) => ({ default: module.LeaderSchedulePanel })));

/**
 * /events: the events page, with the escalas' screens in its My Events and Leader View tabs and the allocation
 * modal. A visitor sees the specification's page: the full list under My Events, the allocation modal on a
 * click in Leader View. A member sees where they serve, and the details from Leader View.
 */
export function EventsRoute() {
  const session = useSession();
  const access = leaderViewAccess(session);
  return (
    <EventsPage
      renderMyEvents={session.status === 'anonymous' ? undefined : (panel) => <MyEventsPanel session={session} {...panel} />}
      renderLeaderView={(panel) => <LeaderViewPanel access={access} {...panel} />}
      leaderViewOpens={access === 'member' ? 'eventDetails' : 'allocation'}
    >
      <PageAllocationModal />
    </EventsPage>
  );
}

function MyEventsPanel({ session, ...panel }: EventsPanel & { session: Session }) {
  return <MyEvents session={session} renderBoard={(parts) => <EventsBoard<MyEvent> {...panel} {...parts} />} />;
}

/** Leader View: its own subscription, so opening the tab asks for the events again. */
function LeaderViewPanel({ access, ...panel }: EventsPanel & { access: LeaderViewAccess }) {
  const events = useGetEventsInRangeQuery(panel.eventsWindow.range, { refetchOnMountOrArgChange: true });
  const renderBoard = ({ isLoading = false, ...parts }: LeaderBoardParts) => (
    <EventsBoard {...panel} {...parts} events={events.data} isLoading={isLoading || events.isLoading || access === 'loading'} />
  );
  return (
    <LeaderView
      access={access}
      renderBoard={renderBoard}
      leaderSchedule={<LeaderSchedulePanel range={panel.eventsWindow.range} renderBoard={renderBoard} />}
    />
  );
}

/** The allocation modal of the event the page's state names, as the API cache holds it. */
function PageAllocationModal() {
  const eventId = useAppSelector(selectAllocationEventId);
  const event = useAppSelector((state) => (eventId === null ? undefined : selectCachedEvent(state, eventId)));
  const dispatch = useAppDispatch();
  return <AllocationModal event={event} onClose={() => dispatch(modalClosed('allocation'))} />;
}
