import { useId, useRef, useState, type FormEvent } from 'react';
import { RESPONSE_NOTE_MAX } from '../../../shared/limits.ts';
import type { TeamJoinRequest } from '../../../shared/schemas/joinRequests.ts';
import { DialogForm } from '../../kit/forms/DialogForm.tsx';
import { useBusySubmit } from '../../kit/forms/useBusySubmit.ts';
import { useFormProblems } from '../../kit/forms/useFormProblems.ts';
import { useGetPositionsQuery } from '../../kit/network/networkApi.ts';
import { TextField } from '../../kit/TextField.tsx';
import { useApproveJoinRequestMutation, useDeclineJoinRequestMutation } from './joinRequestsApi.ts';
import { teamText } from './joinRequestText.ts';

export interface DecideJoinRequestDialogProps {
  request: TeamJoinRequest;
  decision: 'approve' | 'decline';
  onClose: () => void;
  /** Decided: what the leader reads in the list's status line. */
  onDecided: (outcome: string) => void;
}

/**
 * A leader decides one request (docs/product.md §13): "Aprovar" with the positions the member joins with (those
 * asked, checked to begin with), or "Recusar" with an optional reason the member reads.
 */
export function DecideJoinRequestDialog({ request, decision, onClose, onDecided }: DecideJoinRequestDialogProps) {
  const id = useId();
  const team = teamText(request);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormProblems<'positions' | 'reason'>({ formRef, fields: ['positions', 'reason'] });
  const sending = useBusySubmit();
  const [positions, setPositions] = useState<number[]>(() => request.positions.map((position) => position.id));
  const [reason, setReason] = useState('');
  const positionList = useGetPositionsQuery(request.department.id, { skip: decision !== 'approve' });
  const [approve] = useApproveJoinRequestMutation();
  const [decline] = useDeclineJoinRequestMutation();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (!form.check(trimmed.length > RESPONSE_NOTE_MAX ? { reason: `Use no máximo ${RESPONSE_NOTE_MAX} caracteres.` } : {})) return;
    try {
      if (decision === 'approve') {
        const done = await sending.run(() => approve({ id: request.id, positions }).unwrap());
        if (done) onDecided(`${request.member.name} agora faz parte de ${team}.`);
      } else {
        const done = await sending.run(() => decline({ id: request.id, ...(trimmed ? { reason: trimmed } : {}) }).unwrap());
        if (done) onDecided(`Pedido de ${request.member.name} recusado. A pessoa foi avisada.`);
      }
    } catch (error) {
      // Refused too (another leader decided it meanwhile), the mutation's tags refetch the list behind the dialog.
      form.setFromApiError(error);
    }
  };

  const approving = decision === 'approve';
  return (
    <DialogForm
      title={approving ? `Aprovar ${request.member.name}` : `Recusar o pedido de ${request.member.name}`}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      busy={sending.busy}
      submitLabel={approving ? 'Aprovar' : 'Recusar'}
      busyLabel={approving ? 'Aprovando…' : 'Recusando…'}
      submitClassName={approving ? 'button button--primary' : 'button button--danger'}
      className="join-decision"
      formRef={formRef}
      status={form.alert}
      unsaved={!approving && reason.trim() !== ''}
    >
      {approving ? (
        <>
          <p>
            {request.member.name} entra na equipe {team} com as funções marcadas (as que pediu já vêm marcadas).
          </p>
          <fieldset className="serve-form__positions">
            <legend className="field__label">Funções de {request.member.name}</legend>
            {positionList.data === undefined ? (
              <p className="join-requests__status">{positionList.isError ? 'Não foi possível carregar as funções.' : 'Carregando funções…'}</p>
            ) : positionList.data.length === 0 ? (
              <p className="join-requests__status">Este departamento não tem funções cadastradas.</p>
            ) : (
              positionList.data.map((position) => (
                <label key={position.id} className="serve-form__option" htmlFor={`${id}-position-${position.id}`}>
                  <input
                    id={`${id}-position-${position.id}`}
                    type="checkbox"
                    checked={positions.includes(position.id)}
                    onChange={(change) =>
                      setPositions((current) => (change.target.checked ? [...current, position.id] : current.filter((candidate) => candidate !== position.id)))
                    }
                  />
                  {position.name}
                </label>
              ))
            )}
          </fieldset>
        </>
      ) : (
        <>
          <p>{request.member.name} recebe um e-mail dizendo que o pedido para servir em {team} não foi aprovado.</p>
          <TextField
            id={`${id}-reason`}
            label="Motivo (opcional)"
            hint="A pessoa lê o motivo."
            value={reason}
            maxLength={RESPONSE_NOTE_MAX + 20}
            error={form.problemOf('reason')}
            onChange={(change) => {
              setReason(change.target.value);
              form.clear('reason');
            }}
          />
        </>
      )}
    </DialogForm>
  );
}
