import { flushSync } from 'react-dom';
import { firstDayOfMonth } from '../../../shared/days.ts';
import { formatDay, formatMonthHeading } from '../../../shared/formats.ts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { createdOutsideShown, selectCreatedOutside, shownMonthChanged } from './eventsSlice.ts';

/**
 * Signed in: an event just created outside the two months shown says where it went (`Evento criado para 7 de
 * março de 2027 — fora dos meses mostrados.`) and offers `Ir para março de 2027`, which moves the calendars there
 * and puts the focus on that day.
 */
export function CreatedOutsideNotice() {
  const day = useAppSelector(selectCreatedOutside);
  const dispatch = useAppDispatch();
  // The live region is always there, so what appears in it is announced.
  if (day === null) return <div role="status" />;
  const month = firstDayOfMonth(day);
  const goThere = () => {
    flushSync(() => dispatch(shownMonthChanged(month)));
    document.querySelector<HTMLButtonElement>(`[role="tabpanel"]:not([hidden]) button.calendar__day[data-day="${day}"]`)?.focus();
  };
  return (
    <div className="created-outside" role="status">
      <p className="created-outside__text">Evento criado para {formatDay(day)} — fora dos meses mostrados.</p>
      <div className="created-outside__actions">
        <button type="button" className="button button--primary" onClick={goThere}>
          Ir para {formatMonthHeading(month)}
        </button>
        <button type="button" className="button button--secondary" onClick={() => dispatch(createdOutsideShown(null))}>
          Fechar aviso
        </button>
      </div>
    </div>
  );
}
