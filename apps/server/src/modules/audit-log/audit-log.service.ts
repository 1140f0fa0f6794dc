import { type CsvCell, toCsv } from '@td/shared/rules/csv';
import { dateTimeInTimeZone } from '@td/shared/rules/dates';
import type { AuditLogFilterQuery } from '@td/shared/schemas/audit-log';
import type { Db } from '../../db/database.ts';
import { MAX_EXPORT_ROWS } from '../../lib/csv-download.ts';
import * as repo from './audit-log.repository.ts';

/**
 * Decision 104: the audit log as CSV, with the screen's filters, newest first. Times are the business
 * time zone's clock, the zone whose days the filter uses (decision 108), so an entry at 00:30 on the
 * 6th in Singapore reads as the 6th, not 16:30 UTC on the 5th.
 */
export async function exportAuditLogCsv(db: Db, query: AuditLogFilterQuery, timeZone: string): Promise<string> {
  const rows = await repo.exportAuditLog(db, query, MAX_EXPORT_ROWS, timeZone);
  const header = [`When (${timeZone})`, 'Who', 'Action', 'Kind of record', 'Record', 'Change'];
  const cells: CsvCell[][] = rows.map((row) => [
    dateTimeInTimeZone(new Date(row.created_at), timeZone),
    row.user_name ?? '',
    row.action,
    row.entity,
    row.entity_id ?? '',
    row.changes ?? '',
  ]);
  return toCsv(header, cells);
}
