import {
  headersKey,
  type ImportDateFormat,
  nameKey,
  REASON_COLUMN,
  readImportDate,
  readImportTime,
} from '@td/shared/rules/attendance-import';
import { toCsv } from '@td/shared/rules/csv';
import { dateInTimeZone } from '@td/shared/rules/dates';
import { guardedValue, type Role, roleCan } from '@td/shared/rules/permissions';
import { computeTimesheetHours, minutesToHours } from '@td/shared/rules/timesheet-hours';
import { NRIC_FIN_FORMAT } from '@td/shared/rules/worker-identity';
import { isUuid } from '@td/shared/schemas/fields';
import { TimesheetInput, WORK_DATE_IN_FUTURE } from '@td/shared/schemas/timesheet';
import {
  IMPORT_NOT_FOUND,
  IMPORT_ROW_NOT_CONFLICT,
  type ImportCounts,
  type ImportInspection,
  ImportMapping,
  type ImportPreview,
  type ImportRow,
  MAPPING_INVALID,
  MAPPING_NAME_TAKEN,
  mappingColumnMissing,
  ROW_BAD_TIME_IN,
  ROW_BAD_TIME_OUT,
  ROW_EXISTS_DIFFERENT,
  ROW_EXISTS_SAME,
  ROW_ONE_PUNCH,
  ROW_OUT_BEFORE_IN,
  ROW_SITE_UNKNOWN,
  ROW_WORKER_AMBIGUOUS,
  ROW_WORKER_FIN_NOT_MATCHED,
  ROW_WORKER_MISSING,
  ROW_WORKER_UNKNOWN,
  rowBadDate,
  rowRepeated,
  type SaveMappingInput,
} from '@td/shared/schemas/timesheet-import';
import { type Actor, insertCreateAuditsOfStoredRows, recordAudit } from '../../audit/audit.repository.ts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { newId, nowIso } from '../../lib/clock.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { lockedTimesheetDays, type WorkerDay } from '../pay-runs/public.ts';
import { getSite, listSiteNames, siteNameKey } from '../sites/public.ts';
import {
  findTimesheetsOf,
  insertTimesheetsUnlessExist,
  type TimesheetToCheck,
  timesheetRuleProblems,
  timesheetValuesOf,
  updateTimesheet,
} from '../timesheets/public.ts';
import {
  type AttendanceFile,
  type Cell,
  dateCellIso,
  readAttendanceFile,
  textOf,
  timeCellText,
} from './read-attendance-file.ts';
import * as repo from './timesheet-imports.repository.ts';

/** A row as the import keeps it between preview and Import (decision 091). */
interface StoredRow extends ImportRow {
  notes?: string | null;
  site_id?: string | null;
  /** The file's cells of a row in error, for the error CSV. */
  cells?: string[];
}

/** What a row read from the file gives before the checks. */
interface Candidate {
  line: number;
  lines: number[];
  worker_id: string;
  worker_name: string;
  work_date: string;
  time_in: string | null;
  time_out: string | null;
  site_id: string | null;
  notes: string | null;
}

export interface UploadedFile {
  fileName: string;
  data: Buffer;
}

const looksLikeFin = (text: string) => NRIC_FIN_FORMAT.test(text.replace(/\s+/g, '').toUpperCase());

/**
 * Decision 108: the file's cells as the role may see them again: a cell holding an NRIC/FIN is masked
 * (`G****567X`) for a role without `workers.identity`, so no answer (the sample, the error CSV) echoes one.
 */
function cellFor(role: Role): (text: string) => string {
  return (text) => (looksLikeFin(text) ? (guardedValue('fin_no', text, role) ?? '') : text);
}

/** The headers and a few rows of a file, with the saved mappings made for the same headers. */
export async function inspectFile(db: Db, file: UploadedFile, role: Role): Promise<ImportInspection> {
  const read = await readAttendanceFile(file.data);
  const saved = await repo.findMappingsFor(db, headersKey(read.headers));
  const cell = cellFor(role);
  return {
    headers: read.headers,
    sample: read.rows.slice(0, 5).map((row) => read.headers.map((_, index) => cell(textOf(row.cells[index] ?? null)))),
    rows: read.rows.length,
    mappings: saved.flatMap((row) => {
      const mapping = ImportMapping.safeParse(JSON.parse(row.mapping));
      return mapping.success ? [{ id: row.id, name: row.name, mapping: mapping.data }] : [];
    }),
  };
}

