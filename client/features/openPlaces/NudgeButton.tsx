import { useState, type FormEvent } from 'react';
import { formatShortDateTime } from '../../../shared/formats.ts';
import type { NudgeResponse } from '../../../shared/schemas/openPlaces.ts';
import { usePublicConfig } from '../../app/publicConfig.ts';
import { DialogForm } from '../../kit/forms/DialogForm.tsx';
import { useBusySubmit } from '../../kit/forms/useBusySubmit.ts';
import { portalErrorOf } from '../../kit/portalError.ts';
import { useGetNudgeStateQuery, useNudgeMutation } from './openPlacesApi.ts';
import './OpenPlaces.css';

export interface NudgeButtonProps {
  eventId: number;
  /** The event as the leader reads it. */
  eventLabel: string;
}

/**
 * "Lembrar quem não respondeu" for one event (docs/product.md §10): says how many have not answered and when they
 * were last reminded, then e-mails them (once every 12 hours), with a WhatsApp link for each one with a phone.
 */
export function NudgeButton({ eventId, eventLabel }: NudgeButtonProps) {
  const { timeZone } = usePublicConfig();
  const [open, setOpen] = useState(false);
  const state = useGetNudgeStateQuery(eventId, { skip: !open, refetchOnMountOrArgChange: true });
  const [nudge] = useNudgeMutation();
  const sending = useBusySubmit();
  const [answer, setAnswer] = useState<NudgeResponse | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setOpen(false);
    setAnswer(null);
    setProblem(null);
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    try {
      const sent = await sending.run(() => nudge(eventId).unwrap());
      if (sent) setAnswer(sent);
    } catch (error) {
      setProblem(portalErrorOf(error, 'Não foi possível enviar o lembrete. Tente novamente.').message);
    }
  };
  const shown = answer ?? state.data;
  const waiting = shown?.next_allowed_at ? `Um novo lembrete pode ir a partir de ${formatShortDateTime(shown.next_allowed_at, timeZone)}.` : null;

  return (
    <>
      <button type="button" className="button button--secondary nudge-button" aria-label={`Lembrar quem não respondeu: ${eventLabel}`} onClick={() => setOpen(true)}>
        Lembrar quem não respondeu
      </button>
      {open ? (
        <DialogForm
          title={`Lembrar quem não respondeu: ${eventLabel}`}
          onClose={close}
          onSubmit={(event) => void submit(event)}
          busy={sending.busy || state.isFetching}
          submitLabel="Enviar lembrete"
          busyLabel={state.isFetching ? 'Carregando…' : 'Enviando…'}
          className="open-place-form"
          status={problem ?? (state.isError ? portalErrorOf(state.error, 'Não foi possível carregar.').message : null)}
        >
          {answer ? (
            <p role="status">{answer.notified === 1 ? '1 pessoa foi lembrada por e-mail.' : `${answer.notified} pessoas foram lembradas por e-mail.`}</p>
          ) : null}
          {shown ? (
            <>
              <p>{shown.pending === 0 ? 'Todos já responderam.' : shown.pending === 1 ? '1 pessoa ainda não respondeu.' : `${shown.pending} pessoas ainda não responderam.`}</p>
              <p>{shown.last_sent_at ? `Último lembrete: ${formatShortDateTime(shown.last_sent_at, timeZone)}.` : 'Nenhum lembrete enviado ainda.'}</p>
              {waiting ? <p>{waiting}</p> : null}
            </>
          ) : null}
          {answer && answer.whatsapp.length > 0 ? (
            <ul>
              {answer.whatsapp.map((link) => (
                <li key={link.member.id}>
                  <a href={link.url} target="_blank" rel="noreferrer">
                    WhatsApp: {link.member.name}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </DialogForm>
      ) : null}
    </>
  );
}
