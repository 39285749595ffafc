import { useState } from 'react';
import { dayKeyOf, type DayKey } from '../../../shared/days.ts';
import { usePublicConfig } from '../../app/publicConfig.ts';
import { eventName } from '../../kit/eventName.ts';
import { eventDateTime, eventZoneOf } from '../../kit/eventTime.ts';
import { MyService } from './MyService.tsx';
import { useGetMyEventsQuery } from './escalasApi.ts';
import './CoveredServices.css';

export interface CoveredServicesProps {
  /** An inclusive range of network days (a blocked range). */
  from: DayKey;
  to: DayKey;
  /** Me. */
  memberId: number;
}

/**
 * My services still ahead on the days of a range I blocked, each with my answer and `Confirmar` / `Não posso`:
 * a new blockout does not undo an allocation already made, so I decline those I cannot keep.
 */
export function CoveredServices({ from, to, memberId }: CoveredServicesProps) {
  const { timeZone } = usePublicConfig();
  const myEvents = useGetMyEventsQuery();
  const [now] = useState(() => Date.now());
  if (!myEvents.data) return null;
  const covered = myEvents.data.filter((service) => {
    // A blocked day is the event's own local day (docs/product.md §12).
    const day = dayKeyOf(service.datetime, eventZoneOf(service, timeZone));
    return day >= from && day <= to && Date.parse(service.datetime) > now;
  });
  if (covered.length === 0) return <p className="covered-services__none">Nenhuma escala sua nestes dias.</p>;
  const pending = covered.filter((service) => service.status !== 'declined').length;
  return (
    <div className="covered-services">
      <p className="covered-services__lead">
        {pending === 0
          ? 'Você já recusou as escalas destes dias.'
          : `Você está escalado(a) ${pending === 1 ? 'em 1 evento' : `em ${pending} eventos`} nestes dias. Recuse os que não poderá cumprir:`}
      </p>
      <ul className="covered-services__list">
        {covered.map((service) => (
          <li key={service.allocation_id} className="covered-services__item">
            <span className="covered-services__event">
              <strong>{eventName(service)}</strong> — {eventDateTime(service, timeZone)} ({service.department.name})
            </span>
            <MyService service={service} memberId={memberId} showTeam={false} />
          </li>
        ))}
      </ul>
    </div>
  );
}
