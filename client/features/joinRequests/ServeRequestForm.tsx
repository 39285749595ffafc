import { useId, useRef, useState, type FormEvent } from 'react';
import { RESPONSE_NOTE_MAX } from '../../../shared/limits.ts';
import type { CreateJoinRequest } from '../../../shared/schemas/joinRequests.ts';
import { FormField } from '../../kit/FormField.tsx';
import { FormAlert } from '../../kit/forms/FormAlert.tsx';
import { useBusySubmit } from '../../kit/forms/useBusySubmit.ts';
import { useFormProblems } from '../../kit/forms/useFormProblems.ts';
import { useGetChurchesQuery, useGetDepartmentsQuery, useGetPositionsQuery } from '../../kit/network/networkApi.ts';
import { TextField } from '../../kit/TextField.tsx';
import { useIdempotencyKey } from '../../kit/useIdempotencyKey.ts';
import { useCreateJoinRequestMutation } from './joinRequestsApi.ts';
import { teamText } from './joinRequestText.ts';
import './JoinRequests.css';

type ServeField = 'church' | 'department' | 'positions' | 'note';

/** The contract's names (shared/schemas/joinRequests.ts) → the form's fields. */
const FIELDS = { church_id: 'church', department_id: 'department', positions: 'positions', note: 'note' } as const;

export interface ServeRequestFormProps {
  /** The request was sent: the team it names, by name (`Louvor · Sede`). */
  onSent?: (team: string) => void;
  /** The submit's label: `Enviar pedido` by default. */
  submitLabel?: string;
}

/**
 * "Quero servir" (docs/product.md §13): a church and a department from the network, the positions of that department
 * the member can fill, an optional note for the leaders; sent, the team's leaders are told. Refusals (already on the
 * team, asked already) are the API's pt-BR sentences.
 */
export function ServeRequestForm({ onSent, submitLabel = 'Enviar pedido' }: ServeRequestFormProps) {
  const id = useId();
  const churches = useGetChurchesQuery();
  const departments = useGetDepartmentsQuery();
  const [churchId, setChurchId] = useState('');
  const [departmentId, setDepartmentId] = useState('');
  const [positions, setPositions] = useState<number[]>([]);
  const [note, setNote] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const positionList = useGetPositionsQuery(Number(departmentId), { skip: departmentId === '' });
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormProblems<ServeField>({ formRef, fields: FIELDS });
  const sending = useBusySubmit();
  const [create] = useCreateJoinRequestMutation();
  const idempotency = useIdempotencyKey();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSent(null);
    const trimmed = note.trim();
    const found = {
      ...(churchId === '' ? { church: 'Escolha a igreja.' } : {}),
      ...(departmentId === '' ? { department: 'Escolha o departamento.' } : {}),
      ...(trimmed.length > RESPONSE_NOTE_MAX ? { note: `Use no máximo ${RESPONSE_NOTE_MAX} caracteres.` } : {}),
    };
    if (!form.check(found)) return;
    const church = churches.data?.find((candidate) => String(candidate.id) === churchId);
    const department = departments.data?.find((candidate) => String(candidate.id) === departmentId);
    const request: CreateJoinRequest = { church_id: Number(churchId), department_id: Number(departmentId), positions, ...(trimmed ? { note: trimmed } : {}) };
    try {
      const answer = await sending.run(() => create({ request, idempotencyKey: idempotency.keyFor(request) }).unwrap());
      if (!answer) return;
      idempotency.succeeded();
      const team = church && department ? teamText({ church, department }) : 'a equipe';
      setSent(`Pedido enviado para ${team}. Os líderes da equipe foram avisados; a resposta chega por e-mail e aparece em Meus pedidos, na página Equipes.`);
      setPositions([]);
      setNote('');
      onSent?.(team);
    } catch (error) {
      form.setFromApiError(error);
    }
  };

  const toggle = (positionId: number, checked: boolean) => {
    setPositions((current) => (checked ? [...current, positionId] : current.filter((candidate) => candidate !== positionId)));
    form.clear('positions');
  };

  return (
    <form ref={formRef} className="serve-form" onSubmit={(event) => void submit(event)} noValidate aria-busy={sending.busy} aria-label="Quero servir">
      <div className="serve-form__team">
        <FormField id={`${id}-church`} label="Igreja" validated error={form.problemOf('church')}>
          {(control) => (
            <select
              {...control}
              className="field__input"
              value={churchId}
              onChange={(change) => {
                setChurchId(change.target.value);
                form.clear('church');
              }}
            >
              <option value="">{churches.data ? 'Escolha a igreja' : 'Carregando igrejas…'}</option>
              {(churches.data ?? []).map((church) => (
                <option key={church.id} value={String(church.id)}>
                  {church.city ? `${church.name} (${church.city})` : church.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField id={`${id}-department`} label="Departamento" validated error={form.problemOf('department')}>
          {(control) => (
            <select
              {...control}
              className="field__input"
              value={departmentId}
              onChange={(change) => {
                setDepartmentId(change.target.value);
                setPositions([]);
                form.clear(['department', 'positions']);
              }}
            >
              <option value="">{departments.data ? 'Escolha o departamento' : 'Carregando departamentos…'}</option>
              {(departments.data ?? []).map((department) => (
                <option key={department.id} value={String(department.id)}>
                  {department.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      {departmentId === '' ? null : (
        <fieldset className="serve-form__positions">
          <legend className="field__label">Funções que você pode assumir</legend>
          {positionList.data === undefined ? (
            <p className="join-requests__status">{positionList.isError ? 'Não foi possível carregar as funções.' : 'Carregando funções…'}</p>
          ) : positionList.data.length === 0 ? (
            <p className="join-requests__status">Este departamento não tem funções cadastradas: os líderes combinam com você.</p>
          ) : (
            positionList.data.map((position) => (
              <label key={position.id} className="serve-form__option" htmlFor={`${id}-position-${position.id}`}>
                <input
                  id={`${id}-position-${position.id}`}
                  type="checkbox"
                  checked={positions.includes(position.id)}
                  onChange={(change) => toggle(position.id, change.target.checked)}
                />
                {position.name}
              </label>
            ))
          )}
          {form.problemOf('positions') ? <p className="field__error event-form__error">{form.problemOf('positions')}</p> : null}
        </fieldset>
      )}
      <TextField
        id={`${id}-note`}
        label="Recado para os líderes (opcional)"
        value={note}
        maxLength={RESPONSE_NOTE_MAX + 20}
        error={form.problemOf('note')}
        onChange={(change) => {
          setNote(change.target.value);
          form.clear('note');
        }}
      />
      <FormAlert message={form.alert} className="serve-form__alert" />
      <p className="join-requests__status join-requests__status--done" role="status">
        {sent ?? ''}
      </p>
      <button type="submit" className="button button--primary serve-form__submit" disabled={sending.busy}>
        {sending.busy ? 'Enviando…' : submitLabel}
      </button>
    </form>
  );
}
