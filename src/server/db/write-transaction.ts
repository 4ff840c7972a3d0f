/**
 * Transactions of the write path whose statements PostgreSQL plans once per connection.
 *
 * drizzle sends every statement as the unnamed statement of the extended query protocol (the
 * PostgreSQL documentation's "Frontend/Backend Protocol", "Extended Query"), which the server
 * parses, analyses and plans again on every request. That is right for the lists, whose best plan
 * depends on each request's filters (lib/prepared-by-shape.ts keeps them unnamed on purpose), and
 * wasted on the statements of the everyday writes (a submission's creating transaction, a ticket's
 * change, a comment, an approval decision): inserts, updates and look-ups by key, the same text on
 * every request. Run through {@link writeTransaction} on PostgreSQL, a
 * statement with parameters becomes a named prepared statement of its connection the first time
 * that connection sends its text (node-postgres query config `name`: "Prepared statements" in the
 * node-postgres documentation), and later requests only bind and execute it. pgbench ran the
 * full work of one AP submission in 2.9 ms with unnamed statements and in 1.8 ms prepared
 * (docs/performance.md "Submission throughput").
 *
 * On PGlite (one connection in the process, no statement names in its API) it is drizzle's own
 * transaction.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from './client';
import * as schema from './schema';

/** The transaction handle a {@link writeTransaction} callback receives (drizzle's). */
export type WriteTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Distinct statement texts that get a name. Each name is kept by every connection that ran it, on
 * the server, until the connection closes; a text past this many runs unnamed, as drizzle sends it.
 */
export const MAX_STATEMENT_NAMES = 200;

const statementNames = new Map<string, string>();

/** The name of `text`'s prepared statement (one per distinct text in the process), or undefined past the cap. */
export function statementNameOf(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_STATEMENT_NAMES) {
    name = `tm_write_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

type QueryConfig = { text: string; name?: string; values?: unknown[] };

function isParameterisedConfig(config: unknown, values: unknown): config is QueryConfig {
  if (typeof config !== 'object' || config === null) return false;
  const { text, name } = config as { text?: unknown; name?: unknown };
  const parameters = values ?? (config as { values?: unknown }).values;
  return typeof text === 'string' && !name && Array.isArray(parameters) && parameters.length > 0;
}

/**
 * `client` with its `query` giving every parameterised statement without a name the name of its
 * text. Statements without parameters (`begin`, `commit`) stay unnamed: nothing to plan.
 */
function namingStatements(client: pg.PoolClient): pg.PoolClient {
  const query = (config: unknown, values?: unknown, callback?: unknown): unknown => {
    const named = isParameterisedConfig(config, values) ? { ...config, name: statementNameOf(config.text) } : config;
    return (client.query as (...args: unknown[]) => unknown)(named, values, callback);
  };
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** One drizzle database per pooled connection (the pool reuses them), its statements named. */
const onConnection = new WeakMap<pg.PoolClient, Database>();

function databaseOn(client: pg.PoolClient): Database {
  let db = onConnection.get(client);
  if (!db) {
    db = drizzle({ client: namingStatements(client), schema });
    onConnection.set(client, db);
  }
  return db;
}

/**
 * Runs `work` in one transaction of `db`, as `db.transaction(work)` does (committed when it
 * resolves, rolled back when it throws, which it rethrows), on PostgreSQL on a connection of
 * its own whose parameterised statements are named prepared statements (module comment).
 */
export async function writeTransaction<T>(db: Database, work: (tx: WriteTransaction) => Promise<T>): Promise<T> {
  // drizzle's node-postgres database exposes its pool as `$client` (lib/prepared-by-shape.ts reads it too)
  const pool = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return db.transaction(work);
  const client = await pool.connect();
  try {
    return await databaseOn(client).transaction(work);
  } finally {
    client.release();
  }
}
