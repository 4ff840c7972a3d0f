/**
 * Judges the form areas in SCHEMAS_DIR at start (domains/areas `createAreaCatalogue`) and
 * decorates `app.areas` with the live catalogue. A broken folder is logged with its problems and
 * left out; every other area serves (docs/behaviour.md "Form areas"). Only a schemas folder that
 * cannot be read at all stops the start (`AreaDiscoveryError`). Versions are recorded, and
 * SCHEMAS_DIR watched, once the database is open (plugins/area-reload.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import { createAreaCatalogue, type AreaReloadReport } from '../domains/areas';
import { sharedPlugin } from '../lib/shared-plugin';

/** Logs what a judgement of SCHEMAS_DIR changed: each newly broken folder as a warning with its problems. */
export function logAreaReport(log: FastifyBaseLogger, report: AreaReloadReport): void {
  for (const state of report.newlyBroken) {
    log.warn(
      { area: state.key, folder: state.folder, problems: state.problems, servingLastGood: state.area !== null },
      state.area
        ? `form area ${state.key} is broken; its last good version keeps serving`
        : `form area ${state.key} is broken and left out`,
    );
  }
  for (const { key, version } of report.added) log.info({ area: key, version }, `form area ${key} added`);
  for (const { key, version } of report.changed) log.info({ area: key, version }, `form area ${key} reloaded`);
  for (const key of report.fixed) log.info({ area: key }, `form area ${key} loads again`);
  for (const key of report.removed) log.info({ area: key }, `form area ${key} removed (its submissions stay readable)`);
}

/** See the module comment. */
export const areasPlugin = sharedPlugin(async (app) => {
  const started = performance.now();
  const catalogue = createAreaCatalogue(app.config.schemasDir);
  const report = await catalogue.reload(null);
  app.decorate('areas', catalogue);
  for (const state of report.newlyBroken) {
    app.log.warn(
      { area: state.key, folder: state.folder, problems: state.problems },
      `form area ${state.key} is broken and left out`,
    );
  }
  app.log.info(
    { areas: catalogue.list.length, broken: report.newlyBroken.length, ms: Math.round(performance.now() - started) },
    'form areas loaded',
  );
});
