import { useId, type ReactNode } from 'react';
import { zoneSuffix } from '../../../shared/timeZones.ts';
import type { DraftPlace } from '../../../shared/schemas/drafts.ts';
import type { Church } from '../../../shared/schemas/network.ts';
import type { OverviewEvent, OverviewNeed } from '../../../shared/schemas/needs.ts';
import { eventName } from '../../kit/eventName.ts';
import { eventDateTime, eventZoneOf } from '../../kit/eventTime.ts';
import { useGridFocus } from '../../kit/useGridFocus.ts';
import { CellHealingNotes } from './CellHealingNotes.tsx';
import { placeCellKey } from './draftText.ts';
import { GAP_STATUS_TEXT, gapStatusOf, gapStatusText, needAnswers } from './gapStatus.ts';
import type { CellHealing } from '../../kit/healing/healingApi.ts';
import { needIn, type MatrixColumn, type MatrixLayout } from './matrixLayout.ts';

/** A cell the leader chose: the event, and the department and position to allocate someone at. */
export interface GapCell {
  event: OverviewEvent['event'];
  column: MatrixColumn;
  need: OverviewNeed;
}

export interface GapMatrixProps {
  layout: MatrixLayout;
  churches: readonly Church[] | undefined;
  timeZone: string;
  onSelect: (cell: GapCell) => void;
  /** The event's "Necessidades" button: edit what the event needs. */
  onEditNeeds?: (event: OverviewEvent['event']) => void;
  /** An open draft's places by cell (`placesByCell`): each is a button under the cell's count. */
  draftPlaces?: ReadonlyMap<string, readonly DraftPlace[]>;
  /** A draft's place chosen: its reasons, and the person changed. */
  onSelectPlace?: (place: DraftPlace) => void;
  /** Under a cell with places still open (needed − pending − confirmed > 0): its SOS (docs/product.md §10). */
  renderOpenCell?: (cell: GapCell, label: string) => ReactNode;
  /** Under an event's name: its "Lembrar quem não respondeu" (docs/product.md §10). */
  renderEventActions?: (event: OverviewEvent['event'], label: string) => ReactNode;
  /** Open cover requests and places taken by cover or sign-up, by cell (`healingByCell`). */
  healing?: ReadonlyMap<string, CellHealing>;
}

const rowDateFormats = new Map<string, Intl.DateTimeFormat>();

