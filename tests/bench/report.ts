import fs from 'node:fs';
import path from 'node:path';

export interface Target {
  op: '<=' | '>=';
  value: number;
}

export interface Figure {
  name: string;
  value: number | null;
  unit: string;
  target?: Target;
  /** Set by `figure()` when there is a target. */
  met?: boolean;
  note?: string;
  /** Longer context kept in results.json only (e.g. a query plan). */
  detail?: string;
}

export interface SectionResult {
  id: string;
  title: string;
  /** HTTP requests the section made (load runs, fetches, page loads). */
  requests: number;
  figures: Figure[];
  /** Non-2xx answers, failed runs, crashes: any of them makes the bench exit non-zero. */
  failures: string[];
  /** Why the section did not run (e.g. PostgreSQL absent); a skipped section is not a failure. */
  skipped?: string;
  seconds?: number;
}

export function figure(name: string, value: number | null, unit: string, target?: Target, note?: string): Figure {
  const result: Figure = { name, value: value === null ? null : round(value), unit };
  if (target) {
    result.target = target;
    result.met = value !== null && (target.op === '<=' ? value <= target.value : value >= target.value);
  }
  if (note) result.note = note;
  return result;
}

export function round(value: number): number {
  if (!Number.isFinite(value)) return value;
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : Math.abs(value) >= 1 ? 2 : 3;
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

function formatValue(f: Figure): string {
  if (f.value === null) return '—';
  return `${f.value.toLocaleString('en-US')} ${f.unit}`.trim();
}

function formatTarget(f: Figure): string {
  if (!f.target) return '';
  return `${f.target.op === '<=' ? '≤' : '≥'} ${f.target.value.toLocaleString('en-US')} ${f.unit}`.trim();
}

/** A plain-text table, one block per section (also pasteable into the README as a code block). */
export function renderTable(sections: SectionResult[]): string {
  const rows: string[][] = [['Figure', 'Value', 'Target', 'Result']];
  const sectionRows = new Set<number>();
  for (const section of sections) {
    sectionRows.add(rows.length);
    const status = section.skipped
      ? `skipped: ${section.skipped}`
      : `${section.requests.toLocaleString('en-US')} requests${section.seconds !== undefined ? `, ${section.seconds.toFixed(0)} s` : ''}`;
    rows.push([`${section.title}`, '', '', status]);
    for (const f of section.figures) {
      rows.push([`  ${f.name}${f.note ? ` (${f.note})` : ''}`, formatValue(f), formatTarget(f), f.met === undefined ? '' : f.met ? 'met' : 'MISSED']);
    }
    for (const failure of section.failures) rows.push([`  FAILURE: ${failure}`, '', '', '']);
  }
  const widths = rows[0]!.map((_, column) =>
    Math.max(...rows.map((row, index) => (sectionRows.has(index) && column === 0 ? 0 : row[column]!.length))),
  );
  const line = (row: string[]) => row.map((cell, column) => cell.padEnd(widths[column]!)).join(' │ ').trimEnd();
  const rule = widths.map((width) => '─'.repeat(width)).join('─┼─');
  const out: string[] = [line(rows[0]!), rule];
  rows.slice(1).forEach((row, offset) => {
    const index = offset + 1;
    if (sectionRows.has(index)) {
      if (index > 1) out.push(rule);
      out.push(`${row[0]} — ${row[3]}`);
    } else {
      out.push(line(row));
    }
  });
  return out.join('\n');
}

export function writeResults(file: string, data: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
}
