/**
 * Lists built once per shape (issue 5 "Data rules": a list answers within its own SQL + 2 ms at
 * p95, bench:lists). Building a drizzle select with its joins, columns and conditions and turning
 * it into SQL text costs ~0.4 ms per request, more than everything else the API adds. A list
 * therefore builds its conditions with named placeholders ({@link PlaceholderBindings}) instead of
 * values, and {@link PreparedByShape} keeps one prepared query per distinct condition text: later
 * requests of the same shape only bind their values.
 *
 * The statement stays the unnamed one of the extended query protocol (PostgreSQL protocol §55.2.3,
 * "Extended Query": an empty statement name), so PostgreSQL still plans it with this request's
 * values, exactly as before; nothing is kept on the server.
 */
import { is, Placeholder, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/**
 * How a query part takes a value: {@link bindAsParameter} passes the value itself (drizzle makes it
 * a parameter at once); {@link PlaceholderBindings.bind} returns a named placeholder and records the
 * value under that name.
 */
export type Bind = <T>(value: T) => T | Placeholder<string, T>;

/** The default {@link Bind}: the value itself. */
export const bindAsParameter: Bind = (value) => value;

/** Placeholders `p0`, `p1`, … in the order the query's parts bind them, with their values. */
export class PlaceholderBindings {
  readonly values: Record<string, unknown> = {};
  #next = 0;
  readonly bind: Bind = <T>(value: T) => {
    const name = `p${this.#next++}`;
    this.values[name] = value;
    return sql.placeholder(name) as Placeholder<string, T>;
  };
}

/** What drizzle's `.prepare()` returns, reduced to what is used here. */
export type PreparedQuery<R> = { execute: (values: Record<string, unknown>) => Promise<R> };

/** Shapes kept per list (a shape is one combination of filters and visibility branches). */
export const MAX_SHAPES = 500;

const dialect = new PgDialect();

/** A value bound without a placeholder, as text for the shape key (bigint too). */
function literalKey(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? `${item}n` : item)) ?? String(value);
}

/**
 * One prepared query per shape of a list. The key of a shape is `variant` (what the caller adds
 * outside the conditions, for example the sort order) plus the SQL text of the conditions and, in
 * order, the names of their placeholders and any value bound without one; so two requests share a
 * statement only when their conditions are the same SQL, and the values are this request's.
 * Oldest shapes go first past {@link MAX_SHAPES}.
 */
export class PreparedByShape<R> {
  readonly #byDatabase = new WeakMap<object, Map<string, PreparedQuery<R>>>();

  /**
   * Runs the query of this shape with `bindings.values`, building it with `build` the first time.
   * `conditions` must have been built with `bindings.bind`, and `build` must bind every other value
   * (limit, cursor) with it too.
   */
  async run(
    database: object,
    variant: string,
    conditions: SQL | undefined,
    bindings: PlaceholderBindings,
    build: () => PreparedQuery<R>,
  ): Promise<R> {
    let shapes = this.#byDatabase.get(database);
    if (!shapes) {
      shapes = new Map();
      this.#byDatabase.set(database, shapes);
    }
    const query = conditions ? dialect.sqlToQuery(conditions) : { sql: '', params: [] };
    // a value not bound through `bindings` is part of the shape: a statement never carries one
    // request's value into another
    const params = query.params.map((param) => (is(param, Placeholder) ? `:${param.name}` : literalKey(param))).join(',');
    const key = `${variant}\n${query.sql}\n${params}`;
    let prepared = shapes.get(key);
    if (!prepared) {
      prepared = build();
      if (shapes.size >= MAX_SHAPES) shapes.delete(shapes.keys().next().value as string);
      shapes.set(key, prepared);
    }
    return prepared.execute(bindings.values);
  }
}
