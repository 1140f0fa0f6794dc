import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './database.ts';

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
  const compiled = new WeakMap<Db, CompiledQuery<Row>>();
  return async (db, ...values) => {
    let query = compiled.get(db);
    if (!query) {
      query = build(db, ...values).compile();
      const { parameters } = query;
      if (parameters.length !== values.length || parameters.some((parameter, i) => parameter !== values[i])) {
        throw new Error(`compiledOnce: the values are not the parameters of ${query.sql}`);
      }
      compiled.set(db, query);
    }
    return (await db.executeQuery<Row>({ ...query, parameters: values })).rows;
  };
}
