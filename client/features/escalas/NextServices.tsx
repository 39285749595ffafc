import { useId, useState } from 'react';
import { Link } from 'react-router';
import { usePublicConfig } from '../../app/publicConfig.ts';
import { eventName } from '../../kit/eventName.ts';
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
  const { timeZone } = usePublicConfig();
  const headingId = useId();
  const services = useGetMyServicesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [now] = useState(() => Date.now());
  const ahead = (services.data ?? []).filter((service) => service.status !== 'declined' && Date.parse(service.datetime) > now);
  const owed = ahead.filter((service) => service.status === 'pending').length;

  return (
    <section className="services-summary" aria-labelledby={headingId} aria-busy={services.isLoading}>
      <h2 id={headingId} className="services-summary__title">
        Suas próximas escalas
      </h2>
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
          <ul className="services-summary__list" aria-labelledby={headingId}>
            {ahead.slice(0, NEXT_SERVICES_SHOWN).map((service) => (
              <li key={service.allocation_id} className="services-summary__item">
                <span className="services-summary__event">
                  <strong>{eventName(service)}</strong> — {eventDateTime(service, timeZone)}{' '}
                  <span className="services-summary__department">{service.department.name}</span>
                </span>
                <MyService service={service} memberId={memberId} />
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="services-summary__links">
        <Link to="/events">Ver todos os eventos</Link>
        <Link to="/disponibilidade">Minha disponibilidade</Link>
      </p>
    </section>
  );
}
