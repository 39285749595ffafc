import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import type { Department } from '../../../shared/schemas/escalas.ts';
import type { MyTeam, Position } from '../../../shared/schemas/network.ts';
import type { OverviewEvent, PutNeedsRequest } from '../../../shared/schemas/needs.ts';
import { usePublicConfig } from '../../app/publicConfig.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { eventName } from '../../kit/eventName.ts';
import { eventDateTime } from '../../kit/eventTime.ts';
import { Modal } from '../../kit/Modal.tsx';
import { useGetDepartmentsQuery, useGetMyTeamsQuery, useGetPositionsQuery } from '../../kit/network/networkApi.ts';
import { useBusySubmit } from '../../kit/forms/useBusySubmit.ts';
import { useFormProblems } from '../../kit/forms/useFormProblems.ts';
import { portalErrorOf } from '../../kit/portalError.ts';
import { useSession } from '../../kit/session/useSession.ts';
import { Spinner } from '../../kit/Spinner.tsx';
import { statusShown } from '../../kit/status/statusSlice.ts';
import { useGetEventNeedsQuery, usePutEventNeedsMutation, type NeedsScope } from './needsApi.ts';
import './NeedsEditor.css';

export const NEEDS_SAVED = 'Necessidades salvas.';
const COUNT_ERROR = 'Informe um número de 0 a 99 em cada função.';

export interface NeedsEditorProps {
  event: OverviewEvent['event'];
  onClose: () => void;
}

const keyOf = (departmentId: number, positionId: number | null) => `${departmentId}:${positionId ?? ''}`;

/** The departments whose needs I may set at an event of `churchId`: the teams I lead at that church. */
export function ledDepartments(teams: readonly MyTeam[], churchId: number | null): Department[] {
  const byId = new Map<number, Department>();
  for (const team of teams) if (team.leader && churchId !== null && team.church.id === churchId) byId.set(team.department.id, team.department);
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
}

interface DepartmentNeedsProps {
  department: Department;
  idPrefix: string;
  valueOf: (key: string) => string;
  onChange: (key: string, value: string) => void;
  onPositions: (departmentId: number, positions: readonly Position[]) => void;
}

/** One department's rows: "Qualquer função", then each of its positions, each with how many people are needed. */
function DepartmentNeeds({ department, idPrefix, valueOf, onChange, onPositions }: DepartmentNeedsProps) {
  const positions = useGetPositionsQuery(department.id);
  useEffect(() => {
    if (positions.data) onPositions(department.id, positions.data);
    // A department whose positions cannot be read still has its "anyone" row.
    else if (positions.isError) onPositions(department.id, []);
  }, [department.id, positions.data, positions.isError, onPositions]);
  const rows: { id: number | null; name: string }[] = [{ id: null, name: 'Qualquer função' }, ...(positions.data ?? [])];
  return (
    <fieldset className="needs-editor__department">
      <legend className="needs-editor__legend">{department.name}</legend>
      {rows.map((row) => {
        const key = keyOf(department.id, row.id);
        const inputId = `${idPrefix}-${key}`;
        return (
          <div key={key} className="needs-editor__row">
            <label htmlFor={inputId} className="needs-editor__label">
              {row.name}
            </label>
            <input
              id={inputId}
              className="field__input needs-editor__count"
              type="number"
              inputMode="numeric"
              min={0}
              max={99}
              step={1}
              value={valueOf(key)}
              onChange={(change) => onChange(key, change.target.value)}
            />
          </div>
        );
      })}
      {positions.isLoading ? <p className="needs-editor__hint">Carregando as funções…</p> : null}
    </fieldset>
  );
}

/**
 * "Necessidades" of one event (docs/product.md §8): how many people each department the user manages needs there, by
 * position or anyone ("Qualquer função"); an admin or a leader manages every department, a team leader the
 * departments of the teams they lead at the event's church. Save replaces the needs of the departments shown
 * (`PUT /api/events/{id}/needs`, 0 removes one), for this event or this and the following of its series.
 */
