import { useCallback, useLayoutEffect, useRef, type FocusEvent, type KeyboardEvent } from 'react';

const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled])';

/** The controls of a table cell, in the order they are read. */
function controlsOf(cell: Element): HTMLElement[] {
  return [...cell.querySelectorAll<HTMLElement>(FOCUSABLE)];
}

interface Spot {
  row: HTMLTableRowElement;
  cell: HTMLTableCellElement;
  item: number;
}

function spotOf(control: HTMLElement): Spot | null {
  const cell = control.closest<HTMLTableCellElement>('td, th');
  const row = cell?.parentElement;
  if (!cell || !(row instanceof HTMLTableRowElement)) return null;
  return { row, cell, item: controlsOf(cell).indexOf(control) };
}

/** The nearest cell of `cells` (in reading order) after (`step` 1) or before (−1) `index` that has controls. */
function nearestWithControls(cells: readonly Element[], index: number, step: 1 | -1): Element | undefined {
  for (let at = index + step; at >= 0 && at < cells.length; at += step) {
    if (controlsOf(cells[at]!).length > 0) return cells[at];
  }
  return undefined;
}

/**
 * A table body as one Tab stop, as the WAI-ARIA grid pattern wants (docs/product.md §8, the gap matrix): every
 * control in its cells gets `tabindex="-1"` but the one last focused (the first at the start), and the arrow keys
 * move between them — up and down through a cell's controls and on to the nearest cell above or below, left and
 * right to the nearest cell of the row at the same place in it, Home and End to the row's first and last, Ctrl+Home
 * and Ctrl+End to the table's. The tab indexes are set on the DOM after each render, so the controls other
 * features render inside the cells take part too.
 */
export function useGridFocus<Body extends HTMLElement>() {
  const bodyRef = useRef<Body>(null);
  const activeRef = useRef<HTMLElement | null>(null);

  const rove = useCallback((active: HTMLElement | null) => {
    const body = bodyRef.current;
    if (!body) return;
    const controls = [...body.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const current = active && controls.includes(active) ? active : (controls[0] ?? null);
    activeRef.current = current;
    for (const control of controls) control.tabIndex = control === current ? 0 : -1;
  }, []);

  // No dependency list: the cells' controls change with every render of the table, and so must the tab indexes.
  useLayoutEffect(() => rove(activeRef.current));

  const onFocus = useCallback((focus: FocusEvent<Body>) => {
    if (focus.target instanceof HTMLElement && focus.target.matches(FOCUSABLE)) rove(focus.target);
  }, [rove]);

  const onKeyDown = useCallback((keyDown: KeyboardEvent<Body>) => {
    const body = bodyRef.current;
    const target = keyDown.target as HTMLElement;
    // Buttons and links only: a text field or a select keeps its own arrow keys, Home and End.
    const here = body && target.matches('button, a[href]') ? spotOf(target) : null;
    if (!body || !here) return;
    const rows = [...body.querySelectorAll<HTMLTableRowElement>(':scope > tr')];
    const cells = [...here.row.cells];
    let next: HTMLElement | undefined;
    switch (keyDown.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        const step = keyDown.key === 'ArrowDown' ? 1 : -1;
        next = controlsOf(here.cell)[here.item + step];
        if (!next) {
          const column = rows.map((row) => row.cells[here.cell.cellIndex]).filter((cell): cell is HTMLTableCellElement => cell !== undefined);
          const cell = nearestWithControls(column, column.indexOf(here.cell), step);
          const controls = cell ? controlsOf(cell) : [];
          next = step > 0 ? controls[0] : controls[controls.length - 1];
        }
        break;
      }
      case 'ArrowRight':
      case 'ArrowLeft': {
        const cell = nearestWithControls(cells, here.cell.cellIndex, keyDown.key === 'ArrowRight' ? 1 : -1);
        const controls = cell ? controlsOf(cell) : [];
        next = controls[Math.min(here.item, controls.length - 1)];
        break;
      }
      case 'Home':
      case 'End': {
        const controls = keyDown.ctrlKey ? [...body.querySelectorAll<HTMLElement>(FOCUSABLE)] : cells.flatMap(controlsOf);
        next = keyDown.key === 'Home' ? controls[0] : controls[controls.length - 1];
        break;
      }
      default:
        return;
    }
    if (!next) return;
    keyDown.preventDefault();
    next.focus();
  }, []);

  return { bodyRef, onFocus, onKeyDown };
}
