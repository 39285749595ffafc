import { lazy, Suspense, useMemo, useSyncExternalStore } from 'react';
import { RESPONSE_LINK_PARAM } from '../../../shared/responseLink.ts';
import type { MyEvent } from '../../../shared/schemas/escalas.ts';
import { AllocationModal } from '../../features/escalas/AllocationModal.tsx';
import { LeaderView, leaderViewAccess, type LeaderBoardParts, type LeaderViewAccess } from '../../features/escalas/LeaderView.tsx';
import { EventsBoard } from '../../features/events/EventsBoard.tsx';
import { EventsPage, type EventsPanel } from '../../features/events/EventsPage.tsx';
import { eventsApi, selectCachedEvent, useGetEventDetailsInRangeQuery, useGetEventsInRangeQuery } from '../../features/events/eventsApi.ts';
import { modalClosed, selectAllocationEventId, type EventsTab } from '../../features/events/eventsSlice.ts';
import { useSession, type Session } from '../../kit/session/useSession.ts';
import { useTokenFromAddress } from '../../kit/useTokenFromAddress.ts';
import { useAppDispatch, useAppSelector } from '../hooks.ts';
import { lazyPage } from '../lazyPage.ts';

/** Signed-in members only, so not in the first download: My Events with its cover requests (docs/product.md §10). */
const MyEvents = lazyPage(() => import('./MyEventsWithCover.tsx').then((module) => module.MyEventsWithCover));

/** Opened only from an e-mailed answer link, so not in the first download. */
const ResponseLinkDialog = lazy(() =>
  import('../../features/escalas/ResponseLinkDialog.tsx').then((module) => ({ default: module.ResponseLinkDialog })),
);

/** Leaders and admins only, so not in the first download. */
const LeaderSchedulePanel = lazy(() => import('./LeaderSchedulePanel.tsx').then((module) => ({ default: module.LeaderSchedulePanel })));

/**
 * /events: the events page, with the escalas' screens in its My Events and Leader View tabs and the allocation
 * modal. A visitor sees the specification's page: the full list under My Events, the allocation modal on a
 * click in Leader View. A member sees where they serve, and the details from Leader View. An e-mailed answer
 * link (`/events?resposta=<token>`) adds the dialog that asks before answering, signed in or not.
 */
export function EventsRoute() {
  const session = useSession();
  const access = leaderViewAccess(session);
  return (
    <EventsPage
      renderMyEvents={session.status === 'anonymous' ? undefined : (panel) => <MyEventsPanel session={session} {...panel} />}
      renderLeaderView={(panel) => <LeaderViewPanel access={access} {...panel} />}
      leaderViewOpens={access === 'member' ? 'eventDetails' : 'allocation'}
      onTabIntent={session.status === 'signedIn' ? preloadTab : undefined}
    >
      <PageAllocationModal />
      <ResponseLinkFromUrl />
    </EventsPage>
  );
}

function MyEventsPanel({ session, ...panel }: EventsPanel & { session: Session }) {
  return (
    // Until the module has come, the panel holds a screen's height: what follows it does not jump up and down.
    <Suspense fallback={<div className="events-page__pending" />}>
      <MyEvents session={session} renderBoard={(parts) => <EventsBoard<MyEvent> {...panel} {...parts} />} />
    </Suspense>
  );
}

/**
 * Signed in, My Events' module is fetched when its tab is about to be chosen (pointed at, pressed, focused): not
 * with the page, whose start it would slow on a phone, nor only on the click (docs/performance.md).
 */
function preloadTab(tab: EventsTab): void {
  if (tab === 'myEvents') void MyEvents.preload().catch(() => undefined);
}

/**
 * Leader View: its own subscription, so opening the tab asks for the events again. Signed in, read with their details
 * for their zones (each time at its church's clock, docs/product.md §12); a visitor's is the specification's call.
 */
function LeaderViewPanel({ access, ...panel }: EventsPanel & { access: LeaderViewAccess }) {
  const signedIn = access === 'member' || access === 'leader';
  const plain = useGetEventsInRangeQuery(panel.eventsWindow.range, { refetchOnMountOrArgChange: true, skip: signedIn });
  const detailed = useGetEventDetailsInRangeQuery(panel.eventsWindow.range, { refetchOnMountOrArgChange: true, skip: !signedIn });
  // While the details come, the list the page asked before the session was known (if any) stays shown, as in EventsPage.
  const askedBefore = useAppSelector((state) => eventsApi.endpoints.getEventsInRange.select(panel.eventsWindow.range)(state).data);
  // Only the zone is taken from the details: Leader View's items stay as short as before (the calendars within reach on a phone).
  const zoned = useMemo(() => detailed.data?.map(({ id, datetime, event_types, timezone }) => ({ id, datetime, event_types, timezone })), [detailed.data]);
  const events = signedIn ? { data: detailed.isError ? undefined : (zoned ?? askedBefore), isLoading: detailed.isLoading && askedBefore === undefined } : plain;
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

const NO_CHANGES = () => () => {};

/**
 * The answer dialog of `?resposta=<token>`, opened once the page has started: the build pre-renders /events
 * without it, and a hydration's first render must match that (it reads the server snapshot, false). The token
 * leaves the address as soon as it is read (kit/useTokenFromAddress.ts); closing the dialog forgets it.
 */
function ResponseLinkFromUrl() {
  const started = useSyncExternalStore(NO_CHANGES, () => true, () => false);
  const [token, forget] = useTokenFromAddress(RESPONSE_LINK_PARAM, started);
  if (!started || !token) return null;
  return (
    <Suspense fallback={null}>
      <ResponseLinkDialog token={token} onClose={forget} />
    </Suspense>
  );
}
