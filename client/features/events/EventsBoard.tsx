import { useId, useRef, type ReactNode } from 'react';
import type { DayKey } from '../../../shared/dayKey.ts';
import type { Event } from '../../../shared/schemas/events.ts';
import { usePublicConfig } from '../../app/publicConfig.ts';
import { countEventsByDay, upcomingEvents } from './eventDays.ts';
import { EventList } from './EventList.tsx';
import { MonthCalendar } from './MonthCalendar.tsx';
import type { EventsWindow } from './useEventsWindow.ts';

export interface EventsBoardProps<E extends Event = Event> {
  heading: string;
  intro?: ReactNode;
  /** The events of the window; undefined while loading or after a failure. */
  events: readonly E[] | undefined;
  isLoading: boolean;
  eventsWindow: EventsWindow;
  onEventSelect: (event: E) => void;
  onDaySelect: (day: DayKey) => void;
  /** Shown when no event is ahead; `Nenhum evento programado.` by default. */
  emptyText?: string;
  eventDetail?: (event: E) => ReactNode;
  eventExtras?: (event: E) => ReactNode;
}

/**
 * The list of the window's events from today on, and the two month calendars with every event day
 * highlighted. A failed load shows nothing more (the console has the error line).
 */
export function EventsBoard<E extends Event>({
  heading,
  intro,
  events,
  isLoading,
  eventsWindow,
  onEventSelect,
  onDaySelect,
  emptyText = 'Nenhum evento programado.',
  eventDetail,
  eventExtras,
}: EventsBoardProps<E>) {
  const { timeZone } = usePublicConfig();
  const headingId = useId();
  const eventCounts = countEventsByDay(events ?? [], timeZone);
  const calendars = useRef<HTMLElement>(null);
  // The arrow keys cross from one month's calendar into the other's.
  const focusShownDay = (day: DayKey) => {
    const button = calendars.current?.querySelector<HTMLButtonElement>(`button[data-day="${day}"]`);
    button?.focus();
    return button !== null && button !== undefined;
  };

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
            // upcomingEvents filters and sorts the same objects: they are still E.
            events={upcomingEvents(events, eventsWindow.today, timeZone) as E[]}
            onEventSelect={onEventSelect}
            emptyText={emptyText}
            label={heading}
            eventDetail={eventDetail}
            eventExtras={eventExtras}
          />
        ) : null}
      </section>
      <section ref={calendars} className="events-board__calendars" aria-label="Calendário">
        {eventsWindow.months.map((month) => (
          <MonthCalendar
            key={month}
            month={month}
            eventCounts={eventCounts}
            today={eventsWindow.today}
            onDaySelect={onDaySelect}
            onLeaveMonth={focusShownDay}
          />
        ))}
      </section>
    </div>
  );
}
