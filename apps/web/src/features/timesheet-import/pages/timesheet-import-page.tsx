import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IMPORT_DATE_FORMATS } from '@td/shared/rules/attendance-import';
import type { ImportInspection, ImportMapping, ImportPreview, ImportRow } from '@td/shared/schemas/timesheet-import';
import { IMPORT_FILE_TOO_LARGE } from '@td/shared/schemas/timesheet-import';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert.tsx';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { CheckboxField } from '@/components/ui/checkbox-field.tsx';
import { fileInputClasses } from '@/components/ui/file-upload-field.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useToast } from '@/components/ui/toast.tsx';
import { siteQueries } from '@/features/sites/public/site-queries.ts';
import { ApiError, api } from '@/lib/api-client.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { ImportPreviewRows, OUTCOME_LABELS } from '../components/import-preview-rows.tsx';

/** Decision 091: the server refuses more; checked here first so a large file is not sent for nothing. */
const MAX_BYTES = 20 * 1024 * 1024;

/** Sends the form with XMLHttpRequest for its upload progress (fetch has none). */
function uploadWithProgress<T>(url: string, form: FormData, onProgress: (share: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onerror = () =>
      reject(new ApiError(0, 'Cannot reach the server. Please check your connection and try again.', 'NETWORK'));
    request.onload = () => {
      const body = (() => {
        try {
          return JSON.parse(request.responseText);
        } catch {
          return null;
        }
      })();
      if (request.status >= 200 && request.status < 300) resolve(body as T);
      else
        reject(
          new ApiError(
            request.status,
            body?.error?.message ?? 'The upload failed.',
            body?.error?.code ?? 'ERROR',
            body?.error?.fields ?? {},
          ),
        );
    };
    request.send(form);
  });
}

type Mapping = {
  worker: string;
  date: string;
  date_format: string;
  time_in: string;
  time_out: string;
  site: string;
  notes: string;
};
const EMPTY_MAPPING: Mapping = {
  worker: '',
  date: '',
  date_format: 'DD/MM/YYYY',
  time_in: '',
  time_out: '',
  site: '',
  notes: '',
};

/** Guesses a column by its header, for the first file with these headers. */
function guess(headers: readonly string[], ...words: string[]): string {
  return headers.find((header) => words.some((word) => header.toLowerCase().includes(word))) ?? '';
}

