/**
 * Lists built once per shape (the target: a list answers within its own SQL + 2 ms at p95, measured
 * by bench:lists; docs/performance.md). Building a drizzle select with its joins, columns
 * and conditions and turning it into SQL text costs ~0.4 ms per request, more than everything else
 * the API adds. A list therefore builds its conditions with named placeholders
 * ({@link PlaceholderBindings}) instead of values, and {@link PreparedByShape} keeps one compiled
 * statement per distinct condition text: later requests of the same shape only bind their values.
 *
 * The statement stays the unnamed one of the extended query protocol (the PostgreSQL
 * documentation's "Frontend/Backend Protocol", section 55.2.3 "Extended Query": an empty statement
 * name), so PostgreSQL still plans it with this request's values, exactly as before; nothing is
 * kept on the server.
 *
 * A compiled statement is run on the driver itself (node-postgres or PGlite) with rows as arrays,
 * and each row is decoded by its columns' own drizzle decoders, resolved once per shape. This is
 * what drizzle's prepared query does per row, without its per-row, per-column type checks and
 * per-request wrappers: ~0.18 ms less per page of 25 tickets (bench:lists). Any other database
 * object (a transaction) runs drizzle's own prepared query.
 */
import { PGlite } from '@electric-sql/pglite';
import { Column, fillPlaceholders, is, Placeholder, SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';

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

/**
 * A drizzle select before `.prepare()`, as far as it is used here: its SQL and parameters (values
 * and placeholders), its flat selection (`{ key: column or sql }`, in select-list order) and the
 * prepared query drizzle would run.
 */
export type ShapedSelect<R> = {
  toSQL(): { sql: string; params: unknown[] };
  readonly _: { readonly selectedFields: object };
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<R[]> };
};

/** Shapes kept per list (a shape is one combination of filters and visibility branches). */
export const MAX_SHAPES = 500;

const dialect = new PgDialect();

/** A value bound without a placeholder, as text for the shape key (bigint too). */
function literalKey(value: unknown): string {
  return (
    JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? `${item}n` : item)) ?? String(value)
  );
}

type Decode = (value: unknown) => unknown;

/** The decoder drizzle's own row mapping uses for a selected field (drizzle-orm utils `mapResultRow`). */
function decoderOf(key: string, field: unknown): Decode {
  if (is(field, Column)) return (value) => field.mapFromDriverValue(value);
  // drizzle keeps an SQL field's decoder (set by `.mapWith()`) in a property its types call internal
  const expression = is(field, SQL) ? field : is(field, SQL.Aliased) ? field.sql : undefined;
  const decoder = (expression as { decoder?: { mapFromDriverValue?: Decode } } | undefined)?.decoder;
  const map = decoder?.mapFromDriverValue;
  if (!decoder || typeof map !== 'function') {
    throw new TypeError(
      `PreparedByShape selects columns and sql fields only; "${key}" is neither (nested selections are not supported).`,
    );
  }
  return (value) => map.call(decoder, value);
}

const keepText = (value: unknown) => value;
/**
 * Date and time types (and their arrays) come back as the database's text, as drizzle's own
 * drivers configure them (drizzle-orm node-postgres and pglite sessions); the columns decode them.
 */
const TEXT_TYPE_IDS: ReadonlySet<number> = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
]);
const nodePgTypes = {
  getTypeParser: (typeId: number, format?: 'text' | 'binary'): ((value: string) => unknown) =>
    TEXT_TYPE_IDS.has(typeId) ? keepText : (pg.types.getTypeParser(typeId, format) as (value: string) => unknown),
};
const pgliteParsers = Object.fromEntries([...TEXT_TYPE_IDS].map((typeId) => [typeId, keepText]));

/** Runs `text` with `values` and answers the rows as arrays, or null when `database` is neither driver's. */
type ArrayRunner = (text: string, values: unknown[]) => Promise<unknown[][]>;

