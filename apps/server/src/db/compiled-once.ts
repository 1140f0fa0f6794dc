import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './database.ts';
import { isPostgres } from './migrations/column-types.ts';
import { MAX_PREPARED_STATEMENTS, prepareOnEachConnection } from './postgres-pool.ts';

function checkedCompile<Row>(query: Compilable<Row>, values: readonly unknown[]): CompiledQuery<Row> {
  const compiled = query.compile();
  const { parameters } = compiled;
  if (parameters.length !== values.length || parameters.some((parameter, i) => parameter !== values[i])) {
    throw new Error(`compiledOnce: the values are not the parameters of ${compiled.sql}`);
  }
  return compiled;
}

/**
 * A query of fixed shape, built and compiled by Kysely once per database and then run with each
 * call's values: for a statement every request runs (the session check), whose building and compiling
 * cost more than SQLite takes to answer it (issue 15, docs/performance.md).
 *
 * The values must be the query's parameters, in order, and must not change its SQL (no arrays for
 * `in`, no nulls compared with `=`): the first compile checks the first of these.
 */
export function compiledOnce<Values extends unknown[], Row>(
  build: (db: Db, ...values: Values) => Compilable<Row>,
): (db: Db, ...values: Values) => Promise<Row[]> {
  const run = compiledPerShape((db: Db, _shape: null, ...values: Values) => build(db, ...values));
  return (db, ...values) => run(db, null, ...values);
}

/**
 * As `compiledOnce`, for a query with a few shapes (a sort order, say): compiled once per database
 * and shape, the shape told apart by its JSON. The shape alone must decide the SQL; the values are its
 * parameters, in order.
 */
export function compiledPerShape<Shape, Values extends unknown[], Row>(
  build: (db: Db, shape: Shape, ...values: Values) => Compilable<Row>,
): (db: Db, shape: Shape, ...values: Values) => Promise<Row[]> {
  const compiled = new WeakMap<Db, Map<string, CompiledQuery<Row>>>();
  return async (db, shape, ...values) => {
    let shapes = compiled.get(db);
    if (!shapes) {
      shapes = new Map();
      compiled.set(db, shapes);
    }
    const key = JSON.stringify(shape);
    let query = shapes.get(key);
    if (!query) {
      query = checkedCompile(build(db, shape, ...values), values);
      shapes.set(key, query);
      // Decision 059: and parsed once per PostgreSQL connection.
      if (isPostgres(db)) prepareOnEachConnection(query.sql);
    }
    return (await db.executeQuery<Row>({ ...query, parameters: values })).rows;
  };
}

/**
 * Runs a query whose SQL takes only a few shapes (a filtered page, say) as a prepared statement on
 * PostgreSQL (decision 059), built and compiled as usual. Such texts take at most half of the
 * registry's bound.
 */
export async function executePrepared<Row>(db: Db, query: Compilable<Row>): Promise<Row[]> {
  const compiled = query.compile();
  if (isPostgres(db)) prepareOnEachConnection(compiled.sql, MAX_PREPARED_STATEMENTS / 2);
  return (await db.executeQuery<Row>(compiled)).rows;
}
