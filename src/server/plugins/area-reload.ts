/**
 * Form areas without a restart (docs/behaviour.md "Form areas"). Once the database is open:
 * records the schema version of every area loaded at start (domains/areas/schema-versions.ts),
 * then watches SCHEMAS_DIR (lib/folder-watch.ts: file-system events, debounced, plus a re-scan
 * every `config.areaReload.rescanIntervalMs`) and reloads the catalogue when something changed:
 * an added folder serves at once, a changed one gets its new schema version before it serves,
 * a broken one keeps its last good version, a removed one leaves the catalogue. A reload that changed
 * what serves tells the other API nodes (plugins/cluster-events.ts topic `areas`), which rescan
 * their own SCHEMAS_DIR at once. The watcher and timer stop when the app closes (before the
 * database does). Interval 0: no watching, and no rescans when another node reloads.
 */
import type { FastifyInstance } from 'fastify';
import { AreaDiscoveryError, type AreaReloadReport } from '../domains/areas';
import { watchFolder } from '../lib/folder-watch';
import { sharedPlugin } from '../lib/shared-plugin';
import { logAreaReport } from './areas';

/** Quiet time after the last file-system event before SCHEMAS_DIR is judged again. */
export const AREA_RELOAD_DEBOUNCE_MS = 300;

/** True when a reload changed what serves (an area added, changed or removed). */
function changedServing(report: AreaReloadReport): boolean {
  return report.added.length > 0 || report.changed.length > 0 || report.removed.length > 0;
}

/** See the module comment. Needs `app.areas`, `app.db` and `app.cluster`. */
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
  const reload = async () => {
    try {
      const report = await app.areas.reload(app.db);
      logAreaReport(app.log, report);
      lastError = '';
      // Every node judges its own SCHEMAS_DIR; the others look at theirs now rather than at their next scan.
      if (changedServing(report)) await app.cluster.publish(app.db, 'areas');
    } catch (error) {
      if (!(error instanceof AreaDiscoveryError)) throw error;
      logError(`SCHEMAS_DIR cannot be read; the ${app.areas.list.length} form areas loaded keep serving`, error);
    }
  };
  const watch = watchFolder(app.config.schemasDir, {
    debounceMs: AREA_RELOAD_DEBOUNCE_MS,
    intervalMs: rescanIntervalMs,
    onChange: reload,
    onError: (error) => logError('reloading the form areas failed', error),
  });
  let told: Promise<void> = Promise.resolve();
  let closing = false;
  app.cluster.on('areas', () => {
    if (closing) return;
    told = told.then(reload).catch((error: unknown) => logError('reloading the form areas failed', error));
  });
  // registered after the database plugin, so this runs before the database closes
  app.addHook('onClose', async () => {
    closing = true;
    await watch.close();
    await told;
  });
});
