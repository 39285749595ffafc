import { useId } from 'react';
import type { DayKey } from '../../../shared/dayKey.ts';
import { formatDay, formatMonthHeading } from '../../../shared/formats.ts';
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
}

export function MonthCalendar({ month, eventCounts, today, onDaySelect }: MonthCalendarProps) {
  const headingId = useId();
  const weeks = monthGrid(month);
  return (
    <section className="calendar">
      <h3 id={headingId} className="calendar__heading">
        {formatMonthHeading(month)}
      </h3>
      <table className="calendar__grid" aria-labelledby={headingId}>
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
                if (day === null) return <td key={column} className="calendar__blank" />;
                const count = eventCounts.get(day) ?? 0;
                return (
                  <td key={column}>
                    <button
                      type="button"
                      className="calendar__day"
                      data-day={day}
                      data-has-events={count > 0 ? 'true' : 'false'}
                      aria-current={day === today ? 'date' : undefined}
                      aria-label={count > 0 ? `${formatDay(day)}, ${eventCountText(count)}` : formatDay(day)}
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
