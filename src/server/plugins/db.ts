/**
 * Opens the database (PGlite folder, in-memory PGlite or PostgreSQL), takes the one-process lock
 * for a PGlite folder, applies the committed migrations, seeds demo data on first start, and closes
 * everything cleanly when the app closes (a PGlite folder killed mid-write may not reopen).
 * Decorates `app.db`. Needs `app.areas` (seeding grants area scopes).
 */
import { openDatabase, type OpenDatabase } from '../db/client';
import { lockDataFolder } from '../db/lock';
import { migrationsFolder } from '../db/migrate';
import { seedDemoAccounts, seedPortalData } from '../seed/index';
import { sharedPlugin } from '../lib/shared-plugin';

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
    await opened.migrate(migrationsFolder());
    await seedPortalData(
      opened.db,
      app.areas.list.map((area) => area.definition),
    );
    if (oidc.kind === 'builtin') await seedDemoAccounts(opened.db);
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
