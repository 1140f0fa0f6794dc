import pg from 'pg';

const PG_DATE = 1082;
const PG_TIMESTAMPTZ = 1184;
const PG_INT8 = 20;
const PG_NUMERIC = 1700;

/** `2026-11-26 06:10:39.123456+00`: a timestamp as PostgreSQL writes it in UTC (years 1000 to 9999). */
const UTC_TIMESTAMP = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?\+00$/;

/**
 * A timestamptz as `Date#toISOString` writes it (`2026-11-26T06:10:39.123Z`, milliseconds truncated
 * as `Date` truncates them). The connections ask for UTC (below), so PostgreSQL's text is already UTC
 * and only needs its separators changed: `new Date(text)` took the slow path of V8's date parser for
 * PostgreSQL's format, about a twelfth of the server's CPU on a page of 50 rows (issue 15, decision
 * 058). Anything else (another offset, `infinity`) goes through `Date` as before.
 */
export function timestamptzToIso(value: string): string {
  const match = UTC_TIMESTAMP.exec(value);
  if (!match) return new Date(value).toISOString();
  const milliseconds = `${(match[1] ?? '.').slice(1)}000`.slice(0, 3);
  return `${value.slice(0, 10)}T${value.slice(11, 19)}.${milliseconds}Z`;
}

/**
 * PostgreSQL returns dates, timestamps and bigints as Date objects and strings; these parsers make it
 * answer what SQLite answers (`YYYY-MM-DD`, ISO-8601 UTC, numbers), so repositories see one shape.
 */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === PG_DATE) return (value: string) => value;
    if (oid === PG_TIMESTAMPTZ) return timestamptzToIso;
    if (oid === PG_INT8 || oid === PG_NUMERIC) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
} as unknown as pg.CustomTypesConfig;

/**
 * The app's connection pool settings (the benchmark's bare server uses the same): ten connections,
 * the parsers above, timestamps written in UTC (no SQL of the app depends on the session's time zone;
 * "today" and months are the business time zone's, computed in the app), and the schema when given.
 */
export function postgresPoolConfig(url: string, schema?: string): pg.PoolConfig {
  return {
    connectionString: url,
    types: pgTypes,
    max: 10,
    options: [`-c TimeZone=UTC`, ...(schema ? [`-c search_path=${schema}`] : [])].join(' '),
  };
}
