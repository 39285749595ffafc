import { useRef, useState } from 'react';
import { addMonths, firstDayOfMonth, type DayKey } from '../../../shared/days.ts';
import { formatMonthHeading } from '../../../shared/formats.ts';
import type { EventsWindow } from './useEventsWindow.ts';

export interface MonthNavigationProps {
  eventsWindow: EventsWindow;
  /** Show the month of `month` and the next; null: the current month again. */
  onShow: (month: DayKey | null) => void;
}

/**
 * Signed in only: `Mês anterior`, `Próximo mês` and, away from the current month, `Mês atual`. The months now shown are
 * announced (a polite live region) once the user has moved.
 */
export function MonthNavigation({ eventsWindow, onShow }: MonthNavigationProps) {
  const [first, second] = eventsWindow.months;
  const [moved, setMoved] = useState(false);
  const previous = useRef<HTMLButtonElement>(null);
  const show = (month: DayKey | null) => {
    setMoved(true);
    onShow(month);
  };
  const awayFromToday = first !== firstDayOfMonth(eventsWindow.today);

  return (
    <nav className="month-nav" aria-label="Meses do calendário">
      <button ref={previous} type="button" className="month-nav__button" onClick={() => show(addMonths(first, -1))}>
        <span aria-hidden="true">‹ </span>Mês anterior
      </button>
      {awayFromToday ? (
        <button
          type="button"
          className="month-nav__button"
          onClick={() => {
            show(null);
            // This button goes away with the months it brings back: the focus stays in the navigation.
            previous.current?.focus();
          }}
        >
          Mês atual
        </button>
      ) : null}
      <button type="button" className="month-nav__button" onClick={() => show(addMonths(first, 1))}>
        Próximo mês<span aria-hidden="true"> ›</span>
      </button>
      <p className="visually-hidden" aria-live="polite">
        {moved ? `Calendário: ${formatMonthHeading(first)} e ${formatMonthHeading(second)}` : ''}
      </p>
    </nav>
  );
}