export function NeedsEditor({ event, onClose }: NeedsEditorProps) {
  const { timeZone } = usePublicConfig();
  const id = useId();
  const dispatch = useAppDispatch();
  const session = useSession();
  const manager = session.canAllocate;
  const departments = useGetDepartmentsQuery(undefined, { skip: !manager });
  const teams = useGetMyTeamsQuery(undefined, { skip: manager });
  const needs = useGetEventNeedsQuery(event.id, { refetchOnMountOrArgChange: true });
  const [putNeeds] = usePutEventNeedsMutation();
  const { busy: saving, run } = useBusySubmit();
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [scope, setScope] = useState<NeedsScope>('one');
  const [positions, setPositions] = useState<ReadonlyMap<number, readonly Position[]>>(new Map());
  const formRef = useRef<HTMLFormElement>(null);
  // The form's one problem (a count out of range, the API's refusal) shows under it and takes the focus.
  const form = useFormProblems({ formRef, fallback: 'Não foi possível salvar as necessidades. Tente novamente.' });
  const { alert, alertRef } = form;

  const shown = useMemo(
    () => (manager ? departments.data : teams.data ? ledDepartments(teams.data, event.church_id) : undefined),
    [manager, departments.data, teams.data, event.church_id],
  );
  const saved = useMemo(() => new Map((needs.data ?? []).map((need) => [keyOf(need.department.id, need.position?.id ?? null), need.count])), [needs.data]);
  const valueOf = (key: string) => edits[key] ?? String(saved.get(key) ?? 0);
  const onPositions = useCallback(
    (departmentId: number, list: readonly Position[]) => setPositions((current) => new Map(current).set(departmentId, list)),
    [],
  );

  const loadFailure = needs.isError ? portalErrorOf(needs.error, 'Não foi possível carregar as necessidades deste evento.').message : null;
  const ready = shown !== undefined && needs.data !== undefined && shown.every((department) => positions.has(department.id));

  const handleSubmit = async (submit: FormEvent<HTMLFormElement>) => {
    submit.preventDefault();
    if (!ready || saving) return;
    const body: PutNeedsRequest = [];
    for (const department of shown) {
      for (const positionId of [null, ...(positions.get(department.id) ?? []).map((position) => position.id)]) {
        const text = valueOf(keyOf(department.id, positionId)).trim();
        if (!/^\d{1,2}$/.test(text)) {
          form.check({}, COUNT_ERROR);
          return;
        }
        body.push({ department_id: department.id, position_id: positionId, count: Number(text) });
      }
    }
    form.check({});
    try {
      const sent = await run(async () => {
        await putNeeds({ eventId: event.id, scope, needs: body }).unwrap();
        return true;
      });
      if (!sent) return;
      dispatch(statusShown({ text: NEEDS_SAVED }));
      onClose();
    } catch (failure) {
      form.setFromApiError(failure);
    }
  };

  return (
    <Modal title="Necessidades" onClose={onClose}>
      <form ref={formRef} className="needs-editor" onSubmit={(submit) => void handleSubmit(submit)} noValidate aria-busy={saving || undefined}>
        <p className="needs-editor__event">
          {eventName(event)}, {eventDateTime(event, timeZone)}
        </p>
        <p className="needs-editor__hint">Quantas pessoas cada função precisa neste evento (0 a 99; 0 tira a necessidade).</p>
        {loadFailure ? (
          <p className="needs-editor__error" role="alert">
            {loadFailure}
          </p>
        ) : shown === undefined || needs.isLoading ? (
          <p className="needs-editor__hint">Carregando…</p>
        ) : shown.length === 0 ? (
          <p className="needs-editor__hint" role="note">
            Você não lidera equipes na igreja deste evento.
          </p>
        ) : (
          shown.map((department) => (
            <DepartmentNeeds
              key={department.id}
              department={department}
              idPrefix={id}
              valueOf={valueOf}
              onChange={(key, value) => setEdits((current) => ({ ...current, [key]: value }))}
              onPositions={onPositions}
            />
          ))
        )}
        <fieldset className="needs-editor__scope">
          <legend className="needs-editor__legend">Aplicar a</legend>
          <label className="needs-editor__choice">
            <input type="radio" name={`${id}-scope`} value="one" checked={scope === 'one'} onChange={() => setScope('one')} /> Só este evento
          </label>
          <label className="needs-editor__choice">
            <input type="radio" name={`${id}-scope`} value="following" checked={scope === 'following'} onChange={() => setScope('following')} /> Este e
            os seguintes da série
          </label>
        </fieldset>
        {alert ? (
          <div ref={alertRef} className="needs-editor__error" role="alert" tabIndex={-1}>
            {alert}
          </div>
        ) : null}
        <div className="needs-editor__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancelar
          </button>
          <button type="submit" className="button button--primary" disabled={!ready || shown.length === 0 || saving}>
            {saving ? <Spinner /> : null}
            Salvar
          </button>
        </div>
      </form>
    </Modal>
  );
}
