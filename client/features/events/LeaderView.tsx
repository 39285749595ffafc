import type { DayKey } from '../../../shared/dayKey.ts';
import type { Event } from '../../../shared/schemas/events.ts';
import { EventsBoard } from './EventsBoard.tsx';
import { useGetEventsInRangeQuery } from './eventsApi.ts';
import type { EventsWindow } from './useEventsWindow.ts';

export interface LeaderViewProps {
  eventsWindow: EventsWindow;
  onEventSelect: (event: Event) => void;
  onDaySelect: (day: DayKey) => void;
}

/** Leader View: its own subscription, so opening the tab asks for the events again. */
export function LeaderView({ eventsWindow, onEventSelect, onDaySelect }: LeaderViewProps) {
  const events = useGetEventsInRangeQuery(eventsWindow.range, { refetchOnMountOrArgChange: true });
  return (
    <EventsBoard
      heading="Escala de membros"
      intro={<p className="events-board__intro">Escolha um evento para alocar um membro de um departamento.</p>}
      events={events.data}
      isLoading={events.isLoading}
      eventsWindow={eventsWindow}
      onEventSelect={onEventSelect}
      onDaySelect={onDaySelect}
    />
  );
}
