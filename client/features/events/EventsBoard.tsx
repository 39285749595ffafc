import { useDeferredValue, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { addMonths, firstDayOfMonth, type DayKey } from '../../../shared/days.ts';
import type { Event } from '../../../shared/schemas/events.ts';
import { api } from '../../app/api.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { usePublicConfig } from '../../app/publicConfig.ts';
import { LoadFailed } from '../../kit/LoadFailed.tsx';
import { useSession } from '../../kit/session/useSession.ts';
import { countEventsByDay, upcomingEvents } from './eventDays.ts';
import { EventList } from './EventList.tsx';
import { MonthCalendar } from './MonthCalendar.tsx';
import { MonthNavigation } from './MonthNavigation.tsx';
import { holdsToday } from './shownWindow.ts';
import type { EventsWindow } from './useEventsWindow.ts';

/** On a phone, a signed-in board shows this many events until the user asks for all. */
export const COMPACT_LIST_LENGTH = 3;

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
  /** Signed in: the calendars move to other months (`Mês anterior`, `Próximo mês`). A visitor has none. */
  onShowMonth?: (month: DayKey | null) => void;
  /**
   * Signed in: on a narrow screen the list shows its first events and a `Ver todos os eventos` button, so the
   * calendars under it are within reach; before the list, `Ir para o calendário` (seen when it has the focus)
   * takes the keyboard there. A visitor keeps the specification's full list.
   */
  compactList?: boolean;
}

/**
 * The list of the window's events from today on (all of them when the window is another one), and the two
 * month calendars with every event day highlighted. A failed load shows a visitor nothing more (the console has
 * the error line, spec §8); a signed-in user is told, with `Tentar de novo` (not an empty list).
 */
export function EventsBoard<E extends Event>({
  heading,
  intro,
  events: arrivedEvents,
  isLoading: arrivedLoading,
  eventsWindow,
  onEventSelect,
  onDaySelect,
  emptyText = 'Nenhum evento programado.',
  eventDetail,
  eventExtras,
  onShowMonth,
  compactList = false,
}: EventsBoardProps<E>) {
  const { timeZone } = usePublicConfig();
  // Answers reach the page through the store, whose updates render at once, in one task. Drawing the list and
  // the highlighted calendars is most of the page's work: deferred, it happens in a render that yields to the
  // browser every few milliseconds, so a slow phone stays responsive while the events appear.
  const { events, isLoading } = useDeferredValue(
    useMemo(() => ({ events: arrivedEvents, isLoading: arrivedLoading }), [arrivedEvents, arrivedLoading]),
  );
  const headingId = useId();
  const eventCounts = countEventsByDay(events ?? [], timeZone);
  const calendars = useRef<HTMLElement>(null);
  const [listOpen, setListOpen] = useState(false);
  // The arrow and page keys cross from one month's calendar into the other's; signed in, past the two months
  // they move the calendars there.
  const focusShownDay = (day: DayKey) => {
    const shown = () => calendars.current?.querySelector<HTMLButtonElement>(`button[data-day="${day}"]`) ?? null;
    if (!shown() && onShowMonth) {
      const month = firstDayOfMonth(day);
      flushSync(() => onShowMonth(month > eventsWindow.months[1] ? addMonths(month, -1) : month));
    }
    const button = shown();
    button?.focus();
    return button !== null;
  };
  // Today's window lists what is ahead; another window (signed in) lists all its events.
  const listed = events
    ? (upcomingEvents(events, holdsToday(eventsWindow) ? eventsWindow.today : eventsWindow.range.from, timeZone) as E[])
    : undefined;
  const collapsible = compactList && listed !== undefined && listed.length > COMPACT_LIST_LENGTH;
  const signedIn = useSession().status === 'signedIn';
  const dispatch = useAppDispatch();
  // The lists' answers, failed ones included, carry these tags: invalidating them asks the board's list again.
  const retry = () => void dispatch(api.util.invalidateTags([{ type: 'Event', id: 'LIST' }, 'MyEvent']));
  const collapsed = collapsible && !listOpen;

  // Signed in, the list can hold many stops (a leader's actions and escalas): one Tab reaches the calendars.
  const skipToCalendar = () => calendars.current?.querySelector<HTMLButtonElement>('button.calendar__day[tabindex="0"]')?.focus();

  return (
    <div className="events-board">
      {compactList ? (
        <button type="button" className="events-board__skip" onClick={skipToCalendar}>
          Ir para o calendário
        </button>
      ) : null}
      <section
        className={collapsed ? 'events-board__list events-board__list--collapsed' : 'events-board__list'}
        aria-labelledby={headingId}
        aria-busy={isLoading}
      >
        <h2 id={headingId} className="events-board__heading">
          {heading}
        </h2>
        {intro}
        {isLoading ? (
          <p className="events-board__status">Carregando eventos…</p>
        ) : listed ? (
          <EventList
            // upcomingEvents filters and sorts the same objects: they are still E.
            events={listed}
            onEventSelect={onEventSelect}
            emptyText={emptyText}
            label={heading}
            eventDetail={eventDetail}
            eventExtras={eventExtras}
          />
        ) : signedIn ? (
          <LoadFailed message="Não foi possível carregar os eventos." onRetry={retry} />
        ) : null}
        {collapsible && !isLoading ? (
          <button
            type="button"
            className="button button--secondary events-board__more"
            aria-expanded={listOpen}
            onClick={() => setListOpen((open) => !open)}
          >
            {listOpen ? 'Ver menos eventos' : `Ver todos os eventos (${listed.length})`}
          </button>
        ) : null}
      </section>
      <section ref={calendars} className="events-board__calendars" aria-label="Calendário">
        {onShowMonth ? <MonthNavigation eventsWindow={eventsWindow} onShow={onShowMonth} /> : null}
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
