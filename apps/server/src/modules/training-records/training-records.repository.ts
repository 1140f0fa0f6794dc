import { EXPIRING_SOON, type TrainingStatusFilter } from '@td/shared/options/training';
import type { TrainingDay } from '@td/shared/rules/training-status';
import { isUuid } from '@td/shared/schemas/fields';
import type { TrainingRecordInput } from '@td/shared/schemas/training-record';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { likeContains, offsetOf } from '../../db/paging.ts';
import type { Database, TrainingRecordRow } from '../../db/schema.ts';
import { workerNameMatches } from '../workers/public.ts';

type From = ExpressionBuilder<Database & { tr: Database['training_records'] }, 'tr'>;

/** A record with its worker's names and TD- id; the worker columns are null once the worker was deleted. */
export interface TrainingRecordJoinedRow extends TrainingRecordRow {
  worker_code: string | null;
  worker_first_name: string | null;
  worker_last_name: string | null;
}

export interface TrainingFilters {
  /** Worker first name, last name (or "first last"), training name or certificate number. */
  q?: string | undefined;
  /** workers.id. */
  worker_id?: string | undefined;
  training_name?: string | undefined;
}

/** The records with their workers' names, for the rows shown. */
function joined(db: Db) {
  return db.selectFrom('training_records as tr').leftJoin('workers as w', 'w.id', 'tr.worker_id');
}

/** The records alone: counting needs no worker columns (the name search asks the workers table itself). */
function records(db: Db) {
  return db.selectFrom('training_records as tr');
}

/** The conditions of the search box and filters that are set (none: every record). */
function filtersOf(eb: From, filters: TrainingFilters): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (filters.q) {
    const pattern = likeContains(filters.q);
    // SPEC 2: search across worker first name, last name, training name and certificate number. The
    // names are matched together ("first last"), which also matches either one alone (SPEC 9).
    conditions.push(
      eb.or([
        // The matching workers are found once, not per record (an uncorrelated subquery).
        eb('tr.worker_id', 'in', eb.selectFrom('workers').select('workers.id').where(workerNameMatches(filters.q))),
        sql<SqlBool>`lower(${eb.ref('tr.training_name')}) like ${pattern} escape '\\'`,
        sql<SqlBool>`lower(${eb.ref('tr.certificate_number')}) like ${pattern} escape '\\'`,
      ]),
    );
  }
  if (filters.worker_id) {
    // Ids are UUIDs; anything else matches nothing (and PostgreSQL would refuse to compare it with a uuid).
    conditions.push(isUuid(filters.worker_id) ? eb('tr.worker_id', '=', filters.worker_id) : sql<SqlBool>`1 = 0`);
  }
  if (filters.training_name) conditions.push(eb('tr.training_name', '=', filters.training_name));
  return conditions;
}

/**
 * SPEC 4, 9 in SQL, with the boundaries of the shared rule (`statusOnDay`, `isExpiringSoonOnDay`):
 * Expired before today; Valid from today on; Expiring Soon from today to today + 30 days, both included.
 */
function statusCondition(eb: From, status: TrainingStatusFilter, day: TrainingDay): Expression<SqlBool> {
  switch (status) {
    case 'Expired':
      return eb('tr.expiry_date', '<', day.today);
    case 'Valid':
      return eb('tr.expiry_date', '>=', day.today);
    case 'No Expiry':
      return eb('tr.expiry_date', 'is', null);
    case EXPIRING_SOON:
      return eb.and([eb('tr.expiry_date', '>=', day.today), eb('tr.expiry_date', '<=', day.expiringSoonUntil)]);
  }
}

const SELECTED = [
  'tr.id',
  'tr.worker_id',
  'tr.training_name',
  'tr.training_date',
  'tr.expiry_date',
  'tr.certificate_number',
  'tr.training_provider',
  'tr.notes',
  'tr.certificate_url',
  'tr.created_at',
  'tr.updated_at',
  'w.worker_id as worker_code',
  'w.first_name as worker_first_name',
  'w.last_name as worker_last_name',
] as const;

/** A page of the records matching `where`, newest training first. */
function listPage(db: Db, where: (eb: From) => Expression<SqlBool>, limit: number, offset: number) {
  return joined(db)
    .select(SELECTED)
    .where(where)
    .orderBy('tr.training_date', 'desc')
    .orderBy('tr.created_at', 'desc')
    .orderBy('tr.id', 'desc')
    .limit(limit)
    .offset(offset);
}

/** SPEC 2 list: one page, newest training first, with the number of all matches. */
export async function listTrainingRecords(
  db: Db,
  filters: TrainingFilters & { status?: TrainingStatusFilter | undefined },
  page: { page: number; pageSize: number },
  day: TrainingDay,
): Promise<{ rows: TrainingRecordJoinedRow[]; total: number }> {
  const where = (eb: From) =>
    eb.and([...filtersOf(eb, filters), ...(filters.status ? [statusCondition(eb, filters.status, day)] : [])]);
  const [rows, total] = await Promise.all([
    listPage(db, where, page.pageSize, offsetOf(page)).execute(),
    countWhere(db, where),
  ]);
  return { rows, total };
}

