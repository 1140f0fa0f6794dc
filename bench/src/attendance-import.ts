import type { Client } from './stack.ts';

/**
 * Decision 091's budget: a month of a 2,000-worker site, about 50,000 attendance rows, previews in
 * <= 5 s and imports in <= 5 s, each timed as the import screen sends it: one multipart upload, then
 * Import. The workers are the demo's own (matched by TD- id); the month is one the demo left empty of
 * timesheets for them, so every row is new.
 */
export const IMPORT_WORKERS = 2000;
export const IMPORT_DAYS = 25;

interface Preview {
  id: string;
  counts: { new: number; duplicate: number; conflict: number; error: number };
}

/** The CSV an attendance system would export: TD- id, date (DD/MM/YYYY), in, out. */
export function attendanceCsv(workerCodes: readonly string[], month: string, days = IMPORT_DAYS): string {
  const [year, monthNumber] = month.split('-');
  const lines = ['Employee,Date,In,Out'];
  for (let day = 1; day <= days; day += 1) {
    const date = `${String(day).padStart(2, '0')}/${monthNumber}/${year}`;
    for (const code of workerCodes) lines.push(`${code},${date},08:00,17:30`);
  }
  return `${lines.join('\n')}\n`;
}

export interface ImportTiming {
  previewSeconds: number;
  importSeconds: number;
  rows: number;
  created: number;
}

export async function attendanceImportAsTheScreen(client: Client, csv: string): Promise<ImportTiming> {
  const form = new FormData();
  form.set(
    'mapping',
    JSON.stringify({ worker: 'Employee', date: 'Date', date_format: 'DD/MM/YYYY', time_in: 'In', time_out: 'Out' }),
  );
  form.set('file', new Blob([csv], { type: 'text/csv' }), 'attendance.csv');
  let started = performance.now();
  const response = await fetch(`${client.origin}/api/timesheet-imports`, {
    method: 'POST',
    headers: { cookie: client.cookie, origin: client.origin },
    body: form,
  });
  const text = await response.text();
  const previewSeconds = (performance.now() - started) / 1000;
  if (!response.ok) throw new Error(`attendance import preview: ${response.status} ${text.slice(0, 300)}`);
  const preview = JSON.parse(text) as Preview;
  started = performance.now();
  const applied = await client.json<{ created: number }>('POST', `/api/timesheet-imports/${preview.id}/apply`);
  return {
    previewSeconds,
    importSeconds: (performance.now() - started) / 1000,
    rows: Object.values(preview.counts).reduce((sum, count) => sum + count, 0),
    created: applied.body.created,
  };
}
