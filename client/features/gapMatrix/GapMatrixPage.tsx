import { skipToken } from '@reduxjs/toolkit/query/react';
import { useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { addDays, dayKeyOf } from '../../../shared/days.ts';
import { GAP_MATRIX_PARAMS } from '../../../shared/gapMatrixLink.ts';
import { OVERVIEW_DEFAULT_WEEKS } from '../../../shared/limits.ts';
import type { CreateDraftRequest, DraftPlace, PublishDraftResponse } from '../../../shared/schemas/drafts.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { usePublicConfig } from '../../app/publicConfig.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { eventName } from '../../kit/eventName.ts';
import { eventDateTime } from '../../kit/eventTime.ts';
import { useBusySubmit } from '../../kit/forms/useBusySubmit.ts';
import { useManagedTeams } from '../../kit/network/ManagedTeams.tsx';
import { useGetChurchesQuery, useGetDepartmentsQuery } from '../../kit/network/networkApi.ts';
import { portalErrorOf } from '../../kit/portalError.ts';
import { Spinner } from '../../kit/Spinner.tsx';
import { statusShown } from '../../kit/status/statusSlice.ts';
import { useIdempotencyKey } from '../../kit/useIdempotencyKey.ts';
import { DraftPanel } from './DraftPanel.tsx';
import { DraftPlaceDialog } from './DraftPlaceDialog.tsx';
import { draftsApi, useCreateDraftMutation, useGetDraftQuery } from './draftsApi.ts';
import { placeCellKey, placesByCell } from './draftText.ts';
import { GapMatrix, type GapCell } from './GapMatrix.tsx';
import type { OverviewEvent } from '../../../shared/schemas/needs.ts';
import { GAP_STATUS_TEXT, GAP_STATUSES } from './gapStatus.ts';
import { matrixLayoutOf } from './matrixLayout.ts';
import { NeedsEditor } from './NeedsEditor.tsx';
import { healingByCell, useGetEscalaHealingQuery } from '../../kit/healing/healingApi.ts';
import { useGetOverviewQuery } from './overviewApi.ts';
import { PublishedDraft } from './PublishedDraft.tsx';
import './GapMatrix.css';
import './DraftPanel.css';

export const GAP_MATRIX_TITLE = 'Escalas — lacunas';

/** The filters live in the address (`?igreja=2&departamento=1`), so a filtered matrix can be shared, reloaded or e-mailed. */
const CHURCH_PARAM = GAP_MATRIX_PARAMS.church;
const DEPARTMENT_PARAM = GAP_MATRIX_PARAMS.department;
/** The open draft shown in the matrix (`?rascunho=12`): a reload keeps it. */
const DRAFT_PARAM = 'rascunho';

function idParam(value: string | null): number | null {
  return value !== null && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

export interface GapMatrixPageProps {
  /** The allocation dialog of a chosen cell (the escalas' own); `onClose` ends it. */
  renderAllocation: (cell: GapCell, onClose: () => void) => ReactNode;
  /** A cell's SOS and an event's nudge (docs/product.md §10), passed to the matrix. */
  renderOpenCell?: (cell: GapCell, label: string) => ReactNode;
  renderEventActions?: (event: OverviewEvent['event'], label: string) => ReactNode;
}

/** What takes the focus once the page has drawn it: the new draft's summary, the publish outcome, or the fill button. */
type FocusTarget = 'summary' | 'outcome' | 'fill';

/**
 * The leader's gap matrix (`GET /api/escalas/overview`): the events of the next 8 weeks × the positions they
 * need, filterable by church and department; a cell opens the allocation of that event and position, and the
 * matrix follows the allocations made (the `Allocation` list).
 *
 * "Preencher automaticamente" drafts the escala of the range and filters shown (docs/product.md §9): the draft's
 * places appear in their cells — a proposed name, or "Por que vazio?" — each opening its reasons; its summary,
 * "Publicar" and "Descartar" sit above the matrix. While a draft is open the filters stay as they were drafted.
 */
export function GapMatrixPage({ renderAllocation, renderOpenCell, renderEventActions }: GapMatrixPageProps) {
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
  // The filters offer only what the user may see: a team leader the churches and departments of her teams.
  const { teams: managed } = useManagedTeams();
  const churchChoices = (churches.data ?? []).filter((church) => managed?.some((team) => team.churchId === church.id));
  const departmentChoices = (departments.data ?? []).filter((department) => managed?.some((team) => team.departmentId === department.id));
  const overview = useGetOverviewQuery({ churchId, departmentId }, { refetchOnMountOrArgChange: true });
  const layout = useMemo(() => (overview.data ? matrixLayoutOf(overview.data) : undefined), [overview.data]);
  const healing = useGetEscalaHealingQuery({}, { refetchOnMountOrArgChange: true });
  const healingCells = useMemo(() => healingByCell(healing.data, placeCellKey), [healing.data]);
  // The events that need nobody yet are no matrix rows: listed after it, so their needs can be set.
  const withoutNeeds = useMemo(() => (overview.data ?? []).filter((row) => row.needs.length === 0).map((row) => row.event), [overview.data]);
  const [selected, setSelected] = useState<GapCell | null>(null);
  const [needsOf, setNeedsOf] = useState<OverviewEvent['event'] | null>(null);

  const dispatch = useAppDispatch();
  const draftId = idParam(params.get(DRAFT_PARAM));
  const draft = useGetDraftQuery(draftId ?? skipToken);
  const openDraft = draftId !== null && draft.data?.id === draftId && draft.data.status === 'open' ? draft.data : undefined;
  const draftGone = draftId !== null && (draft.isError || (draft.data?.id === draftId && draft.data.status !== 'open'));
  const draftPlaces = useMemo(() => (openDraft ? placesByCell(openDraft.places) : undefined), [openDraft]);
  const [createDraft] = useCreateDraftMutation();
  const creating = useBusySubmit();
  const idempotency = useIdempotencyKey();
  const [draftProblem, setDraftProblem] = useState<string | null>(null);
  const [placeId, setPlaceId] = useState<number | null>(null);
  const chosenPlace = openDraft?.places.find((place) => place.id === placeId);
  const [published, setPublished] = useState<{ result: PublishDraftResponse; places: DraftPlace[] } | null>(null);
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  const fillRef = useRef<HTMLButtonElement>(null);
  const focusTarget = useRef<FocusTarget | null>(null);
  const filterNoteId = useId();
  const fillHintId = useId();

  // The focus follows the draft: to its summary once drawn, to the outcome once published, back to the button once
  // discarded (each render checks until the element is there), in the commit that draws it.
  useLayoutEffect(() => {
    if (focusTarget.current === null) return;
    const target = { summary: summaryRef, outcome: outcomeRef, fill: fillRef }[focusTarget.current].current;
    if (!target) return;
    focusTarget.current = null;
    target.focus();
  });

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
  const filtered = churchId !== null || departmentId !== null;

  const fill = async () => {
    setDraftProblem(null);
    // The range the overview shows when asked without one: today and the next 8 weeks, in the network's days.
    const from = dayKeyOf(new Date(), timeZone);
    const request: CreateDraftRequest = {
      from,
      to: addDays(from, OVERVIEW_DEFAULT_WEEKS * 7 - 1),
      ...(churchId === null ? {} : { church_id: churchId }),
      ...(departmentId === null ? {} : { department_id: departmentId }),
    };
    try {
      const created = await creating.run(() => createDraft({ ...request, idempotencyKey: idempotency.keyFor(request) }).unwrap());
      if (!created) return;
      idempotency.succeeded();
      // The answer is the whole draft: kept as its read, so showing it asks nothing more.
      await dispatch(draftsApi.util.upsertQueryData('getDraft', created.id, created));
      setPublished(null);
      focusTarget.current = 'summary';
      setFilter(DRAFT_PARAM, String(created.id));
    } catch (error) {
      setDraftProblem(portalErrorOf(error, 'Não foi possível preparar o rascunho. Tente novamente.').message);
      // The button was disabled while the call ran, which dropped the focus: it gets it back.
      focusTarget.current = 'fill';
    }
  };

  const onPublished = (result: PublishDraftResponse) => {
    setPublished({ result, places: openDraft?.places ?? [] });
    focusTarget.current = 'outcome';
    setFilter(DRAFT_PARAM, '');
  };

  const onDiscarded = () => {
    setFilter(DRAFT_PARAM, '');
    dispatch(statusShown({ text: 'Rascunho descartado: ninguém foi convidado.' }));
    focusTarget.current = 'fill';
  };

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
              disabled={openDraft !== undefined}
              aria-describedby={openDraft ? filterNoteId : undefined}
              onChange={(change) => setFilter(CHURCH_PARAM, change.target.value)}
            >
              <option value="">Todas as igrejas</option>
              {churchChoices.map((church) => (
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
              disabled={openDraft !== undefined}
              aria-describedby={openDraft ? filterNoteId : undefined}
              onChange={(change) => setFilter(DEPARTMENT_PARAM, change.target.value)}
            >
              <option value="">Todos os departamentos</option>
              {departmentChoices.map((department) => (
                <option key={department.id} value={String(department.id)}>
                  {department.name}
                </option>
              ))}
            </select>
          </div>
        </div>
        {openDraft ? (
          <>
            <p id={filterNoteId} className="gap-page__lead">
              Os filtros ficam como estavam ao preencher: publique ou descarte o rascunho para mudá-los.
            </p>
            <DraftPanel draft={openDraft} summaryRef={summaryRef} onPublished={onPublished} onDiscarded={onDiscarded} />
          </>
        ) : (
          <div className="draft-fill">
            {published ? <PublishedDraft result={published.result} places={published.places} timeZone={timeZone} outcomeRef={outcomeRef} /> : null}
            {draftGone ? (
              <p className="gap-page__status" role="note">
                Este rascunho não está mais aberto: foi publicado, descartado ou expirou.
              </p>
            ) : null}
            <button
              ref={fillRef}
              type="button"
              className="button button--primary draft-fill__button"
              disabled={creating.busy || (draftId !== null && draft.isLoading)}
              aria-describedby={fillHintId}
              onClick={() => void fill()}
            >
              {creating.busy ? <Spinner /> : null}
              {creating.busy ? 'Preparando o rascunho…' : 'Preencher automaticamente'}
            </button>
            <p id={fillHintId} className="draft-fill__hint">
              Propõe alguém para cada lugar vazio das próximas {OVERVIEW_DEFAULT_WEEKS} semanas{filtered ? ', com estes filtros' : ''}. Você revisa cada
              proposta antes de publicar; ninguém é convidado antes disso.
            </p>
            {draftProblem ? (
              <p className="gap-page__status gap-page__status--error" role="alert">
                {draftProblem}
              </p>
            ) : null}
          </div>
        )}
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
          <GapMatrix
            healing={healingCells}
            layout={layout}
            churches={churches.data}
            timeZone={timeZone}
            onSelect={setSelected}
            onEditNeeds={setNeedsOf}
            {...(renderOpenCell ? { renderOpenCell } : {})}
            {...(renderEventActions ? { renderEventActions } : {})}
            {...(draftPlaces ? { draftPlaces, onSelectPlace: (place: DraftPlace) => setPlaceId(place.id) } : {})}
          />
        ) : (
          <p className="gap-page__status">
            Nenhum evento com necessidades nas próximas {OVERVIEW_DEFAULT_WEEKS} semanas
            {filtered ? ' com estes filtros' : ''}.
          </p>
        )}
        {!overview.isLoading && !failure && withoutNeeds.length > 0 ? (
          <section className="gap-page__without" aria-labelledby={withoutNeedsId}>
            <h2 id={withoutNeedsId} className="gap-page__subtitle">
              Eventos sem necessidades
            </h2>
            <ul className="gap-page__without-list">
              {withoutNeeds.map((event) => {
                const label = `${eventName(event)}, ${eventDateTime(event, timeZone)}`;
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
      {openDraft && chosenPlace ? <DraftPlaceDialog key={chosenPlace.id} draft={openDraft} place={chosenPlace} onClose={() => setPlaceId(null)} /> : null}
    </div>
  );
}
