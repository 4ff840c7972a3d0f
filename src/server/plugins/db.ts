/**
 * Opens the database (PGlite folder, in-memory PGlite or PostgreSQL), takes the one-process lock
 * for a PGlite folder, applies the committed migrations and seeds demo data on first start (on
 * PostgreSQL under an advisory lock, one node at a time), and closes everything cleanly when the
 * app closes (a PGlite folder killed mid-write may not reopen). Decorates `app.db`. Needs
 * `app.areas` (seeding grants area scopes).
 */
import { runLocked } from '../db/advisory-lock';
import { openDatabase, type OpenDatabase } from '../db/client';
import { lockDataFolder } from '../db/lock';
import { migrationsFolder } from '../db/migrate';
import { seedDemoAccounts, seedPortalData } from '../seed/index';
import { sharedPlugin } from '../lib/shared-plugin';

/** The advisory lock nodes on one PostgreSQL take in turn to migrate and seed (db/advisory-lock.ts). */
const MIGRATION_LOCK = 'migrate';

/** See the module comment. */
export const dbPlugin = sharedPlugin(async (app) => {
  const { database, oidc } = app.config;
  const started = performance.now();
  const release =
    database.kind === 'pglite'
      ? await lockDataFolder(database.dataDir, (error) => app.log.error({ err: error }, 'data folder lock compromised'))
      : undefined;
  let opened: OpenDatabase | undefined;
  try {
    opened = await openDatabase(database, (error) => app.log.warn({ err: error }, 'idle database connection failed'));
    const { db } = opened;
    const migrating = opened;
    // drizzle's migrator takes no lock: nodes starting at once on one PostgreSQL take turns here.
    await runLocked(db, MIGRATION_LOCK, async () => {
      await migrating.migrate(migrationsFolder());
      await seedPortalData(
        db,
        app.areas.list.map((area) => area.definition),
      );
      if (oidc.kind === 'builtin') await seedDemoAccounts(db);
    });
  } catch (error) {
    await opened?.close();
    await release?.();
    throw error;
  }
  const open = opened;
  app.decorate('db', open.db);
  app.addHook('onClose', async () => {
    await open.close();
    await release?.();
  });
  app.log.info({ database: database.kind, ms: Math.round(performance.now() - started) }, 'database ready');
});
