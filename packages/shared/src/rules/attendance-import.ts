/**
 * Decision 091: reading an attendance system's dates and times. Pure: the import's preview, its tests
 * and the web's mapping form use the same rules.
 */

/** The date formats offered; `DD/MM/YYYY` is the Singapore default. Day and month may have one digit. */
export const IMPORT_DATE_FORMATS = ['DD/MM/YYYY', 'YYYY-MM-DD', 'MM/DD/YYYY', 'DD-MM-YYYY', 'DD.MM.YYYY'] as const;
export type ImportDateFormat = (typeof IMPORT_DATE_FORMATS)[number];

const PATTERNS: Record<
  ImportDateFormat,
  { pattern: RegExp; order: ['d' | 'm' | 'y', 'd' | 'm' | 'y', 'd' | 'm' | 'y'] }
> = {
  'DD/MM/YYYY': { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: ['d', 'm', 'y'] },
  'YYYY-MM-DD': { pattern: /^(\d{4})-(\d{1,2})-(\d{1,2})$/, order: ['y', 'm', 'd'] },
  'MM/DD/YYYY': { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: ['m', 'd', 'y'] },
  'DD-MM-YYYY': { pattern: /^(\d{1,2})-(\d{1,2})-(\d{4})$/, order: ['d', 'm', 'y'] },
  'DD.MM.YYYY': { pattern: /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/, order: ['d', 'm', 'y'] },
};

const pad = (value: number) => String(value).padStart(2, '0');

/** `YYYY-MM-DD` of a text date in `format`, or null when it is not one (31/02 included). */
export function readImportDate(text: string, format: ImportDateFormat): string | null {
  const { pattern, order } = PATTERNS[format];
  const match = pattern.exec(text.trim());
  if (!match) return null;
  const parts: Record<'d' | 'm' | 'y', number> = { d: 0, m: 0, y: 0 };
  order.forEach((part, index) => {
    parts[part] = Number(match[index + 1]);
  });
  const date = new Date(Date.UTC(parts.y, parts.m - 1, parts.d));
  if (date.getUTCFullYear() !== parts.y || date.getUTCMonth() !== parts.m - 1 || date.getUTCDate() !== parts.d) {
    return null;
  }
  return `${parts.y}-${pad(parts.m)}-${pad(parts.d)}`;
}

/**
 * `HH:MM` (24-hour) of a time as attendance systems write it: `07:30`, `7:30`, `07:30:15` (seconds
 * dropped), `7:30 AM`, `7:30pm`, `12:05 AM` (00:05). Null when it is none of these.
 */
export function readImportTime(text: string): string | null {
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?$/.exec(text.trim());
  if (!match) return null;
  let hours = Number(match[1]);
  const minutes = Number(match[2]);
  const seconds = match[3] === undefined ? 0 : Number(match[3]);
  if (minutes > 59 || seconds > 59) return null;
  const half = match[4]?.toUpperCase();
  if (half) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (half === 'PM' ? 12 : 0);
  } else if (hours > 23) return null;
  return `${pad(hours)}:${pad(minutes)}`;
}

/** A worker's name as matched: lower case, single spaces. */
export const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** The column the error file adds (decision 091); ignored when a fixed file comes back. */
export const REASON_COLUMN = 'Reason';

/** The headers of a file as one key: a saved mapping is offered for a file with the same ones (any order). */
export function headersKey(headers: readonly string[]): string {
  return JSON.stringify(
    headers
      .map((header) => header.trim().toLowerCase())
      .filter((header) => header !== '' && header !== REASON_COLUMN.toLowerCase())
      .sort(),
  );
}
