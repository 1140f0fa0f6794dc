import type SQLite from 'better-sqlite3';

/** Prepared statements kept per connection; beyond this many, the least recently used is dropped. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * A least-recently-used cache of better-sqlite3's prepared statements, keyed by SQL text, in front of
 * the connection Kysely's SQLite dialect is given. The dialect prepares every statement again on each
 * call, and preparing (parsing and planning the SQL) costs about as much as running a list's query
 * (docs/performance.md); the app sends the same few hundred texts over and over (decision 073).
 *
 * Safe because better-sqlite3 runs a statement to completion synchronously (`all`, `run`) and the app
 * never streams (`iterate`), which would hold a statement open across an await.
 */
export function withStatementCache(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string): SQLite.Statement {
      let statement = statements.get(text);
      if (statement) {
        // Map keeps insertion order: moving it to the end makes the first key the least recently used.
        statements.delete(text);
      } else {
        statement = sqlite.prepare(text);
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