/** The list's whole answer for its CSV (probe finding 25): the same filters and order, up to `limit` rows. */
export function exportTrainingRecords(
  db: Db,
  filters: TrainingFilters & { status?: TrainingStatusFilter | undefined },
  limit: number,
  day: TrainingDay,
): Promise<TrainingRecordJoinedRow[]> {
  const where = (eb: From) =>
    eb.and([...filtersOf(eb, filters), ...(filters.status ? [statusCondition(eb, filters.status, day)] : [])]);
  return listPage(db, where, limit, 0).execute();
}

/** How many records meet a condition. */
async function countWhere(db: Db, where: (eb: From) => Expression<SqlBool>): Promise<number> {
  const row = await records(db)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where(where)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * SPEC 2 tiles: Total Records, Workers Trained (distinct workers; a deleted worker's records count as
 * records but not as a worker), Expiring Soon and Expired, with the same boundaries as the status rule.
 * Unfiltered, they are read from the totals kept on write (decision 109); filtered, four counts rather
 * than one aggregate with a CASE per tile: each count is then a range of one index (expiry dates, workers).
 */
export async function summarizeTrainingRecords(db: Db, filters: TrainingFilters, day: TrainingDay) {
  if (!filters.q && !filters.worker_id && !filters.training_name) return keptTrainingTotals(db, day);
  const statusCount = (status: TrainingStatusFilter) =>
    countWhere(db, (eb) => eb.and([...filtersOf(eb, filters), statusCondition(eb, status, day)]));
  const [total, workersTrained, expiringSoon, expired] = await Promise.all([
    countWhere(db, (eb) => eb.and(filtersOf(eb, filters))),
    countTrainedWorkers(db, filters),
    statusCount(EXPIRING_SOON),
    statusCount('Expired'),
  ]);
  return { total, workers_trained: workersTrained, expiring_soon: expiringSoon, expired };
}

/**
 * The unfiltered tiles (migration 0038): the records and trained workers of `training_totals`, and the
 * records of each expiry date in the Expiring Soon window and before today (one row per day, however
 * many records), in one statement.
 */
async function keptTrainingTotals(db: Db, day: TrainingDay) {
  const byDate = (where: (eb: ExpressionBuilder<Database, 'training_expiry_totals'>) => Expression<SqlBool>) =>
    db
      .selectFrom('training_expiry_totals')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('records'), sql<number>`0`).as('records'))
      .where(where);
  const row = await db
    .selectFrom('training_totals')
    .select((eb) => [
      'records',
      'workers',
      byDate((d) => eb.and([d('expiry_date', '>=', day.today), d('expiry_date', '<=', day.expiringSoonUntil)])).as(
        'expiring_soon',
      ),
      byDate((d) => d('expiry_date', '<', day.today)).as('expired'),
    ])
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.records),
    workers_trained: Number(row.workers),
    expiring_soon: Number(row.expiring_soon),
    expired: Number(row.expired),
  };
}

/** Distinct workers of the records matching the filters (a deleted worker's records count no worker). */
async function countTrainedWorkers(db: Db, filters: TrainingFilters): Promise<number> {
  const row = await db
    .selectFrom(
      records(db)
        .select('tr.worker_id')
        .distinct()
        .where((eb) => eb.and([...filtersOf(eb, filters), eb('tr.worker_id', 'is not', null)]))
        .as('trained'),
    )
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findTrainingRecordById(db: Db, id: string): Promise<TrainingRecordJoinedRow | undefined> {
  if (!isUuid(id)) return undefined;
  return joined(db).select(SELECTED).where('tr.id', '=', id).executeTakeFirst();
}

export async function workerExists(db: Db, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const row = await db.selectFrom('workers').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

export async function insertTrainingRecord(db: Db, row: TrainingRecordRow): Promise<void> {
  await db.insertInto('training_records').values(row).execute();
}

export async function updateTrainingRecord(
  db: Db,
  id: string,
  input: TrainingRecordInput,
  updatedAt: string,
): Promise<void> {
  await db
    .updateTable('training_records')
    .set({ ...input, updated_at: updatedAt })
    .where('id', '=', id)
    .execute();
}

export async function deleteTrainingRecord(db: Db, id: string): Promise<void> {
  await db.deleteFrom('training_records').where('id', '=', id).execute();
}

/** How many records link this certificate (a replaced one is removed from the store only when none does). */
export async function countRecordsWithCertificate(db: Db, url: string): Promise<number> {
  const row = await db
    .selectFrom('training_records')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('certificate_url', '=', url)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Bulk insert of ready rows (tests and the benchmark). */
export async function insertTrainingRecordRows(db: Db, rows: TrainingRecordRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('training_records')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}
