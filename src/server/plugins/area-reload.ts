/**
 * Form areas without a restart (docs/behaviour.md "Form areas"). Once the database is open:
 * records the schema version of every area loaded at start (domains/areas/schema-versions.ts),
 * then watches SCHEMAS_DIR (lib/folder-watch.ts: file-system events, debounced, plus a re-scan
 * every `config.areaReload.rescanIntervalMs`) and reloads the catalogue when something changed:
 * an added folder serves at once, a changed one gets its new schema version before it serves,
 * a broken one keeps its last good version, a removed one leaves the catalogue. The watcher and
 * timer stop when the app closes (before the database does). Interval 0: no watching.
 */
import type { FastifyInstance } from 'fastify';
import { AreaDiscoveryError } from '../domains/areas';
import { watchFolder } from '../lib/folder-watch';
import { sharedPlugin } from '../lib/shared-plugin';
import { logAreaReport } from './areas';

/** Quiet time after the last file-system event before SCHEMAS_DIR is judged again. */
export const AREA_RELOAD_DEBOUNCE_MS = 300;

/** See the module comment. Needs `app.areas` and `app.db`. */
export const areaReloadPlugin = sharedPlugin(async (app: FastifyInstance) => {
  logAreaReport(app.log, await app.areas.reload(app.db));
  const { rescanIntervalMs } = app.config.areaReload;
  if (rescanIntervalMs <= 0) return;
  let lastError = '';
  const logError = (message: string, error: unknown) => {
    const text = error instanceof Error ? error.message : String(error);
    if (text === lastError) return;
    lastError = text;
    app.log.error({ err: error }, message);
  };
  const watch = watchFolder(app.config.schemasDir, {
    debounceMs: AREA_RELOAD_DEBOUNCE_MS,
    intervalMs: rescanIntervalMs,
    onChange: async () => {
      try {
        logAreaReport(app.log, await app.areas.reload(app.db));
        lastError = '';
      } catch (error) {
        if (!(error instanceof AreaDiscoveryError)) throw error;
        logError(`SCHEMAS_DIR cannot be read; the ${app.areas.list.length} form areas loaded keep serving`, error);
      }
    },
    onError: (error) => logError('reloading the form areas failed', error),
  });
  // registered after the database plugin, so this runs before the database closes
  app.addHook('onClose', () => watch.close());
});