export async function saveMapping(db: Db, input: SaveMappingInput, actor: Actor): Promise<{ id: string }> {
  const id = newId();
  const timestamp = nowIso();
  try {
    await db.transaction().execute(async (trx) => {
      await repo.insertMapping(trx, {
        id,
        name: input.name,
        headers_key: headersKey(input.headers),
        mapping: JSON.stringify(input.mapping),
        created_at: timestamp,
        updated_at: timestamp,
      });
      await recordAudit(trx, actor, {
        action: 'create',
        entity: 'timesheet_import_mapping',
        entityId: id,
        after: { name: input.name, ...input.mapping },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MAPPING_NAME_TAKEN, { name: MAPPING_NAME_TAKEN });
    throw error;
  }
  return { id };
}

/** The mapping field of the upload: JSON naming the file's columns by header. */
function readMapping(text: string | undefined, headers: readonly string[]): ImportMapping {
  let json: unknown;
  try {
    json = JSON.parse(text ?? '');
  } catch {
    throw badRequest(MAPPING_INVALID, { mapping: MAPPING_INVALID });
  }
  const parsed = ImportMapping.safeParse(json);
  if (!parsed.success) {
    const fields = Object.fromEntries(
      parsed.error.issues.map((issue) => [`mapping.${issue.path.join('.')}`, issue.message]),
    );
    throw badRequest(MAPPING_INVALID, fields);
  }
  for (const column of [
    parsed.data.worker,
    parsed.data.date,
    parsed.data.time_in,
    parsed.data.time_out,
    parsed.data.site,
    parsed.data.notes,
  ]) {
    if (column !== undefined && !headers.includes(column)) {
      throw badRequest(mappingColumnMissing(column), { mapping: mappingColumnMissing(column) });
    }
  }
  return parsed.data;
}

/**
 * Decision 091: a worker is matched by FIN, then TD- id, then name; a name two workers share is an error.
 * Decision 108: for a role without `workers.identity` a FIN is never looked up (it would confirm a guessed
 * one): a cell that is an NRIC/FIN and not a TD- id says so, whether or not a worker holds it.
 */
async function workerMatcher(db: Db, byIdentity: boolean) {
  const workers = await repo.listWorkersForMatching(db);
  const byFin = new Map<string, (typeof workers)[number]>();
  const byCode = new Map<string, (typeof workers)[number]>();
  const byName = new Map<string, Array<(typeof workers)[number]>>();
  for (const worker of workers) {
    if (worker.fin_no_key && byIdentity) byFin.set(worker.fin_no_key, worker);
    byCode.set(worker.worker_id.toUpperCase(), worker);
    const key = nameKey(`${worker.first_name} ${worker.last_name}`);
    byName.set(key, [...(byName.get(key) ?? []), worker]);
  }
  return (text: string): { id: string; name: string } | { error: string } => {
    if (text === '') return { error: ROW_WORKER_MISSING };
    const compact = text.replace(/\s+/g, '').toUpperCase();
    const found = byFin.get(compact) ?? byCode.get(compact);
    if (found) return { id: found.id, name: `${found.first_name} ${found.last_name}` };
    if (!byIdentity && looksLikeFin(compact)) return { error: ROW_WORKER_FIN_NOT_MATCHED };
    const named = byName.get(nameKey(text)) ?? [];
    if (named.length > 1) return { error: ROW_WORKER_AMBIGUOUS };
    const [only] = named;
    return only ? { id: only.id, name: `${only.first_name} ${only.last_name}` } : { error: ROW_WORKER_UNKNOWN };
  };
}

/** One preview's answers of a pure reading of a cell's text (never kept past the preview). */
function memoByText<T>(read: (text: string) => T): (text: string) => T {
  const known = new Map<string, T>();
  return (text) => {
    if (known.has(text)) return known.get(text) as T;
    const value = read(text);
    known.set(text, value);
    return value;
  };
}

// An ISO date is read whatever the format: the error CSV writes Excel's dates that way.
const dateOf = (cell: Cell, format: ImportDateFormat) =>
  dateCellIso(cell) ?? readImportDate(textOf(cell), format) ?? readImportDate(textOf(cell), 'YYYY-MM-DD');

/** A time cell: empty is no time (SPEC 5: optional); anything else must read as a time. */
function timeOf(cell: Cell): string | null | undefined {
  const text = timeCellText(cell).trim();
  if (text === '') return null;
  return readImportTime(text) ?? undefined;
}

/**
 * Decision 091: reads, matches and checks every row of the file, saves nothing but the preview itself.
 * Each row passes the shared timesheet schema and the timesheets module's rules (the same path single
 * entry takes), then is compared with the worker's existing timesheet of that date.
 */
export async function previewImport(
  db: Db,
  upload: UploadedFile & { mapping: string | undefined; siteId: string | undefined },
  actor: Actor & { role: Role },
  timeZone: string,
  now = new Date(),
): Promise<ImportPreview> {
  // Decision 112 (server memory): the file's rows and the candidates (about 20 MB for 50,000 rows) are the
  // reading's own and gone once it returns, before the stored JSON and the answer are written.
  const { headers, rows } = await readAndCheck(db, upload, actor, dateInTimeZone(now, timeZone));
  const id = newId();
  await repo.insertImport(db, {
    id,
    file_name: upload.fileName.slice(0, 255),
    headers: JSON.stringify(headers),
    rows: JSON.stringify(rows),
    created_by: actor.id,
    created_at: nowIso(),
  });
  return { id, rows: rows.map(publicRow), counts: countsOf(rows) };
}

/** The file read, its rows matched and checked (previewImport's first part). */
async function readAndCheck(
  db: Db,
  upload: UploadedFile & { mapping: string | undefined; siteId: string | undefined },
  actor: Actor & { role: Role },
  today: string,
): Promise<{ headers: string[]; rows: StoredRow[] }> {
  const file = await readAttendanceFile(upload.data);
  const mapping = readMapping(upload.mapping, file.headers);
  const defaultSite = upload.siteId?.trim() ? await getSite(db, upload.siteId.trim().toLowerCase()) : undefined;
  const column = (header: string | undefined) => (header === undefined ? -1 : file.headers.indexOf(header));
  const at = {
    worker: column(mapping.worker),
    date: column(mapping.date),
    timeIn: column(mapping.time_in),
    timeOut: column(mapping.time_out),
    site: column(mapping.site),
    notes: column(mapping.notes),
  };
  const matchWorker = memoByText(await workerMatcher(db, roleCan(actor.role, 'workers.identity')));
  // A month's file repeats a few dozen dates and times 50,000 times: each text is read once.
  const readDate = memoByText((text: string) => dateOf(text, mapping.date_format));
  const readTime = memoByText((text: string) => timeOf(text));
  const dateOfCell = (cell: Cell) => (typeof cell === 'string' ? readDate(cell) : dateOf(cell, mapping.date_format));
  const timeOfCell = (cell: Cell) => (typeof cell === 'string' ? readTime(cell) : timeOf(cell));
  const sites = new Map((await listSiteNames(db)).map((site) => [site.name_key, site.id]));
  const punches = mapping.time_in === mapping.time_out;

  const errors: StoredRow[] = [];
  const failRow = (row: AttendanceFile['rows'][number], message: string) =>
    errors.push({
      line: row.line,
      outcome: 'error',
      message,
      cells: file.headers.map((_, index) => textOf(row.cells[index] ?? null)),
    });
  const candidates: Candidate[] = [];
  const punchGroups = new Map<string, { first: Candidate; times: string[]; rows: AttendanceFile['rows'] }>();

  for (const row of file.rows) {
    const cell = (index: number) => (index < 0 ? null : (row.cells[index] ?? null));
    const worker = matchWorker(textOf(cell(at.worker)).trim());
    if ('error' in worker) {
      failRow(row, worker.error);
      continue;
    }
    const workDate = dateOfCell(cell(at.date));
    if (!workDate) {
      failRow(row, rowBadDate(mapping.date_format));
      continue;
    }
    const siteText = at.site < 0 ? '' : textOf(cell(at.site)).trim();
    const siteId = siteText === '' ? (defaultSite?.id ?? null) : sites.get(siteNameKey(siteText));
    if (siteId === undefined) {
      failRow(row, ROW_SITE_UNKNOWN);
      continue;
    }
    const notesText = at.notes < 0 ? '' : textOf(cell(at.notes)).trim();
    const timeIn = timeOfCell(cell(at.timeIn));
    if (timeIn === undefined) {
      failRow(row, ROW_BAD_TIME_IN);
      continue;
    }
    const candidate: Candidate = {
      line: row.line,
      lines: [row.line],
      worker_id: worker.id,
      worker_name: worker.name,
      work_date: workDate,
      time_in: timeIn,
      time_out: null,
      site_id: siteId,
      notes: notesText === '' ? null : notesText,
    };
    if (punches) {
      // One row per punch: paired per worker and day, first punch in, last punch out.
      const key = `${worker.id}|${workDate}`;
      const group = punchGroups.get(key);
      if (group) {
        if (timeIn) group.times.push(timeIn);
        group.rows.push(row);
        group.first.lines.push(row.line);
      } else {
        punchGroups.set(key, { first: candidate, times: timeIn ? [timeIn] : [], rows: [row] });
      }
      continue;
    }
    const timeOut = timeOfCell(cell(at.timeOut));
    if (timeOut === undefined) {
      failRow(row, ROW_BAD_TIME_OUT);
      continue;
    }
    candidate.time_out = timeOut;
    candidates.push(candidate);
  }
  for (const group of punchGroups.values()) {
    if (group.times.length < 2) {
      for (const row of group.rows) failRow(row, ROW_ONE_PUNCH);
      continue;
    }
    group.times.sort();
    group.first.time_in = group.times[0] ?? null;
    group.first.time_out = group.times[group.times.length - 1] ?? null;
    candidates.push(group.first);
  }

  return { headers: file.headers, rows: await checkCandidates(db, candidates, file, errors, today) };
}

/** The shape, the shared rules, repeats within the file, then the existing timesheets. */
async function checkCandidates(
  db: Db,
  candidates: Candidate[],
  file: AttendanceFile,
  errors: StoredRow[],
  today: string,
): Promise<StoredRow[]> {
  const cellsOf = new Map(file.rows.map((row) => [row.line, row.cells]));
  const fail = (candidate: Candidate, message: string) =>
    errors.push({
      line: candidate.line,
      outcome: 'error',
      message,
      worker_id: candidate.worker_id,
      work_date: candidate.work_date,
      time_in: candidate.time_in,
      time_out: candidate.time_out,
      worker_name: candidate.worker_name,
      cells: file.headers.map((_, index) => textOf(cellsOf.get(candidate.line)?.[index] ?? null)),
    });

  const firstLineOf = new Map<string, number>();
  // One preview's answers of the shared schema (a rule may read today, so never kept longer).
  const shapeCache = new Map<string, string | null>();
  const shaped: Candidate[] = [];
  for (const candidate of candidates.sort((a, b) => a.line - b.line)) {
    const key = `${candidate.worker_id}|${candidate.work_date}`;
    const earlier = firstLineOf.get(key);
    if (earlier !== undefined) {
      fail(candidate, rowRepeated(earlier));
      continue;
    }
    firstLineOf.set(key, candidate.line);
    // Probe finding 16, as the single entry: a timesheet records work done (Singapore's today).
    if (candidate.work_date > today) {
      fail(candidate, WORK_DATE_IN_FUTURE);
      continue;
    }
    // The single entry's schema (SPEC 5 and whatever rule it gains) decides the row's shape.
    const message = shapeProblem(candidate, shapeCache);
    if (message !== null) {
      fail(candidate, message);
      continue;
    }
    // Decision 091: an attendance system records both punches of a day; out before in is a mistake.
    if (candidate.time_in && candidate.time_out && candidate.time_out < candidate.time_in) {
      fail(candidate, ROW_OUT_BEFORE_IN);
      continue;
    }
    shaped.push(candidate);
  }

  const problems = await timesheetRuleProblems(db, shaped.map(toCheck));
  // Decision 082: a day inside an approved or paid period is not imported, as it is not entered by hand.
  const locked = await lockedTimesheetDays(db, shaped.map(dayOf));
  const valid = shaped.filter((candidate, index) => {
    const problem = problems.get(index)?.message ?? locked.get(`${candidate.worker_id}|${candidate.work_date}`);
    if (problem) fail(candidate, problem);
    return !problem;
  });

  const existing = new Map<string, Awaited<ReturnType<typeof findTimesheetsOf>>[number]>();
  if (valid.length > 0) {
    const dates = valid.map((candidate) => candidate.work_date).sort();
    const workerIds = [...new Set(valid.map((candidate) => candidate.worker_id))];
    const range = { from: dates[0] ?? '', to: dates[dates.length - 1] ?? '' };
    for (const timesheet of await findTimesheetsOf(db, workerIds, range)) {
      existing.set(`${timesheet.worker_id}|${timesheet.work_date}`, timesheet);
    }
  }
  const checked: StoredRow[] = valid.map((candidate) => {
    const hours = computeTimesheetHours(candidate.time_in, candidate.time_out);
    const row: StoredRow = {
      line: candidate.line,
      outcome: 'new',
      worker_id: candidate.worker_id,
      work_date: candidate.work_date,
      time_in: candidate.time_in,
      time_out: candidate.time_out,
      worker_name: candidate.worker_name,
      hours_worked: minutesToHours(hours.hoursWorked),
      overtime_hours: minutesToHours(hours.overtime),
      notes: candidate.notes,
      site_id: candidate.site_id,
    };
    const found = existing.get(`${candidate.worker_id}|${candidate.work_date}`);
    if (found) {
      const same =
        found.time_in === candidate.time_in &&
        found.time_out === candidate.time_out &&
        (candidate.site_id === null || found.site_id === candidate.site_id);
      row.outcome = same ? 'duplicate' : 'conflict';
      row.message = same ? ROW_EXISTS_SAME : ROW_EXISTS_DIFFERENT;
      row.timesheet_id = found.id;
    }
    return row;
  });
  return [...checked, ...errors].sort((a, b) => a.line - b.line);
}

/**
 * The first message of the shared TimesheetInput for a row, or null. The schema is a pure function of
 * its fields, and the worker's id is a matched worker's, so rows alike but for the worker share one
 * answer: a month of 50,000 rows has a few hundred distinct days and times (parsing each row took 3 s).
 */
const ANY_WORKER = '00000000-0000-4000-8000-000000000000';
function shapeProblem(candidate: Candidate, shapeCache: Map<string, string | null>): string | null {
  const fields = {
    worker_id: ANY_WORKER,
    work_date: candidate.work_date,
    time_in: candidate.time_in ?? '',
    time_out: candidate.time_out ?? '',
    notes: candidate.notes ?? '',
    site_id: candidate.site_id ?? '',
  };
  const key = JSON.stringify(fields);
  const known = shapeCache.get(key);
  if (known !== undefined) return known;
  const parsed = TimesheetInput.safeParse(fields);
  const message = parsed.success ? null : (parsed.error.issues[0]?.message ?? ROW_WORKER_UNKNOWN);
  shapeCache.set(key, message);
  return message;
}

const dayOf = (row: { worker_id?: string | null; work_date?: string | null }): WorkerDay => ({
  workerId: row.worker_id ?? null,
  date: row.work_date ?? '',
});

const toCheck = (candidate: Candidate): TimesheetToCheck => ({
  worker_id: candidate.worker_id,
  work_date: candidate.work_date,
  time_in: candidate.time_in,
  time_out: candidate.time_out,
  site_id: candidate.site_id,
});

/** A stored row as the API answers it (the notes, site and cells stay inside). */
function publicRow(row: StoredRow): ImportRow {
  const { notes: _notes, site_id: _site, cells: _cells, ...answer } = row;
  return answer;
}

function countsOf(rows: readonly StoredRow[]): ImportCounts {
  const counts: ImportCounts = { new: 0, duplicate: 0, conflict: 0, error: 0 };
  for (const row of rows) counts[row.outcome] += 1;
  return counts;
}

async function loadImport(db: Db, id: string) {
  const found = isUuid(id) ? await repo.findImport(db, id.toLowerCase()) : undefined;
  if (!found) throw notFound(IMPORT_NOT_FOUND);
  // Decision 112: the stored JSON (12 MB for 50,000 rows) is not kept beside the rows parsed from it.
  const { rows, headers, ...rest } = found;
  return {
    ...rest,
    parsedRows: JSON.parse(rows) as StoredRow[],
    headerList: JSON.parse(headers) as string[],
  };
}

export async function getImport(db: Db, id: string): Promise<ImportPreview> {
  const found = await loadImport(db, id);
  return { id: found.id, rows: found.parsedRows.map(publicRow), counts: countsOf(found.parsedRows) };
}

/** Timesheets written per batch by Import (a few statements each). */
const APPLY_BATCH = 5_000;

export const IMPORT_CHANGED = 'Workers or sites changed since the preview. Please upload the file again to preview it.';

/**
 * Decision 091: saves the new rows in one transaction, all or none. The unique index leaves out a
 * worker and date saved since the preview (or by an earlier Import of the same file), so importing
 * twice adds nothing. One audit entry per timesheet, as single entry writes, and one for the import.
 */
export async function applyImport(db: Db, id: string, actor: Actor): Promise<{ created: number }> {
  const found = await loadImport(db, id);
  const fresh = found.parsedRows.filter((row) => row.outcome === 'new');
  const checks: TimesheetToCheck[] = fresh.map((row) => ({
    worker_id: row.worker_id ?? '',
    work_date: row.work_date ?? '',
    time_in: row.time_in ?? null,
    time_out: row.time_out ?? null,
    site_id: row.site_id ?? null,
  }));
  if ((await timesheetRuleProblems(db, checks)).size > 0) throw conflict(IMPORT_CHANGED);
  return db.transaction().execute(async (trx) => {
    // Decision 082: a run approved since the preview closes its days; say which, import nothing.
    const [firstLocked] = (await lockedTimesheetDays(trx, fresh.map(dayOf))).values();
    if (firstLocked) throw conflict(firstLocked);
    const timestamp = nowIso();
    let created = 0;
    // Decision 112 (server memory): the rows, their ids and audit entries built a batch at a time, in the one
    // transaction, rather than 50,000 of each at once.
    for (let from = 0; from < fresh.length; from += APPLY_BATCH) {
      const rows = fresh.slice(from, from + APPLY_BATCH).map((row, index) => ({
        id: newId(),
        ...timesheetValuesOf({ ...(checks[from + index] as TimesheetToCheck), notes: row.notes ?? null }),
        created_at: timestamp,
        updated_at: timestamp,
      }));
      const ids = await insertTimesheetsUnlessExist(trx, rows);
      await insertCreateAuditsOfStoredRows(
        trx,
        actor,
        {
          entity: 'timesheet',
          table: 'timesheets',
          columns: [
            'id',
            'worker_id',
            'work_date',
            'time_in',
            'time_out',
            'hours_worked',
            'overtime_hours',
            'notes',
            'site_id',
            'created_at',
          ],
          ids,
        },
        timestamp,
      );
      created += ids.length;
    }
    await repo.updateImport(trx, found.id, { applied_at: timestamp });
    await recordAudit(trx, actor, {
      action: 'update',
      entity: 'timesheet_import',
      entityId: found.id,
      after: { file_name: found.file_name, created, applied_at: timestamp },
    });
    return { created };
  });
}

/** Decision 091: a conflict resolved one by one: keep the existing timesheet, or replace it with the file's row. */
export async function resolveConflict(
  db: Db,
  id: string,
  line: number,
  action: 'keep' | 'replace',
  actor: Actor,
  /** The business time zone: the ordinary update refuses a future date in it. */
  timeZone: string,
): Promise<ImportRow> {
  const found = await loadImport(db, id);
  const row = found.parsedRows.find((candidate) => candidate.line === line);
  if (row?.outcome !== 'conflict' || !row.timesheet_id) {
    throw badRequest(IMPORT_ROW_NOT_CONFLICT, { line: IMPORT_ROW_NOT_CONFLICT });
  }
  if (action === 'replace') {
    // The ordinary update: the same rules, the same audit entry as editing the timesheet by hand.
    await updateTimesheet(
      db,
      row.timesheet_id,
      TimesheetInput.parse({
        worker_id: row.worker_id,
        work_date: row.work_date,
        time_in: row.time_in ?? '',
        time_out: row.time_out ?? '',
        notes: row.notes ?? '',
        site_id: row.site_id ?? '',
      }),
      actor,
      timeZone,
    );
  }
  row.resolution = action;
  await repo.updateImport(db, found.id, { rows: JSON.stringify(found.parsedRows) });
  return publicRow(row);
}

/** Decision 091: the rows in error as the file had them, with the reason, to fix and upload again. */
export async function errorsCsv(db: Db, id: string, role: Role): Promise<{ fileName: string; body: string }> {
  const found = await loadImport(db, id);
  const headers = found.headerList.filter((header) => header !== REASON_COLUMN);
  const keep = found.headerList.map((header) => header !== REASON_COLUMN);
  const rows = found.parsedRows
    .filter((row) => row.outcome === 'error')
    .map((row) => [...(row.cells ?? []).filter((_, index) => keep[index]).map(cellFor(role)), row.message ?? '']);
  const base = found.file_name.replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '_') || 'import';
  return { fileName: `${base}-errors.csv`, body: toCsv([...headers, REASON_COLUMN], rows) };
}
