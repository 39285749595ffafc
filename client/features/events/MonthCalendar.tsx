import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { firstDayOfMonth, lastDayOfMonth, type DayKey } from '../../../shared/days.ts';
import { formatDay, formatMonthHeading } from '../../../shared/formats.ts';
import { dayAfterKey } from './calendarKeys.ts';
import { eventCountText } from './eventDays.ts';
import { monthGrid } from './monthGrid.ts';
import './MonthCalendar.css';

const WEEKDAYS = [
  { letter: 'D', name: 'domingo' },
  { letter: 'S', name: 'segunda-feira' },
  { letter: 'T', name: 'terça-feira' },
  { letter: 'Q', name: 'quarta-feira' },
  { letter: 'Q', name: 'quinta-feira' },
  { letter: 'S', name: 'sexta-feira' },
  { letter: 'S', name: 'sábado' },
] as const;

export interface MonthCalendarProps {
  /** Any day of the month to show. */
  month: DayKey;
  /** Events per network day; days with any are highlighted. */
  eventCounts: ReadonlyMap<DayKey, number>;
  today: DayKey;
  onDaySelect: (day: DayKey) => void;
  /**
   * The arrow keys reached `day`, outside this month: focus it elsewhere (the neighbouring calendar) and return
   * true, or return false to stay on the month's first or last day.
   */
  onLeaveMonth?: (day: DayKey) => boolean;
}

/**
 * One month as a WAI-ARIA grid: a single Tab stop (the selected day, else today, else the 1st), arrow keys move
 * by a day or a week, Home and End to the week's ends, Page Up and Page Down by a month (where one is shown or
 * `onLeaveMonth` brings it), Enter and Space open the day as a click does.
 */
export function MonthCalendar({ month, eventCounts, today, onDaySelect, onLeaveMonth }: MonthCalendarProps) {
  const headingId = useId();
  const weeks = monthGrid(month);
  const first = firstDayOfMonth(month);
  const last = lastDayOfMonth(month);
  const inMonth = (day: DayKey | null): boolean => day !== null && day >= first && day <= last;
  const [chosen, setChosen] = useState<DayKey | null>(null);
  const active = chosen !== null && inMonth(chosen) ? chosen : inMonth(today) ? today : first;
  const buttons = useRef(new Map<DayKey, HTMLButtonElement>());

  const handleKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const from = (event.target as HTMLElement).dataset.day;
    if (!from) return;
    let target = dayAfterKey(from, event.key);
    if (target === undefined) return;
    event.preventDefault();
    if (!inMonth(target)) {
      const isWeekEdge = event.key === 'Home' || event.key === 'End';
      if (!isWeekEdge && onLeaveMonth?.(target)) return;
      // A page key with no month to go to stays put; the others stop at the month's first or last day.
      if (event.key === 'PageUp' || event.key === 'PageDown') return;
      target = target < first ? first : last;
    }
    setChosen(target);
    buttons.current.get(target)?.focus();
  };

  return (
    <section className="calendar">
      <h3 id={headingId} className="calendar__heading">
        {formatMonthHeading(month)}
      </h3>
      <table role="grid" className="calendar__grid" aria-labelledby={headingId} onKeyDown={handleKeyDown}>
        <thead>
          <tr>
            {WEEKDAYS.map(({ letter, name }) => (
              <th key={name} scope="col" className="calendar__weekday">
                <abbr title={name}>{letter}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, row) => (
            <tr key={row}>
              {week.map((day, column) => {
                if (day === null) return <td key={column} role="gridcell" className="calendar__blank" />;
                const count = eventCounts.get(day) ?? 0;
                return (
                  <td key={column} role="gridcell">
                    <button
                      ref={(element) => {
                        if (element) buttons.current.set(day, element);
                        else buttons.current.delete(day);
                      }}
                      type="button"
                      className="calendar__day"
                      data-day={day}
                      data-has-events={count > 0 ? 'true' : 'false'}
                      tabIndex={day === active ? 0 : -1}
                      aria-current={day === today ? 'date' : undefined}
                      aria-label={count > 0 ? `${formatDay(day)}, ${eventCountText(count)}` : formatDay(day)}
                      onFocus={() => setChosen(day)}
                      onClick={() => onDaySelect(day)}
                    >
                      {Number(day.slice(8))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
