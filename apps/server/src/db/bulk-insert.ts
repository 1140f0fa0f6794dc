import { CompiledQuery, type Insertable, PostgresAdapter } from 'kysely';
import type { Db } from './database.ts';
import type { Database } from './schema.ts';

/** SQLite: bound values per statement, under its limit of 32,766. */
const SQLITE_MAX_PARAMETERS = 30_000;
/** PostgreSQL: rows per statement (each column is one array parameter, so there is no bound limit). */
const POSTGRES_ROWS_PER_STATEMENT = 5_000;

/** An SQL identifier in double quotes, as both databases read it. */
export const quoteIdentifier = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

export interface BulkInsertOptions {
  /** `on conflict (columns) do nothing`: rows that would break this unique index are left out. */
  onConflictDoNothing?: readonly string[];
  /** Columns to answer for the rows inserted. */
  returning?: readonly string[];
  /**
   * PostgreSQL: send the rows as one JSON array (`json_populate_recordset`) instead of one array per
   * column. For rows with long texts (payslips, audit entries holding a row as JSON) it is the faster
   * form: node-postgres escapes every text of an array parameter in JavaScript (two regular expressions
   * per element), which cost about 0.3 s of CPU for a payroll run's 9,524 audit entries (7 MB of
   * text), while JSON.stringify is native. Numeric rows (timesheets) keep the arrays.
   */
  postgresJson?: boolean;
}

/** PostgreSQL column types by table, read once: the same migrations give every schema the same ones. */
const postgresTypes = new Map<string, Map<string, string>>();

export async function postgresColumnTypes(db: Db, table: string): Promise<Map<string, string>> {
  const known = postgresTypes.get(table);
  if (known) return known;
  const result = await db.executeQuery<{ column_name: string; udt_name: string }>(
    CompiledQuery.raw(
      'select column_name, udt_name from information_schema.columns where table_schema = current_schema() and table_name = $1',
      [table],
    ),
  );
  const types = new Map(result.rows.map((row) => [row.column_name, row.udt_name]));
  postgresTypes.set(table, types);
  return types;
}

/**
 * Inserts thousands of rows in a few statements, written as plain SQL with bound values. Kysely's
 * builder creates several objects for every value it binds, and PostgreSQL parses a VALUES list of
 * 30,000 placeholders slowly; for the payroll run (10,000 payslips of 35 columns, and as many audit
 * entries) both cost more than the writing itself (docs/decisions/019). On PostgreSQL each column
 * travels as one typed array (`insert ... select * from unnest($1::uuid[], ...)`); on SQLite as a
 * multi-row VALUES list. Every row must have the same columns as the first.
 */
export async function bulkInsert<T extends keyof Database & string>(
  db: Db,
  table: T,
  rows: ReadonlyArray<Insertable<Database[T]>>,
  options: BulkInsertOptions = {},
): Promise<Array<Record<string, unknown>>> {
  const first = rows[0];
  if (!first) return [];
  const columns = Object.keys(first);
  const tail =
    (options.onConflictDoNothing
      ? ` on conflict (${options.onConflictDoNothing.map(quoteIdentifier).join(', ')}) do nothing`
      : '') + (options.returning?.length ? ` returning ${options.returning.map(quoteIdentifier).join(', ')}` : '');
  const head = `insert into ${quoteIdentifier(table)} (${columns.map(quoteIdentifier).join(', ')}) `;
  const cellOf = (row: Insertable<Database[T]>, column: string) => (row as Record<string, unknown>)[column] ?? null;

  const answered: Array<Record<string, unknown>> = [];
  const run = async (text: string, parameters: unknown[]) => {
    const result = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, parameters));
    answered.push(...result.rows);
  };

  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres && options.postgresJson) {
    // One JSON text per statement; PostgreSQL's own parser turns it into rows of the table's type.
    const text = `${head}select ${columns.map(quoteIdentifier).join(', ')} from json_populate_recordset(null::${quoteIdentifier(table)}, $1::json)${tail}`;
    for (let start = 0; start < rows.length; start += POSTGRES_ROWS_PER_STATEMENT) {
      await run(text, [JSON.stringify(rows.slice(start, start + POSTGRES_ROWS_PER_STATEMENT))]);
    }
    return answered;
  }
  if (postgres) {
    const types = await postgresColumnTypes(db, table);
    const casts = columns.map((column, i) => {
      const type = types.get(column);
      if (!type) throw new Error(`bulkInsert: ${table}.${column} is not a column`);
      return `$${i + 1}::${type}[]`;
    });
    const text = `${head}select * from unnest(${casts.join(', ')})${tail}`;
    for (let start = 0; start < rows.length; start += POSTGRES_ROWS_PER_STATEMENT) {
      const part = rows.slice(start, start + POSTGRES_ROWS_PER_STATEMENT);
      await run(
        text,
        columns.map((column) => part.map((row) => cellOf(row, column))),
      );
    }
    return answered;
  }

  const perStatement = Math.max(1, Math.floor(SQLITE_MAX_PARAMETERS / columns.length));
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  for (let start = 0; start < rows.length; start += perStatement) {
    const part = rows.slice(start, start + perStatement);
    const parameters: unknown[] = [];
    for (const row of part) for (const column of columns) parameters.push(cellOf(row, column));
    await run(`${head}values ${part.map(() => tuple).join(', ')}${tail}`, parameters);
  }
  return answered;
}
