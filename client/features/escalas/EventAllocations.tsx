import { useEffect, useId, useRef, useState } from 'react';
import { formatShortDateTime } from '../../../shared/formats.ts';
import type { Allocation } from '../../../shared/schemas/escalas.ts';
import { usePublicConfig } from '../../app/publicConfig.ts';
import { portalErrorOf } from '../../kit/portalError.ts';
import { Spinner } from '../../kit/Spinner.tsx';
import { answersSummary, LEADER_STATUS_LABELS } from './allocationStatus.ts';
import { DeliveryState } from './DeliveryState.tsx';
import { useDeleteAllocationMutation } from './escalasApi.ts';
import { WhatsAppShare } from './WhatsAppShare.tsx';
import './EventAllocations.css';

export interface EventAllocationsProps {
  /** The event's allocations; undefined while the window's allocations load. */
  allocations: readonly Allocation[] | undefined;
  /** The open cover requests by allocation: since when, and whether the leaders were told (docs/product.md §10). */
  coverRequests?: ReadonlyMap<number, CoverRequestSince>;
  /** Names the event for assistive technology: `Culto, 22 de novembro de 2026 às 19:30:00`. */
  eventLabel: string;
}

/**
 * Who serves at one event (name, department and answer: pendente, confirmado, recusado with the reason), the
 * answers counted in one line, each with `Remover`, which asks to confirm before `DELETE /api/allocations/{id}`.
 * On a phone the escala is folded under its count line (`Ver escala (N)`): a full escala is a screen of its own,
 * and the calendars under the list must stay within reach.
 */
/** An open cover request as the leader reads it beside the person. */
export interface CoverRequestSince {
  created_at: string;
  escalated: boolean;
}

export function EventAllocations({ allocations, eventLabel, coverRequests }: EventAllocationsProps) {
  const [confirming, setConfirming] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [unfolded, setUnfolded] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const detailsId = useId();
  if (allocations === undefined) return null;

  const removed = (allocation: Allocation) => {
    setConfirming(null);
    setAnnouncement(`${allocation.member.name} foi removido(a) da escala.`);
    // The item is gone: keep the focus near where it was.
    container.current?.focus();
  };

  return (
    <div className="event-allocations" ref={container} tabIndex={-1}>
      {allocations.length === 0 ? (
        <p className="event-allocations__empty">Ninguém escalado ainda.</p>
      ) : (
        <>
          <p className="event-allocations__summary">{answersSummary(allocations)}</p>
          <button
            type="button"
            className="button button--secondary button--small event-allocations__fold"
            aria-expanded={unfolded}
            aria-controls={detailsId}
            onClick={() => setUnfolded((open) => !open)}
          >
            {unfolded ? 'Ocultar escala' : `Ver escala (${allocations.length})`}
          </button>
          <div
            id={detailsId}
            className={unfolded ? 'event-allocations__details' : 'event-allocations__details event-allocations__details--folded'}
          >
            <ul className="event-allocations__list" aria-label={`Escala: ${eventLabel}`}>
              {allocations.map((allocation) => (
                <AllocationItem
                  key={allocation.id}
                  allocation={allocation}
                  coverRequest={coverRequests?.get(allocation.id)}
                  confirming={confirming === allocation.id}
                  onConfirm={() => setConfirming(allocation.id)}
                  onKeep={() => setConfirming(null)}
                  onRemoved={() => removed(allocation)}
                />
              ))}
            </ul>
            <WhatsAppShare eventId={allocations[0]!.event_id} allocations={allocations} />
          </div>
        </>
      )}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </div>
  );
}

interface AllocationItemProps {
  allocation: Allocation;
  coverRequest: CoverRequestSince | undefined;
  confirming: boolean;
  onConfirm: () => void;
  onKeep: () => void;
  onRemoved: () => void;
}

function AllocationItem({ allocation, coverRequest, confirming, onConfirm, onKeep, onRemoved }: AllocationItemProps) {
  const { timeZone } = usePublicConfig();
  const [deleteAllocation, { isLoading }] = useDeleteAllocationMutation();
  const [error, setError] = useState<string | null>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(confirming);
  const { member, department } = allocation;

  useEffect(() => {
    // Into the question when it opens, back to Remover when it is dismissed.
    if (confirming && !wasConfirming.current) confirmButton.current?.focus();
    if (!confirming && wasConfirming.current && removeButton.current?.isConnected) removeButton.current.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  const remove = async () => {
    setError(null);
    const result = await deleteAllocation(allocation.id);
    if (!result.error) return onRemoved();
    const failure = portalErrorOf(result.error, 'Não foi possível remover. Tente novamente.');
    // 404: someone removed it already; the list refreshes either way.
    if (failure.status === 404) onRemoved();
    else setError(failure.message);
  };

  return (
    <li className="event-allocations__item" data-allocation-id={allocation.id}>
      <span className="event-allocations__who">
        <span className="event-allocations__member">{member.name}</span>
        <span className="event-allocations__department">
          {allocation.position ? `${department.name} · ${allocation.position.name}` : department.name}
        </span>
        <span className={`event-allocations__status event-allocations__status--${allocation.status}`}>
          {LEADER_STATUS_LABELS[allocation.status]}
        </span>
        {allocation.status === 'declined' && allocation.reason ? (
          <span className="event-allocations__reason">Motivo: {allocation.reason}</span>
        ) : null}
        {/* docs/product.md §10: who asked for cover (still serving until someone takes it), and who took a place. */}
        {allocation.cover?.status === 'open' && allocation.status !== 'covered' ? (
          <span className="event-allocations__reason">
            {coverRequest
              ? `Pediu cobertura em ${formatShortDateTime(coverRequest.created_at, timeZone)}${coverRequest.escalated ? ' · líderes avisados' : ''}`
              : 'Pediu cobertura'}
          </span>
        ) : null}
        {allocation.source === 'cover' ? <span className="event-allocations__reason">Assumiu por cobertura</span> : null}
        {allocation.source === 'signup' ? <span className="event-allocations__reason">Inscreveu-se</span> : null}
      </span>
      <DeliveryState delivery={allocation.delivery} />
      {confirming ? (
        <span className="event-allocations__confirm" role="group" aria-label={`Remover ${member.name} (${department.name})?`}>
          <span className="event-allocations__question" aria-hidden="true">
            Remover?
          </span>
          <button
            ref={confirmButton}
            type="button"
            className="button button--danger button--small"
            onClick={() => void remove()}
            disabled={isLoading}
          >
            {isLoading ? <Spinner /> : null}
            Sim, remover
          </button>
          <button type="button" className="button button--secondary button--small" onClick={onKeep} disabled={isLoading}>
            Manter
          </button>
        </span>
      ) : (
        <button
          ref={removeButton}
          type="button"
          className="button button--secondary button--small"
          aria-label={`Remover ${member.name} (${department.name})`}
          onClick={onConfirm}
        >
          Remover
        </button>
      )}
      {error ? (
        <p className="event-allocations__error" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  );
}
