import { useState } from 'react';
import type { AllocationStatus } from '../../../shared/schemas/escalas.ts';
import type { AllocationAnswer } from '../../../shared/schemas/responses.ts';
import { usePublicConfig } from '../../app/publicConfig.ts';
import { eventName } from '../../kit/eventName.ts';
import { eventDateTime } from '../../kit/eventTime.ts';
import { Modal } from '../../kit/Modal.tsx';
import { portalErrorOf } from '../../kit/portalError.ts';
import { AnswerControls } from './AnswerControls.tsx';
import { useAnswerResponseLinkMutation, useGetResponseLinkQuery } from './responsesApi.ts';
import './ResponseLinkDialog.css';

export const RESPONSE_DIALOG_TITLE = 'Responder à escala';

/** The question, by the answer given so far. */
const QUESTION: Record<AllocationStatus, string> = {
  pending: 'Você pode servir nesta escala?',
  confirmed: 'Você confirmou esta escala. Pode mudar a resposta até o início do evento.',
  declined: 'Você recusou esta escala. Pode mudar a resposta até o início do evento.',
  covered: 'Outra pessoa assumiu seu lugar nesta escala: não há mais resposta a dar.',
};

/** What the dialog says once the answer is saved. */
const SAVED: Record<AllocationStatus, string> = {
  pending: '',
  confirmed: 'Presença confirmada. Obrigado!',
  declined: 'Recusa registrada. Quem organiza a escala será avisado.',
  covered: '',
};

export interface ResponseLinkDialogProps {
  token: string;
  onClose: () => void;
}

/**
 * The events page opened from an e-mailed link: the event and department of the allocation, and `Confirmar` /
 * `Não posso`. Works signed out (the token is the permission). Opening it only reads
 * (`GET /api/responses/{token}`: mail scanners follow links); only a button answers (`POST`).
 */
export function ResponseLinkDialog({ token, onClose }: ResponseLinkDialogProps) {
  const { timeZone } = usePublicConfig();
  const link = useGetResponseLinkQuery(token, { refetchOnMountOrArgChange: true });
  const [answerLink, { isLoading }] = useAnswerResponseLinkMutation();
  const [saved, setSaved] = useState<AllocationStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const allocation = link.data;

  const answer = async (answer: AllocationAnswer, reason: string | null): Promise<boolean> => {
    setError(null);
    setSaved(null);
    const result = await answerLink({ token, answer, reason });
    if (result.error) {
      setError(portalErrorOf(result.error, 'Não foi possível enviar sua resposta. Tente novamente.').message);
      return false;
    }
    setSaved(result.data.status);
    return true;
  };

  const status = saved ?? allocation?.status ?? 'pending';
  return (
    <Modal
      title={RESPONSE_DIALOG_TITLE}
      onClose={onClose}
      footer={
        <button type="button" className="button button--secondary" onClick={onClose}>
          Fechar
        </button>
      }
    >
      {link.isLoading ? (
        <p className="response-link__message" role="status">
          Carregando…
        </p>
      ) : !allocation ? (
        <p className="response-link__message response-link__message--error" role="alert">
          {portalErrorOf(link.error, 'Não foi possível abrir este link de resposta.').message}
        </p>
      ) : (
        <>
          <dl className="response-link__facts">
            <div>
              <dt>Evento</dt>
              <dd>{eventName(allocation.event)}</dd>
            </div>
            <div>
              <dt>Data</dt>
              <dd>{eventDateTime(allocation.event, timeZone)}</dd>
            </div>
            <div>
              <dt>Departamento</dt>
              <dd>{allocation.department.name}</dd>
            </div>
          </dl>
          <p className="response-link__message" aria-live="polite">
            {saved ? SAVED[saved] : QUESTION[status]}
          </p>
          <AnswerControls
            status={status}
            label={`${eventName(allocation.event)}, ${eventDateTime(allocation.event, timeZone)} (${allocation.department.name})`}
            busy={isLoading}
            error={error}
            onAnswer={answer}
          />
        </>
      )}
    </Modal>
  );
}
