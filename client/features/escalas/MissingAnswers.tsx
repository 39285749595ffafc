import { useId, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Allocation } from '../../../shared/schemas/escalas.ts';
import type { Event } from '../../../shared/schemas/events.ts';
import { usePublicConfig } from '../../app/publicConfig.ts';
import { eventName } from '../../kit/eventName.ts';
import { eventDateTime } from '../../kit/eventTime.ts';
import { answersSummary } from './allocationStatus.ts';
import type { AllocationRange } from './escalasApi.ts';
import { useGetAnswersInRangeQuery } from './summaryApi.ts';
import { useRefetchWhenSeen } from './useLiveRefresh.ts';
import './HomeSummaries.css';

export interface MissingAnswersProps {
  /** The days looked at (from today on). */
  range: AllocationRange;
  /** The events of those days (the events page's reads), for their names and times; undefined while loading. */
  events: readonly Event[] | undefined;
  /** How the range is said: `nos próximos 60 dias`. */
  rangeText: string;
  /** Under an event with answers still missing: "Lembrar quem não respondeu" (docs/product.md §10). */
  renderPendingAction?: (event: Event, label: string) => ReactNode;
}

interface EventAnswers {
  event: Event;
  allocations: Allocation[];
}

/**
 * A leader's home page (docs/product.md §1): the events ahead whose escala still has answers missing (pending) or
 * declines, with who has not answered and who declined, and why.
 */
export function MissingAnswers({ range, events, rangeText, renderPendingAction }: MissingAnswersProps) {
  const { timeZone } = usePublicConfig();
  const headingId = useId();
  const answers = useGetAnswersInRangeQuery(range, { refetchOnMountOrArgChange: true });
  useRefetchWhenSeen(answers.refetch);
  const [now] = useState(() => Date.now());

  const open = useMemo<EventAnswers[]>(() => {
    if (!answers.data || !events) return [];
    return events
      .filter((event) => Date.parse(event.datetime) > now)
      .map((event) => ({ event, allocations: answers.data!.filter((allocation) => allocation.event_id === event.id) }))
      .filter(({ allocations }) => allocations.some((allocation) => allocation.status !== 'confirmed'));
  }, [answers.data, events, now]);

  const loading = answers.isLoading || events === undefined;
  return (
    <section className="services-summary" aria-labelledby={headingId} aria-busy={loading}>
      <h2 id={headingId} className="services-summary__title">
        Respostas que faltam nas escalas
      </h2>
      {answers.isError ? (
        <p className="services-summary__status services-summary__status--error" role="alert">
          Não foi possível carregar as escalas.
        </p>
      ) : loading ? (
        <p className="services-summary__status">Carregando as escalas…</p>
      ) : open.length === 0 ? (
        <p className="services-summary__status">Todas as escalas {rangeText} estão confirmadas.</p>
      ) : (
        <ul className="services-summary__list" aria-labelledby={headingId}>
          {open.map(({ event, allocations }) => {
            const pending = allocations.filter((allocation) => allocation.status === 'pending');
            const declined = allocations.filter((allocation) => allocation.status === 'declined');
            return (
              <li key={event.id} className="services-summary__item" data-event-id={event.id}>
                <span className="services-summary__event">
                  <strong>{eventName(event)}</strong> — {eventDateTime(event, timeZone)}
                </span>
                <span className="services-summary__count">{answersSummary(allocations)}</span>
                {pending.length > 0 ? (
                  <p className="services-summary__people">
                    Aguardando resposta: {pending.map((allocation) => `${allocation.member.name} (${allocation.department.name})`).join(', ')}
                  </p>
                ) : null}
                {pending.length > 0 ? renderPendingAction?.(event, `${eventName(event)}, ${eventDateTime(event, timeZone)}`) : null}
                {declined.length > 0 ? (
                  <ul className="services-summary__declines" aria-label={`Recusas: ${eventName(event)}`}>
                    {declined.map((allocation) => (
                      <li key={allocation.id}>
                        Recusou: {allocation.member.name} ({allocation.department.name})
                        {allocation.reason ? ` — Motivo: ${allocation.reason}` : ''}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {/* Drawn with the list, not above it while it loads (docs/performance.md). */}
      {loading ? null : (
        <p className="services-summary__links">
          <Link to="/events">Abrir as escalas em Eventos</Link>
        </p>
      )}
    </section>
  );
}
