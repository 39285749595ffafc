import { useId, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../../shared/formats.ts';
import { OVERVIEW_DEFAULT_WEEKS } from '../../../shared/limits.ts';
import { usePublicConfig } from '../../app/publicConfig.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { eventName } from '../../kit/eventName.ts';
import { useGetChurchesQuery, useGetDepartmentsQuery } from '../../kit/network/networkApi.ts';
import { portalErrorOf } from '../../kit/portalError.ts';
import { GapMatrix, type GapCell } from './GapMatrix.tsx';
import type { OverviewEvent } from '../../../shared/schemas/needs.ts';
import { GAP_STATUS_TEXT, GAP_STATUSES } from './gapStatus.ts';
import { matrixLayoutOf } from './matrixLayout.ts';
import { NeedsEditor } from './NeedsEditor.tsx';
import { useGetOverviewQuery } from './overviewApi.ts';
import './GapMatrix.css';

export const GAP_MATRIX_TITLE = 'Escalas — lacunas';

/** The filters live in the address (`?igreja=2&departamento=1`), so a filtered matrix can be shared or reloaded. */
const CHURCH_PARAM = 'igreja';
const DEPARTMENT_PARAM = 'departamento';

function idParam(value: string | null): number | null {
  return value !== null && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

export interface GapMatrixPageProps {
  /** The allocation dialog of a chosen cell (the escalas' own); `onClose` ends it. */
  renderAllocation: (cell: GapCell, onClose: () => void) => ReactNode;
}

/**
 * The leader's gap matrix (`GET /api/escalas/overview`): the events of the next 8 weeks × the positions they
 * need, filterable by church and department; a cell opens the allocation of that event and position, and the
 * matrix follows the allocations made (the `Allocation` list).
 */
export function GapMatrixPage({ renderAllocation }: GapMatrixPageProps) {
  useDocumentTitle(GAP_MATRIX_TITLE);
  const { timeZone } = usePublicConfig();
  const titleId = useId();
  const churchFieldId = useId();
  const departmentFieldId = useId();
  const withoutNeedsId = useId();
  const [params, setParams] = useSearchParams();
  const churchId = idParam(params.get(CHURCH_PARAM));
  const departmentId = idParam(params.get(DEPARTMENT_PARAM));
  const churches = useGetChurchesQuery();
  const departments = useGetDepartmentsQuery();
  const overview = useGetOverviewQuery({ churchId, departmentId }, { refetchOnMountOrArgChange: true });
  const layout = useMemo(() => (overview.data ? matrixLayoutOf(overview.data) : undefined), [overview.data]);
  // The events that need nobody yet are no matrix rows: listed after it, so their needs can be set.
  const withoutNeeds = useMemo(() => (overview.data ?? []).filter((row) => row.needs.length === 0).map((row) => row.event), [overview.data]);
  const [selected, setSelected] = useState<GapCell | null>(null);
  const [needsOf, setNeedsOf] = useState<OverviewEvent['event'] | null>(null);

  const setFilter = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === '') next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  const failure = overview.isError ? portalErrorOf(overview.error, 'Não foi possível carregar as lacunas. Tente novamente.') : null;

  return (
    <div className="gap-page">
      <section className="gap-page__card" aria-labelledby={titleId}>
        <h1 id={titleId} className="gap-page__title">
          {GAP_MATRIX_TITLE}
        </h1>
        <p className="gap-page__lead">
          Quem ainda falta nos eventos das próximas {OVERVIEW_DEFAULT_WEEKS} semanas, por função. Escolha uma célula para escalar alguém.
        </p>
        <div className="gap-page__filters">
          <div className="field">
            <label className="field__label" htmlFor={churchFieldId}>
              Igreja
            </label>
            <select
              id={churchFieldId}
              className="field__input"
              value={churchId === null ? '' : String(churchId)}
              onChange={(change) => setFilter(CHURCH_PARAM, change.target.value)}
            >
              <option value="">Todas as igrejas</option>
              {(churches.data ?? []).map((church) => (
                <option key={church.id} value={String(church.id)}>
                  {church.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={departmentFieldId}>
              Departamento
            </label>
            <select
              id={departmentFieldId}
              className="field__input"
              value={departmentId === null ? '' : String(departmentId)}
              onChange={(change) => setFilter(DEPARTMENT_PARAM, change.target.value)}
            >
              <option value="">Todos os departamentos</option>
              {(departments.data ?? []).map((department) => (
                <option key={department.id} value={String(department.id)}>
                  {department.name}
                </option>
              ))}
            </select>
          </div>
        </div>
        <ul className="gap-page__legend" aria-label="Legenda">
          {GAP_STATUSES.map((status) => (
            <li key={status} className={`gap-page__legend-item gap-matrix__cell--${status}`}>
              <span aria-hidden="true">{GAP_STATUS_TEXT[status].icon}</span> {GAP_STATUS_TEXT[status].label}
            </li>
          ))}
        </ul>
        <p className="visually-hidden" role="status">
          {overview.isFetching && !overview.isLoading ? 'Atualizando as lacunas…' : ''}
        </p>
        {overview.isLoading ? (
          <p className="gap-page__status">Carregando as lacunas…</p>
        ) : failure ? (
          <p className="gap-page__status gap-page__status--error" role="alert">
            {failure.status === 403 ? 'Apenas líderes de equipe, líderes e administradores veem as lacunas.' : failure.message}
          </p>
        ) : layout && layout.rows.length > 0 ? (
          <GapMatrix layout={layout} churches={churches.data} timeZone={timeZone} onSelect={setSelected} onEditNeeds={setNeedsOf} />
        ) : (
          <p className="gap-page__status">
            Nenhum evento com necessidades nas próximas {OVERVIEW_DEFAULT_WEEKS} semanas
            {churchId !== null || departmentId !== null ? ' com estes filtros' : ''}.
          </p>
        )}
        {!overview.isLoading && !failure && withoutNeeds.length > 0 ? (
          <section className="gap-page__without" aria-labelledby={withoutNeedsId}>
            <h2 id={withoutNeedsId} className="gap-page__subtitle">
              Eventos sem necessidades
            </h2>
            <ul className="gap-page__without-list">
              {withoutNeeds.map((event) => {
                const label = `${eventName(event)}, ${formatDateTime(event.datetime, timeZone)}`;
                return (
                  <li key={event.id} className="gap-page__without-item" data-event-id={event.id}>
                    <span>{label}</span>
                    <button type="button" className="gap-matrix__needs" aria-label={`Necessidades: ${label}`} onClick={() => setNeedsOf(event)}>
                      Necessidades
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        ) : null}
      </section>
      {selected ? renderAllocation(selected, () => setSelected(null)) : null}
      {needsOf ? <NeedsEditor event={needsOf} onClose={() => setNeedsOf(null)} /> : null}
    </div>
  );
}
