import { CsvError, parse, type InfoRecord } from 'csv-parse/sync';
import { nameKey } from '../../shared/nameKey.ts';
import {
  TEAM_IMPORT_OPTIONAL_COLUMNS,
  TEAM_IMPORT_POSITION_SEPARATOR,
  TEAM_IMPORT_REQUIRED_COLUMNS,
} from '../../shared/schemas/teamImport.ts';
import { cachedNameKey } from './cachedNameKey.ts';
import { InvalidCsv } from './errors.ts';

type Column = (typeof TEAM_IMPORT_REQUIRED_COLUMNS)[number] | (typeof TEAM_IMPORT_OPTIONAL_COLUMNS)[number];

/** One data row as written (cells trimmed, each run of spaces and line breaks one space), with the line of the file it starts on (the header is line 1). */
export interface CsvRow {
  line: number;
  name: string;
  email: string;
  church: string;
  department: string;
  phone: string;
  /** The `funcoes` cell split on `|`, blanks dropped. */
  positions: string[];
}

/** A header cell as a column name: "E-mail" → email, "Funções" → funcoes. */
const columnOf = (cell: string) => nameKey(cell).replace(/[^a-z0-9]/g, '');

/**
 * The delimiter a pt-BR spreadsheet used, read from the header row: Excel in pt-BR writes `;` (the comma is the
 * decimal separator there), Google Sheets `,`.
 */
export function detectDelimiter(text: string): ';' | ',' {
  const header = text.slice(0, text.indexOf('\n') === -1 ? undefined : text.indexOf('\n'));
  const count = (char: string) => header.split(char).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

function unreadable(error: unknown): InvalidCsv {
  if (error instanceof CsvError) {
    const line = (error as CsvError & { lines?: number }).lines;
    if (error.code === 'CSV_QUOTE_NOT_CLOSED') return new InvalidCsv(`O arquivo tem aspas abertas que não se fecham (a partir da linha ${line}).`);
    return new InvalidCsv(`O arquivo não pôde ser lido como CSV (linha ${line}).`);
  }
  return new InvalidCsv('O arquivo não pôde ser lido como CSV.');
}

/**
 * The rows of an import file (docs/product.md §13), decoded text in: the header names the columns (in any order,
 * without accents or case mattering; extra columns are ignored), each later record is a row, and blank rows (Excel's
 * `;;;;` among them) are skipped. Line ends may be CRLF, LF or CR. `InvalidCsv` for a file that is not CSV, or
 * whose header lacks a required column, or that has no row.
 */
export function parseTeamCsv(text: string): CsvRow[] {
  // One line end for the parser and the line count; a line break inside a quoted cell becomes LF, which no name,
  // e-mail or position keeps anyway.
  const normalised = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (normalised.trim() === '') throw new InvalidCsv('O arquivo está vazio.');
  // `info: true` makes each record `{ record, info }`, which the sync API's types do not say.
  let records: Array<{ record: string[]; info: InfoRecord }>;
  try {
    records = parse(normalised, {
      delimiter: detectDelimiter(normalised),
      record_delimiter: '\n',
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      info: true,
    }) as unknown as Array<{ record: string[]; info: InfoRecord }>;
  } catch (error) {
    throw unreadable(error);
  }

  const [header, ...body] = records;
  const columns = new Map<Column, number>();
  const known: readonly string[] = [...TEAM_IMPORT_REQUIRED_COLUMNS, ...TEAM_IMPORT_OPTIONAL_COLUMNS];
  header!.record.forEach((cell, index) => {
    const column = columnOf(cell);
    if (known.includes(column) && !columns.has(column as Column)) columns.set(column as Column, index);
  });
  const missing = TEAM_IMPORT_REQUIRED_COLUMNS.filter((column) => !columns.has(column));
  if (missing.length > 0) {
    throw new InvalidCsv(
      `O cabeçalho (linha 1) precisa das colunas ${TEAM_IMPORT_REQUIRED_COLUMNS.join(', ')}; ${missing.length === 1 ? 'falta' : 'faltam'}: ${missing.join(', ')}.`,
    );
  }

  const rows: CsvRow[] = [];
  const keyOf = cachedNameKey();
  // Every line is a record (blank ones too), so a record starts on the line after the one the previous ended on.
  let previousEnd = header!.info.lines;
  for (const { record, info } of body) {
    const line = previousEnd + 1;
    previousEnd = info.lines;
    const cell = (column: Column) => {
      const index = columns.get(column);
      // A line break typed inside a cell (Alt+Enter in Excel) is a space like any other.
      return index === undefined ? '' : (record[index] ?? '').trim().replace(/\s+/g, ' ');
    };
    if (record.every((value) => value.trim() === '')) continue;
    const positions = new Map<string, string>();
    for (const name of cell('funcoes').split(TEAM_IMPORT_POSITION_SEPARATOR)) {
      const trimmed = name.trim();
      if (trimmed !== '' && !positions.has(keyOf(trimmed))) positions.set(keyOf(trimmed), trimmed);
    }
    rows.push({
      line,
      name: cell('nome'),
      email: cell('email'),
      church: cell('igreja'),
      department: cell('departamento'),
      phone: cell('telefone'),
      positions: [...positions.values()],
    });
  }
  if (rows.length === 0) throw new InvalidCsv('O arquivo não tem nenhuma linha de dados depois do cabeçalho.');
  return rows;
}
