import { lazy, Suspense } from 'react';
import type { DayKey } from '../../../shared/dayKey.ts';
import type { Event } from '../../../shared/schemas/events.ts';
import { EventsBoard } from './EventsBoard.tsx';
import { useGetEventsInRangeQuery } from './eventsApi.ts';
import type { EventsWindow } from './useEventsWindow.ts';

/** Leaders and admins only, so not in the first download. */
const LeaderSchedule = lazy(() => import('./LeaderSchedule.tsx').then((module) => ({ default: module.LeaderSchedule })));

/**
 * Who is looking: a visitor (the specification's Leader View), a member (read-only), a leader or an admin
 * (allocations and event management), or not known yet.
 */
export type LeaderViewAccess = 'anonymous' | 'member' | 'leader' | 'loading';

export interface LeaderViewProps {
  access: LeaderViewAccess;
  eventsWindow: EventsWindow;
  onEventSelect: (event: Event) => void;
  onDaySelect: (day: DayKey) => void;
}

const HEADING = 'Escala de membros';

/** Leader View: its own subscription, so opening the tab asks for the events again. */
export function LeaderView({ access, eventsWindow, onEventSelect, onDaySelect }: LeaderViewProps) {
  const events = useGetEventsInRangeQuery(eventsWindow.range, { refetchOnMountOrArgChange: true });
  const board = {
    heading: HEADING,
    events: events.data,
    isLoading: events.isLoading || access === 'loading',
    eventsWindow,
    onEventSelect,
    onDaySelect,
  };

  if (access === 'leader') {
    return (
      <Suspense fallback={<EventsBoard {...board} isLoading />}>
        <LeaderSchedule {...board} />
      </Suspense>
    );
  }
  if (access === 'member') {
    return (
      <EventsBoard
        {...board}
        intro={
          <>
            <p className="events-board__intro">Escolha um evento para ver os detalhes.</p>
            <p className="events-board__note" role="note">
              Apenas líderes podem alocar membros.
            </p>
          </>
        }
      />
    );
  }
  return (
    <EventsBoard
      {...board}
      intro={<p className="events-board__intro">Escolha um evento para alocar um membro de um departamento.</p>}
    />
  );
}
