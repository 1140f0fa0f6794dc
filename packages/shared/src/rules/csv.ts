/**
 * CSV for spreadsheets (decision 024), RFC 4180: fields with a comma, quote or line break are
 * quoted, quotes doubled, lines end in CRLF.
 *
 * Formula injection (OWASP "CSV Injection"): a text cell that starts with `=`, `+`, `-` or `@` (or a tab
 * or carriage return, which some spreadsheets skip before reading a formula) would be run as a formula
 * by Excel, LibreOffice or Google Sheets. Such text gets a leading `'`, which they show as text.
 * Numbers are written as numbers (a negative number is not a formula).
 */
export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The whole file: a byte order mark first, so Excel reads the names' accents as UTF-8, then the header
 * row and the rows.
 */
export function toCsv(header: ReadonlyArray<string>, rows: ReadonlyArray<ReadonlyArray<CsvCell>>): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
