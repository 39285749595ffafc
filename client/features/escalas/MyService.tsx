import { useState, type ReactNode } from 'react';
import type { AllocationStatus, MyEvent } from '../../../shared/schemas/escalas.ts';
import type { AllocationAnswer } from '../../../shared/schemas/responses.ts';
import { usePublicConfig } from '../../app/publicConfig.ts';
import { eventName } from '../../kit/eventName.ts';
import { eventDateTime } from '../../kit/eventTime.ts';
import { portalErrorOf } from '../../kit/portalError.ts';
import { MY_STATUS_LABELS } from './allocationStatus.ts';
import { AnswerControls } from './AnswerControls.tsx';
import { EventTeam } from './EventTeam.tsx';
import { useAnswerAllocationMutation } from './responsesApi.ts';
import './MyService.css';

/** My answer once the event has begun: no more buttons. */
const PAST_STATUS_LABELS: Record<AllocationStatus, string> = {
  pending: 'Sem resposta',
  confirmed: 'Você confirmou',
  declined: 'Você recusou',
  covered: 'Outra pessoa assumiu seu lugar',
};

export interface MyServiceProps {
  service: MyEvent;
  /** Me (marked in who serves with me). */
  memberId: number;
  /** Who serves with me, as a disclosure; shown by default. */
  showTeam?: boolean;
  /** After my answer: what another feature offers for this service ("Pedir cobertura"). */
  extra?: ReactNode;
  /** Offered first when I decline: what another feature offers instead ("Pedir cobertura"). */
  declineAlternative?: ReactNode;
}

/** One answer of mine: `POST /api/allocations/{id}/response`, shown at once (and undone if refused). */
export function useMyAnswer(service: MyEvent) {
  const [answerAllocation, { isLoading }] = useAnswerAllocationMutation();
  const [error, setError] = useState<string | null>(null);
  const answer = async (answer: AllocationAnswer, reason: string | null): Promise<boolean> => {
    setError(null);
    const result = await answerAllocation({ allocationId: service.allocation_id, eventId: service.id, answer, reason });
    if (!result.error) return true;
    setError(portalErrorOf(result.error, 'Não foi possível enviar sua resposta. Tente novamente.').message);
    return false;
  };
  return { answer, busy: isLoading, error };
}

/**
 * Under one of my services: my answer, `Confirmar` / `Não posso` while the event is ahead, and who serves with me.
 */
export function MyService({ service, memberId, showTeam = true, extra, declineAlternative }: MyServiceProps) {
  const { timeZone } = usePublicConfig();
  const { answer, busy, error } = useMyAnswer(service);
  const [now] = useState(() => Date.now());
  const ahead = Date.parse(service.datetime) > now;
  const eventLabel = `${eventName(service)}, ${eventDateTime(service, timeZone)}`;
  const labels = ahead ? MY_STATUS_LABELS : PAST_STATUS_LABELS;
  return (
    <div className="my-service" data-allocation-id={service.allocation_id}>
      <span className={`my-service__status my-service__status--${service.status}`} aria-live="polite">
        {labels[service.status]}
      </span>
      {ahead ? (
        <AnswerControls
          status={service.status}
          label={`${eventLabel} (${service.department.name})`}
          busy={busy}
          error={error}
          onAnswer={answer}
          declineAlternative={declineAlternative}
        />
      ) : null}
      {extra}
      {showTeam ? <EventTeam eventId={service.id} eventLabel={eventLabel} memberId={memberId} /> : null}
    </div>
  );
}