function arrayRunnerOf(database: object): ArrayRunner | null {
  const client = (database as { $client?: unknown }).$client;
  if (client instanceof PGlite) {
    return async (text, values) =>
      (await client.query<unknown[]>(text, values, { rowMode: 'array', parsers: pgliteParsers })).rows;
  }
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    return async (text, values) =>
      (await client.query<unknown[]>({ text, values, rowMode: 'array', types: nodePgTypes })).rows;
  }
  return null;
}

/** One shape: its statement and its row decoding, or drizzle's prepared query. */
type Compiled<R> =
  | { kind: 'direct'; runner: ArrayRunner; text: string; params: unknown[]; keys: string[]; decoders: Decode[] }
  | { kind: 'drizzle'; prepared: ReturnType<ShapedSelect<R>['prepare']> };

function compile<R>(select: ShapedSelect<R>, runner: ArrayRunner | null): Compiled<R> {
  // '' is the unnamed statement: planned with each request's values (module comment)
  if (!runner) return { kind: 'drizzle', prepared: select.prepare('') };
  const { sql: text, params } = select.toSQL();
  // drizzle's select list follows the selection's key order (drizzle-orm utils `orderSelectedFields`)
  const fields = Object.entries(select._.selectedFields);
  return {
    kind: 'direct',
    runner,
    text,
    params,
    keys: fields.map(([key]) => key),
    decoders: fields.map(([key, field]) => decoderOf(key, field)),
  };
}

function decodeRows<R>(rows: unknown[][], keys: string[], decoders: Decode[]): R[] {
  const width = keys.length;
  return rows.map((values) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < width; i += 1) {
      const value = values[i];
      row[keys[i] as string] = value === null || value === undefined ? null : (decoders[i] as Decode)(value);
    }
    return row as R;
  });
}

type Shapes<R> = { runner: ArrayRunner | null; byKey: Map<string, Compiled<R>> };

/**
 * One compiled statement per shape of a list, rows of type `R`. The key of a shape is `variant`
 * (what the caller adds outside the conditions, for example the sort order) plus the SQL text of the
 * conditions and, in order, the names of their placeholders and any value bound without one; so
 * two requests share a statement only when their conditions are the same SQL, and the values are
 * this request's. Oldest shapes go first past {@link MAX_SHAPES}.
 */
export class PreparedByShape<R> {
  readonly #byDatabase = new WeakMap<object, Shapes<R>>();

  /**
   * Runs the select of this shape with `bindings.values`, building it with `build` the first time.
   * `conditions` must have been built with `bindings.bind`, and `build` must bind every other value
   * (limit, cursor) with it too. The selection must be flat (columns and sql fields; a TypeError
   * says which key is not). Errors of the database are thrown as the driver throws them.
   */
  async run(
    database: object,
    variant: string,
    conditions: SQL | undefined,
    bindings: PlaceholderBindings,
    build: () => ShapedSelect<R>,
  ): Promise<R[]> {
    let shapes = this.#byDatabase.get(database);
    if (!shapes) {
      shapes = { runner: arrayRunnerOf(database), byKey: new Map() };
      this.#byDatabase.set(database, shapes);
    }
    const query = conditions ? dialect.sqlToQuery(conditions) : { sql: '', params: [] };
    // a value not bound through `bindings` is part of the shape: a statement never carries one
    // request's value into another
    const params = query.params
      .map((param) => (is(param, Placeholder) ? `:${param.name}` : literalKey(param)))
      .join(',');
    const key = `${variant}\n${query.sql}\n${params}`;
    let compiled = shapes.byKey.get(key);
    if (!compiled) {
      compiled = compile(build(), shapes.runner);
      if (shapes.byKey.size >= MAX_SHAPES) shapes.byKey.delete(shapes.byKey.keys().next().value as string);
      shapes.byKey.set(key, compiled);
    }
    if (compiled.kind === 'drizzle') return compiled.prepared.execute(bindings.values);
    const rows = await compiled.runner(compiled.text, fillPlaceholders(compiled.params, bindings.values));
    return decodeRows<R>(rows, compiled.keys, compiled.decoders);
  }
}
