import type { Compilable, CompiledQuery } from 'kysely';
import { type Db, directSqliteRead } from './database.ts';
import { isPostgres } from './migrations/column-types.ts';
import { MAX_PREPARED_STATEMENTS, prepareOnEachConnection } from './postgres-pool.ts';

/** A statement compiled beforehand, with its values: straight on SQLite's connection where it may be. */
async function runCompiled<Row>(db: Db, query: CompiledQuery<Row>, parameters: readonly unknown[]): Promise<Row[]> {
  const rows = directSqliteRead(db)?.(query.sql, parameters);
  if (rows) return rows as Row[];
  return (await db.executeQuery<Row>({ ...query, parameters })).rows;
}

function checkedCompile<Row>(query: Compilable<Row>, values: readonly unknown[]): CompiledQuery<Row> {
  const compiled = query.compile();
  const { parameters } = compiled;
  if (parameters.length !== values.length || parameters.some((parameter, i) => parameter !== values[i])) {
    throw new Error(`compiledOnce: the values are not the parameters of ${compiled.sql}`);
  }
  return compiled;
}

/** What was compiled for each database and shape (told apart by its JSON), compiled on first use. */
function compiledPerDatabase<Compiled>(): (db: Db, shape: unknown, compile: () => Compiled) => Compiled {
  const compiled = new WeakMap<Db, Map<string, Compiled>>();
  return (db, shape, compile) => {
    let shapes = compiled.get(db);
    if (!shapes) {
      shapes = new Map();
      compiled.set(db, shapes);
    }
    const key = JSON.stringify(shape);
    let entry = shapes.get(key);
    if (entry === undefined) {
      entry = compile();
      shapes.set(key, entry);
    }
    return entry;
  };
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
  const compiled = compiledPerDatabase<CompiledQuery<Row>>();
  return async (db, shape, ...values) => {
    const query = compiled(db, shape, () => {
      const checked = checkedCompile(build(db, shape, ...values), values);
      // Decision 059: and parsed once per PostgreSQL connection.
      if (isPostgres(db)) prepareOnEachConnection(checked.sql);
      return checked;
    });
    return runCompiled(db, query, values);
  };
}

/** Stands for one named value while a shape is compiled; a call's own values never meet it. */
const MARKER_PREFIX = '\u0000value:';
const markerOf = (name: string) => `${MARKER_PREFIX}${name}`;

interface CompiledWithSlots<Row> {
  query: CompiledQuery<Row>;
  /** For each parameter, the name of the value that goes there, or null for a constant of the SQL. */
  slots: Array<string | null>;
}

function compileWithMarkers<Row>(query: Compilable<Row>, names: string[]): CompiledWithSlots<Row> {
  const compiled = query.compile();
  const byMarker = new Map(names.map((name) => [markerOf(name), name]));
  const slots = compiled.parameters.map((parameter) => {
    if (typeof parameter !== 'string' || !parameter.includes(MARKER_PREFIX)) return null;
    const name = byMarker.get(parameter);
    if (name === undefined) throw new Error(`compiledWithValues: a value was changed, not passed, in ${compiled.sql}`);
    return name;
  });
  if (compiled.sql.includes(MARKER_PREFIX)) {
    throw new Error(`compiledWithValues: a value was written into the SQL text: ${compiled.sql}`);
  }
  return { query: compiled, slots };
}

/**
 * As `compiledPerShape`, for a query whose builder places its named values where it likes (a search's
 * patterns and filters, then a page's limit and offset, in the order Kysely writes them): each shape is
 * built and compiled once with a marker for each value, and each call's values go where their markers
 * went. Issue 15: building and compiling the worker search took about 180 us of a search's 1,100 us of
 * server CPU on PostgreSQL (docs/performance.md).
 *
 * The builder may only pass the values on as they are, as parameters; the shape alone decides the SQL.
 * A value changed on the way (`%${value}%`) or written into the SQL text is caught at the compile.
 */
export function compiledWithValues<Shape, Values extends Record<string, unknown>, Row>(
  build: (db: Db, shape: Shape, values: Values) => Compilable<Row>,
): (db: Db, shape: Shape, values: Values) => Promise<Row[]> {
  const compiled = compiledPerDatabase<CompiledWithSlots<Row>>();
  return async (db, shape, values) => {
    const { query, slots } = compiled(db, shape, () => {
      const names = Object.keys(values);
      const markers = Object.fromEntries(names.map((name) => [name, markerOf(name)])) as Values;
      const entry = compileWithMarkers(build(db, shape, markers), names);
      if (isPostgres(db)) prepareOnEachConnection(entry.query.sql, MAX_PREPARED_STATEMENTS / 2);
      return entry;
    });
    const parameters = slots.map((name, i) => {
      if (name === null) return query.parameters[i];
      if (values[name] === undefined) throw new Error(`compiledWithValues: no value "${name}" for ${query.sql}`);
      return values[name];
    });
    return runCompiled(db, query, parameters);
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
