import type SQLite from 'better-sqlite3';

/** Prepared statements kept per connection; beyond this many, the least recently used is dropped. */
const STATEMENT_CACHE_SIZE = 500;

type Row = Record<string, unknown>;

/**
 * A statement's rows as objects keyed by column name, as better-sqlite3's `all()` gives them, in about
 * half the time for wide rows (issue 15: 50 workers of 32 columns, 0.34 to 0.19 ms): better-sqlite3
 * builds each row object key by key in C++, while an object literal written for the statement's columns
 * gives V8 one shape it fills at once. The statement is switched to `raw` mode (rows as arrays) and its
 * rows go through that constructor. Only for statements that return rows (`reader`).
 *
 * A column name repeated in the result keeps its last value, as with `all()`.
 */
export function rowReader(statement: SQLite.Statement) {
  const names = statement.columns().map((column) => column.name);
  // Written from the column names only (JSON-quoted), never from data.
  const toRow = new Function(
    'values',
    `return {${names.map((name, index) => `${JSON.stringify(name)}: values[${index}]`).join(', ')}};`,
  ) as (values: unknown[]) => Row;
  statement.raw(true);
  return {
    all: (parameters: readonly unknown[]): Row[] => (statement.all(...parameters) as unknown[][]).map(toRow),
    *iterate(parameters: readonly unknown[]): IterableIterator<Row> {
      for (const values of statement.iterate(...parameters) as IterableIterator<unknown[]>) yield toRow(values);
    },
  };
}

/** What Kysely's SQLite driver uses of a statement, each method given the parameters as one array. */
export interface CachedStatement {
  readonly reader: boolean;
  all(parameters: readonly unknown[]): unknown[];
  run(parameters: readonly unknown[]): SQLite.RunResult;
  iterate(parameters: readonly unknown[]): IterableIterator<unknown>;
}

function cachedStatement(statement: SQLite.Statement): CachedStatement {
  const run = (parameters: readonly unknown[]) => statement.run(...parameters);
  if (!statement.reader) {
    return {
      reader: false,
      all: (parameters) => statement.all(...parameters),
      run,
      iterate: (parameters) => statement.iterate(...parameters),
    };
  }
  return { reader: true, run, ...rowReader(statement) };
}

/**
 * Kysely's SQLite driver prepares every statement again on each call; preparing (parsing and planning
 * the SQL) cost about as much as running a list's query (docs/performance.md). The app sends the same
 * few hundred statements over and over, so they are kept, least recently used first out, each with its
 * row reader. Safe because better-sqlite3 runs a statement to completion synchronously (`all`, `run`),
 * and the app never streams (`iterate`), which would hold a statement open across an await.
 */
export function withStatementCache(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE) {
  const statements = new Map<string, CachedStatement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string): CachedStatement {
      let statement = statements.get(text);
      if (statement) {
        // Map keeps insertion order: moving it to the end makes the first key the least recently used.
        statements.delete(text);
      } else {
        statement = cachedStatement(sqlite.prepare(text));
        if (statements.size >= size) {
          const oldest = statements.keys().next().value;
          if (oldest !== undefined) statements.delete(oldest);
        }
      }
      statements.set(text, statement);
      return statement;
    },
  };
}
