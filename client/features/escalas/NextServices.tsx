import { memo, useDeferredValue, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { usePublicConfig } from '../../app/publicConfig.ts';
import type { MyEvent } from '../../../shared/schemas/escalas.ts';
import { placeText } from '../../../shared/serviceText.ts';
import { eventName } from '../../kit/eventName.ts';
import { useFocusAfterRemoval } from '../../kit/useFocusAfterRemoval.ts';
import { eventDateTime } from '../../kit/eventTime.ts';
import { MyService } from './MyService.tsx';
import { useGetMyServicesQuery } from './summaryApi.ts';
import './HomeSummaries.css';

/** How many of my next services the home page lists. */
export const NEXT_SERVICES_SHOWN = 5;

export interface NextServicesProps {
  /** Me. */
  memberId: number;
}

/**
 * The home page's "my next services" (docs/product.md §1): the services ahead that I have not declined, soonest first,
 * with how many answers I still owe and `Confirmar` / `Não posso` on each.
 */
export function NextServices({ memberId }: NextServicesProps) {
  // The answer is drawn in a deferred render, which yields: the store's update re-renders this component alone
  // (docs/performance.md).
  const services = useDeferredValue(useGetMyServicesQuery(undefined, { refetchOnMountOrArgChange: true }));
  return <NextServicesList memberId={memberId} services={services} />;
}

const NextServicesList = memo(function NextServicesList({ memberId, services }: NextServicesProps & { services: { data?: MyEvent[]; isLoading: boolean; isError: boolean } }) {
  const { timeZone } = usePublicConfig();
  const headingId = useId();
  const [now] = useState(() => Date.now());
  const ahead = (services.data ?? []).filter((service) => service.status !== 'declined' && Date.parse(service.datetime) > now);
  const owed = ahead.filter((service) => service.status === 'pending').length;
  const shown = ahead.slice(0, NEXT_SERVICES_SHOWN);
  const shownKeys = shown.map((service) => service.allocation_id);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Declined, a service leaves the list: the focus goes to the next one, not to the top of the page (issue 21, item 8).
  const { listRef, onFocus, left } = useFocusAfterRemoval<HTMLUListElement>(shownKeys, headingRef);
  const declined = services.data?.find((service) => service.allocation_id === left && service.status === 'declined');

  return (
    <section className="services-summary" aria-labelledby={headingId} aria-busy={services.isLoading}>
      <h2 id={headingId} ref={headingRef} className="services-summary__title" tabIndex={-1}>
        Suas próximas escalas
      </h2>
      <p className="visually-hidden" role="status">
        {declined ? `Você recusou ${eventName(declined)}; ela saiu desta lista.` : ''}
      </p>
      {services.isLoading ? (
        <p className="services-summary__status">Carregando suas escalas…</p>
      ) : services.isError || !services.data ? (
        <p className="services-summary__status services-summary__status--error" role="alert">
          Não foi possível carregar suas escalas.
        </p>
      ) : ahead.length === 0 ? (
        <p className="services-summary__status">Você não tem escalas pela frente.</p>
      ) : (
        <>
          <p className="services-summary__lead">
            {owed === 0
              ? 'Todas as suas escalas estão respondidas.'
              : owed === 1
                ? 'Falta 1 resposta sua.'
                : `Faltam ${owed} respostas suas.`}
          </p>
          <ul ref={listRef} className="services-summary__list" aria-labelledby={headingId} onFocus={onFocus}>
            {shown.map((service) => (
              <li key={service.allocation_id} className="services-summary__item">
                <span className="services-summary__event">
                  <strong>{eventName(service)}</strong> — {eventDateTime(service, timeZone)}{' '}
                  <span className="services-summary__department">
                    {[placeText(service.department.name, service.position?.name), service.church?.name].filter(Boolean).join(' · ')}
                  </span>
                </span>
                <MyService service={service} memberId={memberId} />
              </li>
            ))}
          </ul>
        </>
      )}
      {/* Drawn with the list, not above it while it loads: the list would push them down under the reader's finger
          (docs/performance.md). */}
      {services.isLoading ? null : (
        <p className="services-summary__links">
          <Link to="/events">Ver todos os eventos</Link>
          <Link to="/disponibilidade">Minha disponibilidade</Link>
        </p>
      )}
    </section>
  );
});
