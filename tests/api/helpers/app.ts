/**
 * Boots the real app for API tests: in-memory PGlite by default, or — when TEST_DATABASE_URL is
 * set — a fresh throwaway PostgreSQL database per call, dropped when the app closes.
 * DATA_DIR is a temp folder (signing keys), PUBLIC_URL is http://localhost (app.inject's host).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../../src/server/app';
import { loadConfig, type AppConfig, type DatabaseConfig } from '../../../src/server/config';

export const FIXTURE_SCHEMAS_DIR = resolve(import.meta.dirname, '../../fixtures/schemas');
export const REAL_SCHEMAS_DIR = resolve(import.meta.dirname, '../../../schemas');

export type TestAppOptions = {
  schemasDir?: string;
  clientDistDir?: string;
  env?: Record<string, string>;
  /** A database another test app already runs on (not dropped by this one); default a fresh one. */
  database?: DatabaseConfig;
  /** Fastify logger options; default silent (or TEST_LOG_LEVEL). */
  logger?: FastifyServerOptions['logger'];
  /** The app's clock (epoch ms) for service levels; default Date.now. */
  now?: () => number;
};

async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  // bounded: an unreachable server fails the hook with a message instead of waiting on TCP
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 15_000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Drops a test database once the app's pool has really disconnected (FORCE only as a last resort). */
async function dropWhenIdle(client: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const { rows } = await client.query<{ n: string }>(
      'SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1',
      [name],
    );
    if (rows[0]?.n === '0') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/** Creates `tm_test_<random>` on the TEST_DATABASE_URL server; returns its URL and a drop function. */
export async function createThrowawayDatabase(
  adminUrl: string,
): Promise<{ database: DatabaseConfig; drop: () => Promise<void> }> {
  const name = `tm_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    database: { kind: 'postgres', url: url.toString() },
    drop: () => withAdminClient(adminUrl, (client) => dropWhenIdle(client, name)),
  };
}

/** The config a test app runs with (exported for tests that check config-dependent answers). */
export async function createTestConfig(
  options: TestAppOptions = {},
): Promise<{ config: AppConfig; cleanup: () => Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'tm-api-test-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  const throwaway = adminUrl && !options.database ? await createThrowawayDatabase(adminUrl) : null;
  const env = {
    PUBLIC_URL: 'http://localhost',
    DATA_DIR: dataDir,
    SCHEMAS_DIR: options.schemasDir ?? FIXTURE_SCHEMAS_DIR,
    CLIENT_DIST_DIR: options.clientDistDir ?? join(dataDir, 'no-client'),
    ...options.env,
  };
  const config = loadConfig(env, {
    database: options.database ?? throwaway?.database ?? { kind: 'pglite-memory' },
  });
  return {
    config,
    cleanup: async () => {
      await throwaway?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Builds the app on a fresh database; `app.close()` also drops the database and the temp folder. */
export async function createTestApp(options: TestAppOptions = {}): Promise<FastifyInstance> {
  const { config, cleanup } = await createTestConfig(options);
  const logger = options.logger ?? { level: process.env.TEST_LOG_LEVEL ?? 'silent' };
  let app: FastifyInstance;
  try {
    app = await buildApp(config, { logger, afterClose: cleanup, ...(options.now ? { now: options.now } : {}) });
  } catch (error) {
    await cleanup();
    throw error;
  }
  return app;
}