/** `dom., 22/11 · 19:00`: short enough for the matrix's first column on a phone. */
function shortDateTime(iso: string, timeZone: string): string {
  let format = rowDateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('pt-BR', { timeZone, weekday: 'short', day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' });
    rowDateFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('weekday')}, ${part('day')}/${part('month')} · ${part('hour')}:${part('minute')}`;
}

export function columnLabel(column: MatrixColumn): string {
  return column.position ? `${column.department.name} — ${column.position.name}` : `${column.department.name} — qualquer função`;
}

/** Where an event happens: its church, or the whole network. */
function churchLabel(churchId: number | null, churches: readonly Church[] | undefined): string {
  if (churchId === null) return 'Toda a rede';
  return churches?.find((church) => church.id === churchId)?.name ?? '';
}

/**
 * The gap matrix: one row per event (date, name, church), one column per department and position; each cell
 * says how many of the people needed are allocated, with an icon and a word for its state (never colour alone),
 * and is a button that opens the allocation for that event and position. It scrolls sideways inside its own
 * region, the event column staying in view. It is a WAI-ARIA grid, one Tab stop: the arrow keys move between the
 * cells' buttons (useGridFocus). Each button's name starts with what it shows ("0/3 Falta"), then says where.
 */
export function GapMatrix({
  layout,
  churches,
  timeZone,
  onSelect,
  onEditNeeds,
  draftPlaces,
  onSelectPlace,
  renderOpenCell,
  renderEventActions,
  healing,
}: GapMatrixProps) {
  const captionId = useId();
  const { bodyRef, onKeyDown, onFocus } = useGridFocus<HTMLTableSectionElement>();
  return (
    <div className="gap-matrix__scroller" role="region" aria-labelledby={captionId}>
      <table className="gap-matrix" role="grid">
        <caption id={captionId} className="gap-matrix__caption">
          Lacunas por evento e função
        </caption>
        <thead>
          <tr>
            <th scope="col" rowSpan={2} className="gap-matrix__corner">
              Evento
            </th>
            {layout.departments.map(({ department, columns }) => (
              <th key={department.id} scope="colgroup" colSpan={columns.length} className="gap-matrix__department">
                {department.name}
              </th>
            ))}
          </tr>
          <tr>
            {layout.columns.map((column) => (
              <th key={column.key} scope="col" className="gap-matrix__position">
                {column.position?.name ?? 'Qualquer função'}
              </th>
            ))}
          </tr>
        </thead>
        <tbody ref={bodyRef} onKeyDown={onKeyDown} onFocus={onFocus}>
          {layout.rows.map((row) => {
            const church = churchLabel(row.event.church_id, churches);
            const eventLabel = `${eventName(row.event)}, ${eventDateTime(row.event, timeZone)}`;
            const zone = eventZoneOf(row.event, timeZone);
            return (
              <tr key={row.event.id} data-event-id={row.event.id}>
                <th scope="row" className="gap-matrix__event">
                  <span className="gap-matrix__date">
                    {shortDateTime(row.event.datetime, zone)}
                    {zoneSuffix(zone, timeZone)}
                  </span>
                  <span className="gap-matrix__name">{eventName(row.event)}</span>
                  {church ? <span className="gap-matrix__church">{church}</span> : null}
                  {onEditNeeds ? (
                    <button
                      type="button"
                      className="gap-matrix__needs"
                      aria-label={`Necessidades: ${eventLabel}`}
                      onClick={() => onEditNeeds(row.event)}
                    >
                      Necessidades
                    </button>
                  ) : null}
                  {renderEventActions?.(row.event, eventLabel)}
                </th>
                {layout.columns.map((column) => {
                  const need = needIn(row, column);
                  if (!need) {
                    return (
                      <td key={column.key} className="gap-matrix__cell gap-matrix__cell--none" data-column={column.key}>
                        <span aria-hidden="true">—</span>
                        <span className="visually-hidden">Sem necessidade</span>
                      </td>
                    );
                  }
                  const status = gapStatusOf(need);
                  const { icon } = GAP_STATUS_TEXT[status];
                  const { word, spoken } = gapStatusText(status, need);
                  const filled = need.pending + need.confirmed;
                  const cellKey = placeCellKey(row.event.id, column.department, column.position);
                  const places = draftPlaces?.get(cellKey) ?? [];
                  const healed = healing?.get(cellKey);
                  const where = `${columnLabel(column)}, ${eventLabel}`;
                  return (
                    <td key={column.key} className={`gap-matrix__cell gap-matrix__cell--${status}`} data-column={column.key} data-status={status}>
                      <button
                        type="button"
                        className="gap-matrix__button"
                        aria-label={`${filled}/${need.needed} ${word} — ${columnLabel(column)}, ${eventLabel}: ${filled} de ${need.needed} (${needAnswers(need)}). ${spoken}.`}
                        onClick={() => onSelect({ event: row.event, column, need })}
                      >
                        {/* Spaces between the parts: the button's text reads "0/1 Vazia", as its name begins. */}
                        <span className="gap-matrix__icon" aria-hidden="true">
                          {icon}
                        </span>{' '}
                        <span className="gap-matrix__count">
                          {filled}/{need.needed}
                        </span>{' '}
                        <span className="gap-matrix__status">{word}</span>
                      </button>
                      {healed ? <CellHealingNotes healing={healed} timeZone={timeZone} /> : null}
                      {places.length > 0 ? (
                        <div className="gap-matrix__places">
                          {places.map((place) => (
                            <button
                              key={place.id}
                              type="button"
                              className={`gap-matrix__place gap-matrix__place--${place.user ? 'proposal' : 'empty'}`}
                              data-place-id={place.id}
                              aria-label={place.user ? `Proposta: ${place.user.name} — ${where}` : `Por que vazio? ${where}`}
                              onClick={() => onSelectPlace?.(place)}
                            >
                              {place.user ? (
                                <>
                                  <span className="gap-matrix__place-tag">Proposta</span>{' '}
                                  <span className="gap-matrix__place-name">{place.user.name}</span>
                                </>
                              ) : (
                                <span className="gap-matrix__place-why">Por que vazio?</span>
                              )}
                            </button>
                          ))}
                        </div>
                      ) : null}
                      {filled < need.needed ? renderOpenCell?.({ event: row.event, column, need }, where) : null}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
