/**
 * Discovers the form areas in SCHEMAS_DIR at start and compiles one ajv validator per area
 * (domains/areas). Decorates `app.areas`. Refuses to start, naming the file at fault, when a
 * folder or schema is invalid.
 */
import { loadAreaRegistry } from '../domains/areas';
import { sharedPlugin } from '../lib/shared-plugin';

/** See the module comment. */
export const areasPlugin = sharedPlugin(async (app) => {
  const started = performance.now();
  app.decorate('areas', await loadAreaRegistry(app.config.schemasDir));
  app.log.info({ areas: app.areas.list.length, ms: Math.round(performance.now() - started) }, 'form areas loaded');
});
