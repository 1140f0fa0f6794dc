import { type ColumnDataType, type Kysely, PostgresAdapter } from 'kysely';

/**
 * Column types that differ between the two databases, so one migration file serves both
 * (ARCHITECTURE, Data: "the same files for both databases"). SQLite keeps dates and timestamps as
 * ISO text, which sorts and compares the same way.
 */
export interface ColumnTypes {
  id: ColumnDataType;
  date: ColumnDataType;
  timestamp: ColumnDataType;
}

export function isPostgres(db: Pick<Kysely<unknown>, 'getExecutor'>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export function columnTypesFor(db: Kysely<unknown>): ColumnTypes {
  return isPostgres(db)
    ? { id: 'uuid', date: 'date', timestamp: 'timestamptz' }
    : { id: 'text', date: 'text', timestamp: 'text' };
}
