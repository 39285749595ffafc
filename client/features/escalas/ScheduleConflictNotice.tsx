import { forwardRef } from 'react';
import type { ScheduleConflict } from '../../../shared/schemas/escalas.ts';
import { eventName } from '../../kit/eventName.ts';
import { eventDateTime } from '../../kit/eventTime.ts';

export interface ScheduleConflictNoticeProps {
  /** The API's message: `Ana Souza já serve em outro evento a menos de 3 horas deste.` */
  message: string;
  conflicts: readonly ScheduleConflict[];
  timeZone: string;
}

/** Names each clashing event (type, long medium date-time) and the department the member serves there. */
export const ScheduleConflictNotice = forwardRef<HTMLDivElement, ScheduleConflictNoticeProps>(function ScheduleConflictNotice(
  { message, conflicts, timeZone },
  ref,
) {
  return (
    <div ref={ref} className="allocation-form__error allocation-form__error--conflict" role="alert" tabIndex={-1}>
      <p className="allocation-form__error-title">Conflito de escala</p>
      <p>{message}</p>
      <ul className="allocation-form__conflicts">
        {conflicts.map(({ event, department }) => (
          <li key={`${event.id}-${department.id}`}>
            <strong>{eventName(event)}</strong> — {eventDateTime(event, timeZone)} ({department.name})
          </li>
        ))}
      </ul>
    </div>
  );
});
