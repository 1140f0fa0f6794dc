import { compiledOnce } from './compiled-once.ts';
import type { Db } from './database.ts';
import type { TableRowCountsTable } from './schema.ts';

const rowCountOf = compiledOnce((db: Db, table: TableRowCountsTable['table_name']) =>
  db.selectFrom('table_row_counts').select('row_count').where('table_name', '=', table),
);

/**
 * Decision 047: the number of rows of a counted table (migration 0015), without counting them: for
 * the unfiltered lists' totals and tiles.
 */
export async function tableRowCount(db: Db, table: TableRowCountsTable['table_name']): Promise<number> {
  const [row] = await rowCountOf(db, table);
  if (!row) throw new Error(`table_row_counts has no row for ${table}`);
  return Number(row.row_count);
}
