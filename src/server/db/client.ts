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
  const client = await PGlite.create(config.kind === 'pglite' ? config.dataDir : undefined);
  const db = drizzlePglite({ client, schema });
  return {
    db,
    migrate: (migrationsFolder) => migratePglite(db, { migrationsFolder }),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}
