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
 * PostgreSQL's format, about a twelfth of the server's CPU on a page of 50 rows (decision 058).
 * Anything else (another offset, `infinity`) goes through `Date` as before.
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
 * node-postgres' own `query`, looked up at each call (the tests watch it): called with a callback
 * below, as `Pool#query` calls it.
 */
const driverQuery = (client: pg.Client, ...args: unknown[]): unknown =>
  (pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown).apply(client, args);

/**
 * Decision 065: a query run through node-postgres' callback form, answered as a promise. Its own
 * promise form (`query(text, values)`, Kysely's call) makes the query without a callback and adds
 * one afterwards; measured here, V8 then kept each page's rows alive through the young generation's
 * collections into the old one (scavenges of 5-7 ms against 0.5 ms, an old generation collected every
 * second), and the server answered lists 25-40% slower, with twice the p99, than with the callback.
 */
function queryWithCallback(client: pg.Client, config: unknown, values: unknown): Promise<unknown> {
  return new Promise((resolve, reject) => {
    driverQuery(client, config, values, (error: unknown, result: unknown) => (error ? reject(error) : resolve(result)));
  }).catch((error: unknown) => {
    // As node-postgres' promise does: a stack that leads back to the caller, not to the socket's read.
    if (error instanceof Error) Error.captureStackTrace(error);
    throw error;
  });
}

/**
 * node-postgres' client with one change: `query(text, values)`, Kysely's call, goes through the
 * callback form (decision 065, above). Anything else (a callback of its own, a query object such as
 * COPY's stream) goes to node-postgres as it is.
 */
class CallbackQueryClient extends pg.Client {}
CallbackQueryClient.prototype.query = function query(
  this: pg.Client,
  config: unknown,
  values?: unknown,
  callback?: unknown,
) {
  if (typeof config !== 'string' || callback !== undefined || (values !== undefined && !Array.isArray(values)))
    return driverQuery(this, config, values, callback);
  return queryWithCallback(this, config, values);
} as typeof pg.Client.prototype.query;

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
    Client: CallbackQueryClient,
    options: [`-c TimeZone=UTC`, ...(schema ? [`-c search_path=${schema}`] : [])].join(' '),
  };
}
