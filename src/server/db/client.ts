/**
 * Opens the database the configuration names: PGlite in a folder (default), in-memory PGlite
 * (tests), or PostgreSQL through node-postgres (`DATABASE_URL`). All three speak the same
 * PostgreSQL dialect and run the same committed migrations (docs/architecture.md "Database").
 */
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { DatabaseConfig } from '../config';
import { registerLockPool } from './advisory-lock';
import { FairQueue } from '../lib/fair-queue';
import * as schema from './schema';

/** The Drizzle database, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database: the Drizzle handle, its migration step and its close. */
export type OpenDatabase = {
  db: Database;
  /** Applies the committed migrations in `migrationsFolder` (idempotent). */
  migrate(migrationsFolder: string): Promise<void>;
  /** Closes the connection(s); PGlite flushes and closes its data folder cleanly. */
  close(): Promise<void>;
};

/**
 * Makes PGlite's one connection serve requests in arrival order (lib/fair-queue): its public
 * `query`, `exec`, `describeQuery`, `transaction` and `close` go through one {@link FairQueue}, a
 * transaction as one task. PGlite's own locks then see one caller at a time. The methods are
 * replaced on the instance itself, so it stays a `PGlite` (lib/prepared-by-shape tests that).
 */
function queueFairly(client: PGlite): PGlite {
  const queue = new FairQueue();
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const describeQuery = client.describeQuery.bind(client);
  const transaction = client.transaction.bind(client);
  const close = client.close.bind(client);
  return Object.assign(client, {
    query: ((...args: Parameters<PGlite['query']>) => queue.run(() => query(...args))) as PGlite['query'],
    exec: (...args: Parameters<PGlite['exec']>) => queue.run(() => exec(...args)),
    describeQuery: (...args: Parameters<PGlite['describeQuery']>) => queue.run(() => describeQuery(...args)),
    transaction: ((callback: Parameters<PGlite['transaction']>[0]) =>
      queue.run(() => transaction(callback))) as PGlite['transaction'],
    close: () => queue.run(close),
  });
}

/**
 * PostgreSQL settings PGlite starts with, on top of its own (`PGlite.defaultStartParams`):
 * `shared_buffers` down from PostgreSQL's 128 MB, which PGlite holds inside its WebAssembly memory
 * and which was most of the process's resident memory after start (~120 MB of ~290 MB for PGlite
 * alone). The portal's database is small, and pages not in these buffers are read through the
 * operating system's file cache. Measured by `npm run bench:start` (docs/performance.md "Start and
 * memory"); see https://www.postgresql.org/docs/current/runtime-config-resource.html.
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=32MB'];

/**
 * Opens (and for PGlite, creates) the database; does not migrate. `onIdleError` receives errors of
 * idle PostgreSQL connections (server restart, network), which would otherwise crash the process.
 */
export async function openDatabase(
  config: DatabaseConfig,
  onIdleError: (error: Error) => void = () => {},
): Promise<OpenDatabase> {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: 10 });
    pool.on('error', onIdleError);
    const db = drizzlePg({ client: pool, schema });
    registerLockPool(db, pool);
    return {
      db,
      migrate: (migrationsFolder) => migratePg(db, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  if (config.kind === 'pglite') await mkdir(config.dataDir, { recursive: true });
  const client = queueFairly(
    await PGlite.create({
      ...(config.kind === 'pglite' ? { dataDir: config.dataDir } : {}),
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
    }),
  );
  const db = drizzlePglite({ client, schema });
  return {
    db,
    migrate: (migrationsFolder) => migratePglite(db, { migrationsFolder }),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}
