import { monthRange } from '@td/shared/rules/months';
import type { Db } from '../../db/database.ts';

/**
 * Decision 090: each worker with timesheets at the site in the month: days (one timesheet a day) and
 * minutes (regular and overtime), with what the report prints of the worker. Read from
 * timesheets_site_date_idx; a deleted worker's timesheets have no worker and are left out.
 */
export async function manpowerOfSite(db: Db, siteId: string, month: string) {
  const range = monthRange(month);
  return db
    .selectFrom('timesheets')
    .innerJoin('workers', 'workers.id', 'timesheets.worker_id')
    .select((eb) => [
      'workers.id as id',
      'workers.worker_id as worker_code',
      'workers.fin_no as fin_no',
      'workers.first_name as first_name',
      'workers.last_name as last_name',
      'workers.nationality as nationality',
      'workers.designation as designation',
      'workers.type_of_pass as type_of_pass',
      eb.fn.count<number | string>('timesheets.work_date').distinct().as('days'),
      eb.fn.sum<number | string>(eb('timesheets.hours_worked', '+', eb.ref('timesheets.overtime_hours'))).as('minutes'),
    ])
    .where('timesheets.site_id', '=', siteId)
    .where('timesheets.work_date', '>=', range.from)
    .where('timesheets.work_date', '<=', range.to)
    .groupBy([
      'workers.id',
      'workers.worker_id',
      'workers.fin_no',
      'workers.first_name',
      'workers.last_name',
      'workers.nationality',
      'workers.designation',
      'workers.type_of_pass',
    ])
    .orderBy('workers.last_name')
    .orderBy('workers.first_name')
    .orderBy('workers.id')
    .execute();
}

/**
 * Decision 103: the Work Permit holders whose permit was valid some day of the month (issued by its end,
 * not cancelled before its start), with what the levy reads.
 */
export async function workPermitHoldersOfMonth(db: Db, month: string) {
  const range = monthRange(month);
  return db
    .selectFrom('workers')
    .select([
      'id',
      'worker_id',
      'first_name',
      'last_name',
      'fin_no',
      'nationality',
      'coretrade',
      'levy',
      'levy_tier',
      'date_of_issuance',
      'wp_cancellation_date',
    ])
    .where('type_of_pass', '=', 'WP')
    .where('date_of_issuance', 'is not', null)
    .where('date_of_issuance', '<=', range.to)
    .where((eb) => eb.or([eb('wp_cancellation_date', 'is', null), eb('wp_cancellation_date', '>=', range.from)]))
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('id')
    .execute();
}
