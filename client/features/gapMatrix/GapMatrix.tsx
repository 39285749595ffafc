import { useId, type KeyboardEvent } from 'react';
import { formatDateTime } from '../../../shared/formats.ts';
import type { Church } from '../../../shared/schemas/network.ts';
import type { OverviewEvent, OverviewNeed } from '../../../shared/schemas/needs.ts';
import { eventName } from '../../kit/eventName.ts';
import { GAP_STATUS_TEXT, gapStatusOf, gapStatusText, needAnswers } from './gapStatus.ts';
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

/** Arrow keys move between the cells' buttons (Tab and Shift+Tab still go through them one by one). */
function moveFocus(keyDown: KeyboardEvent<HTMLTableSectionElement>): void {
  const target = keyDown.target as HTMLElement;
  const row = Number(target.dataset.row);
  const column = Number(target.dataset.col);
  if (Number.isNaN(row) || Number.isNaN(column)) return;
  const steps: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  const step = steps[keyDown.key];
  if (!step) return;
  const buttons = [...keyDown.currentTarget.querySelectorAll<HTMLButtonElement>('button[data-row]')];
  const [dRow, dColumn] = step;
  // The nearest button in that direction (cells without a need have none).
  const next = buttons
    .filter((button) => {
      const r = Number(button.dataset.row);
      const c = Number(button.dataset.col);
      return dRow !== 0 ? c === column && Math.sign(r - row) === dRow : r === row && Math.sign(c - column) === dColumn;
    })
    .sort((a, b) =>
      dRow !== 0
        ? Math.abs(Number(a.dataset.row) - row) - Math.abs(Number(b.dataset.row) - row)
        : Math.abs(Number(a.dataset.col) - column) - Math.abs(Number(b.dataset.col) - column),
    )[0];
  if (!next) return;
  keyDown.preventDefault();
  next.focus();
}

/**
 * The gap matrix: one row per event (date, name, church), one column per department and position; each cell
 * says how many of the people needed are allocated, with an icon and a word for its state (never colour alone),
 * and is a button that opens the allocation for that event and position. It scrolls sideways inside its own
 * region, the event column staying in view.
 */
export function GapMatrix({ layout, churches, timeZone, onSelect, onEditNeeds }: GapMatrixProps) {
  const captionId = useId();
  return (
    <div className="gap-matrix__scroller" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="gap-matrix">
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
        <tbody onKeyDown={moveFocus}>
          {layout.rows.map((row, rowIndex) => {
            const church = churchLabel(row.event.church_id, churches);
            const eventLabel = `${eventName(row.event)}, ${formatDateTime(row.event.datetime, timeZone)}`;
            return (
              <tr key={row.event.id} data-event-id={row.event.id}>
                <th scope="row" className="gap-matrix__event">
                  <span className="gap-matrix__date">{shortDateTime(row.event.datetime, timeZone)}</span>
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
                </th>
                {layout.columns.map((column, columnIndex) => {
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
                  return (
                    <td key={column.key} className={`gap-matrix__cell gap-matrix__cell--${status}`} data-column={column.key} data-status={status}>
                      <button
                        type="button"
                        className="gap-matrix__button"
                        data-row={rowIndex}
                        data-col={columnIndex}
                        aria-label={`${columnLabel(column)}, ${eventLabel}: ${filled} de ${need.needed} (${needAnswers(need)}). ${spoken}.`}
                        onClick={() => onSelect({ event: row.event, column, need })}
                      >
                        <span className="gap-matrix__icon" aria-hidden="true">
                          {icon}
                        </span>
                        <span className="gap-matrix__count">
                          {filled}/{need.needed}
                        </span>
                        <span className="gap-matrix__status">{word}</span>
                      </button>
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
