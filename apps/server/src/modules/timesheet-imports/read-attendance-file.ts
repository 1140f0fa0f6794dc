import { IMPORT_FILE_EMPTY, IMPORT_FILE_UNREADABLE, IMPORT_TOO_MANY_ROWS } from '@td/shared/schemas/timesheet-import';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { badRequest } from '../../lib/errors.ts';

/** A cell as the file holds it: Excel keeps dates and times as dates (or day fractions), CSV as text. */
export type Cell = string | number | Date | null;

export interface AttendanceFile {
  headers: string[];
  /** The data rows, each with its line in the file (the header is line 1). */
  rows: Array<{ line: number; cells: Cell[] }>;
}

/** Decision 091: a month of a 2,000-worker site is about 50,000 rows; twice that is refused. */
export const MAX_IMPORT_ROWS = 100_000;

const unreadable = () => badRequest(IMPORT_FILE_UNREADABLE, { file: IMPORT_FILE_UNREADABLE });

/** An .xlsx file is a ZIP archive: it starts with `PK\x03\x04`. */
const isXlsx = (data: Buffer) =>
  data.length > 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 3 && data[3] === 4;

/** The first sheet of an .xlsx file, or the rows of a CSV file (UTF-8, with or without a BOM; comma or semicolon). */
export async function readAttendanceFile(data: Buffer): Promise<AttendanceFile> {
  const table = isXlsx(data) ? await readXlsx(data) : readCsv(data);
  const [headerRow, ...body] = table;
  if (!headerRow) throw badRequest(IMPORT_FILE_EMPTY, { file: IMPORT_FILE_EMPTY });
  const headers = headerRow.map((cell) => textOf(cell).trim());
  const rows = body
    .map((cells, index) => ({ line: index + 2, cells }))
    .filter((row) => row.cells.some((cell) => textOf(cell).trim() !== ''));
  if (rows.length === 0) throw badRequest(IMPORT_FILE_EMPTY, { file: IMPORT_FILE_EMPTY });
  if (rows.length > MAX_IMPORT_ROWS) throw badRequest(IMPORT_TOO_MANY_ROWS, { file: IMPORT_TOO_MANY_ROWS });
  return { headers, rows };
}

function readCsv(data: Buffer): Cell[][] {
  const text = data.toString('utf8');
  if (text.includes('\u0000')) throw unreadable();
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  try {
    return parse(text, { bom: true, delimiter, relax_column_count: true, skip_empty_lines: true }) as string[][];
  } catch {
    throw unreadable();
  }
}

async function readXlsx(data: Buffer): Promise<Cell[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw unreadable();
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw unreadable();
  const table: Cell[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: Cell[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellValue(cell.value);
    });
    table[rowNumber - 1] = cells;
  });
  return Array.from(table, (row) => Array.from(row ?? [], (cell) => cell ?? null));
}

/** A cell's value: formulas by their result, rich text as its text, hyperlinks by their text. */
function cellValue(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || value instanceof Date) return value;
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'object') {
    if ('result' in value) return cellValue(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return String(value.text);
  }
  return null;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The text of a cell as a person reads it (an Excel date as `YYYY-MM-DD`, a time as `HH:MM`). */
export function textOf(cell: Cell): string {
  if (cell === null) return '';
  if (cell instanceof Date) return excelDateText(cell);
  return String(cell);
}

/** Excel stores local dates and times without a zone; ExcelJS hands them over as UTC. */
export function excelDateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  if (date.getUTCFullYear() <= 1900) return excelTimeText(date);
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

export function excelTimeText(date: Date): string {
  // Rounded to the minute: Excel's floating point leaves 07:29:59.999 for 07:30.
  const minutes = Math.round((date.getUTCHours() * 3600 + date.getUTCMinutes() * 60 + date.getUTCSeconds()) / 60);
  return `${pad(Math.floor(minutes / 60) % 24)}:${pad(minutes % 60)}`;
}

/** A time cell: text, an Excel time (a date on 1899-12-30) or a fraction of a day. */
export function timeCellText(cell: Cell): string {
  if (cell instanceof Date) return excelTimeText(cell);
  if (typeof cell === 'number' && cell >= 0 && cell < 1) {
    const minutes = Math.round(cell * 24 * 60);
    return `${pad(Math.floor(minutes / 60) % 24)}:${pad(minutes % 60)}`;
  }
  return textOf(cell);
}

/** A date cell: an Excel date is read as it is, whatever the format chosen for text dates. */
export function dateCellIso(cell: Cell): string | null {
  if (cell instanceof Date && !Number.isNaN(cell.getTime()) && cell.getUTCFullYear() > 1900) {
    return excelDateText(cell);
  }
  return null;
}
