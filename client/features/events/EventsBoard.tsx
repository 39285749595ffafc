import { useId, type ReactNode } from 'react';
import type { DayKey } from '../../../shared/dayKey.ts';
import type { Event } from '../../../shared/schemas/events.ts';
import { usePublicConfig } from '../../app/publicConfig.ts';
import { countEventsByDay, upcomingEvents } from './eventDays.ts';
import { EventList } from './EventList.tsx';
import { MonthCalendar } from './MonthCalendar.tsx';
import type { EventsWindow } from './useEventsWindow.ts';

export interface EventsBoardProps {
  heading: string;
  intro?: ReactNode;
  /** The events of the window; undefined while loading or after a failure. */
  events: readonly Event[] | undefined;
  isLoading: boolean;
  eventsWindow: EventsWindow;
  onEventSelect: (event: Event) => void;
  onDaySelect: (day: DayKey) => void;
}

/**
 * The list of the window's events from today on, and the two month calendars with every event day
 * highlighted. A failed load shows nothing more (the console has the error line).
 */
export function EventsBoard({ heading, intro, events, isLoading, eventsWindow, onEventSelect, onDaySelect }: EventsBoardProps) {
  const { timeZone } = usePublicConfig();
  const headingId = useId();
  const eventCounts = countEventsByDay(events ?? [], timeZone);

  return (
    <div className="events-board">
      <section className="events-board__list" aria-labelledby={headingId} aria-busy={isLoading}>
        <h2 id={headingId} className="events-board__heading">
          {heading}
        </h2>
        {intro}
        {isLoading ? (
          <p className="events-board__status">Carregando eventos…</p>
        ) : events ? (
          <EventList
            events={upcomingEvents(events, eventsWindow.today, timeZone)}
            onEventSelect={onEventSelect}
            emptyText="Nenhum evento programado."
            label={heading}
          />
        ) : null}
      </section>
      <section className="events-board__calendars" aria-label="Calendário">
        {eventsWindow.months.map((month) => (
          <MonthCalendar
            key={month}
            month={month}
            eventCounts={eventCounts}
            today={eventsWindow.today}
            onDaySelect={onDaySelect}
          />
        ))}
      </section>
    </div>
  );
}