/** Decision 091: upload, map the columns, preview every row, then Import; conflicts one by one. */
export function TimesheetImportPage() {
  usePageTitle('Import Attendance');
  const toast = useToast();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [inspection, setInspection] = useState<ImportInspection | null>(null);
  const [mapping, setMapping] = useState<Mapping>(EMPTY_MAPPING);
  const [punches, setPunches] = useState(false);
  const [siteId, setSiteId] = useState('');
  const [mappingName, setMappingName] = useState('');
  const [progress, setProgress] = useState<{ label: string; share: number | null } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [created, setCreated] = useState<number | null>(null);
  const sites = useQuery(siteQueries.active());

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setInspection(null);
    setPreview(null);
    setCreated(null);
    setProblem(null);
    if (!chosen) return;
    if (chosen.size > MAX_BYTES) {
      setProblem(IMPORT_FILE_TOO_LARGE);
      return;
    }
    const form = new FormData();
    form.set('file', chosen);
    try {
      setProgress({ label: 'Reading the file', share: 0 });
      const found = await uploadWithProgress<ImportInspection>('/api/timesheet-imports/inspect', form, (share) =>
        setProgress({ label: 'Reading the file', share }),
      );
      setInspection(found);
      const saved = found.mappings[0];
      if (saved) {
        applySaved(saved.mapping);
        toast.show({ title: `Saved mapping "${saved.name}" applied`, tone: 'info' });
      } else {
        const h = found.headers;
        setMapping({
          ...EMPTY_MAPPING,
          worker: guess(h, 'fin', 'worker', 'employee', 'name', 'id'),
          date: guess(h, 'date', 'day'),
          time_in: guess(h, 'in', 'start', 'punch'),
          time_out: guess(h, 'out', 'end', 'punch'),
          site: guess(h, 'site', 'project'),
          notes: guess(h, 'note', 'remark'),
        });
        setPunches(false);
      }
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The file could not be read.');
    } finally {
      setProgress(null);
    }
  };

  const applySaved = (saved: ImportInspection['mappings'][number]['mapping']) => {
    setMapping({ ...EMPTY_MAPPING, ...saved, site: saved.site ?? '', notes: saved.notes ?? '' });
    setPunches(saved.time_in === saved.time_out);
  };

  const mappingToSend = (): ImportMapping => ({
    worker: mapping.worker,
    date: mapping.date,
    date_format: mapping.date_format as ImportMapping['date_format'],
    time_in: mapping.time_in,
    time_out: punches ? mapping.time_in : mapping.time_out,
    site: mapping.site || undefined,
    notes: mapping.notes || undefined,
  });

  const runPreview = async () => {
    if (!file) return;
    const form = new FormData();
    form.set('mapping', JSON.stringify(mappingToSend()));
    if (siteId) form.set('site_id', siteId);
    form.set('file', file);
    setProblem(null);
    setCreated(null);
    try {
      setProgress({ label: 'Uploading', share: 0 });
      const answer = await uploadWithProgress<ImportPreview>('/api/timesheet-imports', form, (share) =>
        setProgress(share >= 1 ? { label: 'Checking every row', share: null } : { label: 'Uploading', share }),
      );
      setPreview(answer);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The preview failed.');
    } finally {
      setProgress(null);
    }
  };

  const runImport = async () => {
    if (!preview) return;
    setProgress({ label: 'Importing', share: null });
    try {
      const answer = await api<{ created: number }>(`/api/timesheet-imports/${preview.id}/apply`, { method: 'POST' });
      setCreated(answer.created);
      await queryClient.invalidateQueries({ queryKey: ['timesheets'] });
      toast.show({ title: `${answer.created} timesheets imported`, tone: 'success' });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The import failed.');
    } finally {
      setProgress(null);
    }
  };

  const saveMapping = async () => {
    if (!inspection) return;
    try {
      await api('/api/timesheet-imports/mappings', {
        method: 'POST',
        body: { name: mappingName, headers: inspection.headers, mapping: mappingToSend() },
      });
      toast.show({ title: `Mapping "${mappingName}" saved`, tone: 'success' });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The mapping was not saved.');
    }
  };

  const resolve = async (row: ImportRow, action: 'keep' | 'replace') => {
    if (!preview) return;
    try {
      const answer = await api<ImportRow>(`/api/timesheet-imports/${preview.id}/rows/${row.line}/resolve`, {
        method: 'POST',
        body: { action },
      });
      setPreview({ ...preview, rows: preview.rows.map((r) => (r.line === answer.line ? answer : r)) });
      if (action === 'replace') await queryClient.invalidateQueries({ queryKey: ['timesheets'] });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'Not resolved.');
    }
  };

  const columns = inspection?.headers ?? [];
  const columnSelect = (field: keyof Mapping, label: string, optional = false) => (
    <SelectField
      label={label}
      options={columns}
      placeholder={optional ? 'None' : 'Choose a column'}
      value={mapping[field]}
      onChange={(event) => setMapping((current) => ({ ...current, [field]: event.target.value }))}
    />
  );

  return (
    <div className="space-y-4">
      <PageHeader
        title="Import Attendance"
        description="Upload the attendance file of a site's system (CSV or Excel .xlsx, at most 20 MB). Nothing is saved until you press Import."
      />
      {problem && (
        <Alert tone="error" title="Problem">
          {problem}
        </Alert>
      )}
      <div className="flex flex-col gap-1.5 rounded-2xl border border-line bg-surface p-4 shadow-sm">
        <label htmlFor="attendance-file" className="text-sm font-medium text-ink">
          Attendance file
        </label>
        <input
          id="attendance-file"
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-describedby="attendance-file-hint"
          disabled={progress !== null}
          onChange={(event) => void choose(event.target.files?.[0] ?? null)}
          className={fileInputClasses}
        />
        <p id="attendance-file-hint" className="text-sm text-ink-muted">
          {file
            ? `${file.name}: choose another file to start again.`
            : 'Next you match its columns to the timesheet fields, then check a preview.'}
        </p>
      </div>
      {progress && (
        <div className="space-y-1">
          <label htmlFor="import-progress" className="text-sm">
            {progress.label}…
          </label>
          <progress
            id="import-progress"
            className="block h-2 w-full accent-accent"
            max={1}
            value={progress.share ?? undefined}
          />
        </div>
      )}
      {inspection && (
        <section
          aria-labelledby="mapping-heading"
          className="space-y-3 rounded-2xl border border-line bg-surface p-4 shadow-sm"
        >
          <h2 id="mapping-heading" className="text-lg font-semibold">
            Columns ({inspection.rows.toLocaleString('en')} rows)
          </h2>
          {inspection.mappings.length > 0 && (
            <SelectField
              label="Saved mapping"
              options={inspection.mappings.map((saved) => ({ value: saved.id, label: saved.name }))}
              onChange={(event) => {
                const saved = inspection.mappings.find((m) => m.id === event.target.value);
                if (saved) applySaved(saved.mapping);
              }}
            />
          )}
          <div className="grid gap-3 sm:grid-cols-2">
            {columnSelect('worker', 'Worker column (FIN, TD- id or name)')}
            {columnSelect('date', 'Date column')}
            <SelectField
              label="Date format"
              options={[...IMPORT_DATE_FORMATS]}
              value={mapping.date_format}
              onChange={(event) => setMapping((current) => ({ ...current, date_format: event.target.value }))}
            />
            <CheckboxField
              label="One row per punch (in and out on separate rows)"
              checked={punches}
              onChange={(event) => setPunches(event.target.checked)}
            />
            {columnSelect('time_in', punches ? 'Punch time column' : 'Time In column (24-hour or 7:30 AM)')}
            {!punches && columnSelect('time_out', 'Time Out column')}
            {columnSelect('site', 'Site column', true)}
            {columnSelect('notes', 'Notes column', true)}
            <SelectField
              label="Site for rows that name none"
              options={(sites.data?.items ?? []).map((site) => ({ value: site.id, label: site.name }))}
              placeholder="No site"
              value={siteId}
              onChange={(event) => setSiteId(event.target.value)}
            />
          </div>
          <div className="flex flex-wrap items-end gap-2">
            <Button type="button" onClick={() => void runPreview()} disabled={progress !== null}>
              Preview
            </Button>
            <TextField
              label="Mapping name"
              value={mappingName}
              onChange={(event) => setMappingName(event.target.value)}
            />
            <Button type="button" variant="secondary" onClick={() => void saveMapping()} disabled={!mappingName.trim()}>
              Save mapping
            </Button>
          </div>
        </section>
      )}
      {preview && (
        <section aria-labelledby="preview-heading" className="space-y-3">
          <h2 id="preview-heading" className="text-lg font-semibold">
            Preview
          </h2>
          <ul className="flex flex-wrap gap-4" aria-label="Rows by outcome">
            {(Object.keys(OUTCOME_LABELS) as ImportRow['outcome'][]).map((outcome) => (
              <li key={outcome}>
                {OUTCOME_LABELS[outcome]}: <strong>{preview.counts[outcome]}</strong>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-2">
            {preview.counts.error > 0 && (
              <a
                href={`/api/timesheet-imports/${preview.id}/errors.csv`}
                download
                className={buttonClasses('secondary')}
              >
                Download rows in error (CSV)
              </a>
            )}
            <Button type="button" onClick={() => void runImport()} disabled={progress !== null || created !== null}>
              Import {preview.counts.new} new timesheets
            </Button>
          </div>
          {created !== null && (
            <Alert tone="success" title="Imported">
              {created} timesheets added.
            </Alert>
          )}
          <ImportPreviewRows
            key={preview.id}
            rows={preview.rows}
            onResolve={(row, action) => void resolve(row, action)}
          />
        </section>
      )}
    </div>
  );
}
