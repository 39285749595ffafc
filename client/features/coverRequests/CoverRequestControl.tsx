import { useRef, useState, type FormEvent } from 'react';
import { RESPONSE_NOTE_MAX } from '../../../shared/limits.ts';
import type { MyEvent } from '../../../shared/schemas/escalas.ts';
import { usePublicConfig } from '../../app/publicConfig.ts';
import { eventName } from '../../kit/eventName.ts';
import { eventDateTime } from '../../kit/eventTime.ts';
import { DialogForm } from '../../kit/forms/DialogForm.tsx';
import { useBusySubmit } from '../../kit/forms/useBusySubmit.ts';
import { useFormProblems } from '../../kit/forms/useFormProblems.ts';
import { portalErrorOf } from '../../kit/portalError.ts';
import { TextField } from '../../kit/TextField.tsx';
import { useIdempotencyKey } from '../../kit/useIdempotencyKey.ts';
import { useRequestCoverMutation, useWithdrawCoverRequestMutation } from './coverRequestsApi.ts';
import './CoverRequests.css';

export interface CoverRequestControlProps {
  service: MyEvent;
}

/**
 * Under one of my services still ahead, pending or confirmed (docs/product.md §10): "Pedir cobertura" (a note for the
 * leaders, optional), or — once asked — that someone may take it, and "Retirar pedido". I stay on the escala until then.
 */
export function CoverRequestControl({ service }: CoverRequestControlProps) {
  const { timeZone } = usePublicConfig();
  const label = `${eventName(service)}, ${eventDateTime(service, timeZone)} (${service.department.name})`;
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormProblems<'note'>({ formRef, fields: ['note'] });
  const sending = useBusySubmit();
  const idempotency = useIdempotencyKey();
  const [requestCover] = useRequestCoverMutation();
  const [withdraw, withdrawing] = useWithdrawCoverRequestMutation();
  const [withdrawError, setWithdrawError] = useState<string | null>(null);
  const [now] = useState(() => Date.now());
  if (Date.parse(service.datetime) <= now || (service.status !== 'pending' && service.status !== 'confirmed')) return null;

  const close = () => {
    setOpen(false);
    form.clear();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = note.trim();
    if (!form.check(trimmed.length > RESPONSE_NOTE_MAX ? { note: `Use no máximo ${RESPONSE_NOTE_MAX} caracteres.` } : {})) return;
    const request = trimmed ? { note: trimmed } : {};
    try {
      const answer = await sending.run(() =>
        requestCover({ allocationId: service.allocation_id, request, idempotencyKey: idempotency.keyFor({ allocationId: service.allocation_id, request }) }).unwrap(),
      );
      if (!answer) return;
      idempotency.succeeded();
      setNote('');
      close();
    } catch (error) {
      form.setFromApiError(error);
    }
  };

  if (service.cover?.status === 'open') {
    const requestId = service.cover.id;
    return (
      <div className="cover-request-control">
        <span role="status">Você pediu cobertura: quem puder assumir foi avisado. Você continua na escala até alguém assumir.</span>
        <button
          type="button"
          className="button button--secondary cover-request-control__button"
          disabled={withdrawing.isLoading}
          aria-label={`Retirar pedido de cobertura: ${label}`}
          onClick={() => {
            setWithdrawError(null);
            void withdraw({ requestId })
              .unwrap()
              .catch((error: unknown) => setWithdrawError(portalErrorOf(error, 'Não foi possível retirar o pedido. Tente novamente.').message));
          }}
        >
          Retirar pedido
        </button>
        {withdrawError ? <span role="alert">{withdrawError}</span> : null}
      </div>
    );
  }

  return (
    <div className="cover-request-control">
      <button type="button" className="button button--secondary cover-request-control__button" aria-label={`Pedir cobertura: ${label}`} onClick={() => setOpen(true)}>
        Pedir cobertura
      </button>
      {open ? (
        <DialogForm
          title="Pedir cobertura"
          onClose={close}
          onSubmit={(event) => void submit(event)}
          busy={sending.busy}
          submitLabel="Pedir cobertura"
          busyLabel="Enviando…"
          className="cover-request-form"
          formRef={formRef}
          status={form.alert}
          unsaved={note.trim() !== ''}
        >
          <p>Quem da sua equipe pode assumir o lugar ({label}) recebe um e-mail. Você continua na escala até alguém assumir; a primeira pessoa que aceitar fica com o lugar.</p>
          <TextField
            id={`cover-note-${service.allocation_id}`}
            label="Recado para os líderes (opcional)"
            value={note}
            maxLength={RESPONSE_NOTE_MAX + 20}
            error={form.problemOf('note')}
            onChange={(change) => setNote(change.target.value)}
          />
        </DialogForm>
      ) : null}
    </div>
  );
}
