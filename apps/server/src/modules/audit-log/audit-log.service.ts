import { type CsvCell, toCsv } from '@td/shared/rules/csv';
import type { AuditLogFilterQuery } from '@td/shared/schemas/audit-log';
import type { Db } from '../../db/database.ts';
import { MAX_EXPORT_ROWS } from '../../lib/csv-download.ts';
import * as repo from './audit-log.repository.ts';

/** Decision 104: the audit log as CSV, with the screen's filters, newest first. */
export async function exportAuditLogCsv(db: Db, query: AuditLogFilterQuery, timeZone: string): Promise<string> {
  const rows = await repo.exportAuditLog(db, query, MAX_EXPORT_ROWS, timeZone);
  const header = ['When (UTC)', 'Who', 'Action', 'Kind of record', 'Record', 'Change'];
  const cells: CsvCell[][] = rows.map((row) => [
    row.created_at,
    row.user_name ?? '',
    row.action,
    row.entity,
    row.entity_id ?? '',
    row.changes ?? '',
  ]);
  return toCsv(header, cells);
}
