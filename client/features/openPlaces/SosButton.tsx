import { useRef, useState, type FormEvent } from 'react';
import type { SosResponse } from '../../../shared/schemas/openPlaces.ts';
import { DialogForm } from '../../kit/forms/DialogForm.tsx';
import { useBusySubmit } from '../../kit/forms/useBusySubmit.ts';
import { useFormProblems } from '../../kit/forms/useFormProblems.ts';
import { Modal } from '../../kit/Modal.tsx';
import { TextField } from '../../kit/TextField.tsx';
import { useIdempotencyKey } from '../../kit/useIdempotencyKey.ts';
import { useSendSosMutation } from './openPlacesApi.ts';
import './OpenPlaces.css';

export interface SosButtonProps {
  eventId: number;
  departmentId: number;
  positionId: number | null;
  /** The place as the leader reads it: `Louvor — Vocal, Culto, dom., 22/11 19:00`. */
  placeLabel: string;
}

/**
 * "SOS" on an open place of the gap matrix (docs/product.md §10): a note, then every eligible person not at the event
 * gets an e-mail that signs them up; the answer says how many, with the text for the team's WhatsApp group.
 */
export function SosButton({ eventId, departmentId, positionId, placeLabel }: SosButtonProps) {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<SosResponse | null>(null);
  const [note, setNote] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormProblems<'note'>({ formRef, fields: ['note'] });
  const sending = useBusySubmit();
  const idempotency = useIdempotencyKey();
  const [sendSos] = useSendSosMutation();
  const close = () => {
    setOpen(false);
    setSent(null);
    form.clear();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = note.trim();
    if (!form.check(trimmed.length > 500 ? { note: 'A mensagem pode ter no máximo 500 caracteres.' } : {})) return;
    const request = { department_id: departmentId, position_id: positionId, ...(trimmed ? { note: trimmed } : {}) };
    try {
      const answer = await sending.run(() => sendSos({ eventId, request, idempotencyKey: idempotency.keyFor({ eventId, request }) }).unwrap());
      if (!answer) return;
      idempotency.succeeded();
      setSent(answer);
    } catch (error) {
      form.setFromApiError(error);
    }
  };

  return (
    <>
      <button type="button" className="button button--secondary sos-button" aria-label={`SOS: ${placeLabel}`} onClick={() => setOpen(true)}>
        SOS
      </button>
      {open && sent ? (
        <Modal title="SOS enviado" onClose={close} footer={<button type="button" className="button button--primary" onClick={close}>Fechar</button>}>
          <p role="status">
            {sent.notified === 0
              ? 'Ninguém pode assumir esta vaga agora: nenhum e-mail foi enviado.'
              : sent.notified === 1
                ? '1 pessoa foi avisada por e-mail.'
                : `${sent.notified} pessoas foram avisadas por e-mail.`}
          </p>
          <p>
            <a href={sent.whatsapp.url} target="_blank" rel="noreferrer">
              Compartilhar no grupo do WhatsApp
            </a>
          </p>
        </Modal>
      ) : open ? (
        <DialogForm
          title={`SOS: ${placeLabel}`}
          onClose={close}
          onSubmit={(event) => void submit(event)}
          busy={sending.busy}
          submitLabel="Enviar SOS"
          busyLabel="Enviando…"
          className="open-place-form"
          formRef={formRef}
          status={form.alert}
        >
          <p>Todos que podem assumir esta vaga (da equipe, com a função, livres no dia) recebem um e-mail com um link para se inscrever. Um SOS por vaga a cada hora.</p>
          <TextField id={`sos-note-${eventId}-${departmentId}-${positionId ?? 0}`} label="Recado (opcional)" value={note} maxLength={600} error={form.problemOf('note')} onChange={(change) => setNote(change.target.value)} />
        </DialogForm>
      ) : null}
    </>
  );
}
