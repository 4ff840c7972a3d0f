/**
 * Service levels at start and on a timer (domains/sla; docs/behaviour.md "Service levels"):
 *
 * - `slaPolicyPlugin` reads and checks `config/sla.json` (AppConfig `sla.configFile`) with the
 *   report tracker's time zone and holidays, and decorates `app.slaPolicy`; a wrong file stops the
 *   start with its path and problems. Area keys the file names that are not form areas are logged
 *   as a warning, not refused: an area folder may be removed while the portal runs (area reload).
 * - `slaCheckPlugin` runs the breach check (`checkSlaBreaches`) every `sla.checkIntervalMs`; it
 *   never overlaps itself, one node at a time runs it (db/advisory-lock.ts `runExclusively`; the
 *   check is also safe without it), and it stops when the app closes, before the database does.
 */
import type { FastifyInstance } from 'fastify';
import { runExclusively } from '../db/advisory-lock';
import { reportTrackerConfig } from '../domains/report-tracker';
import { checkSlaBreaches, loadSlaConfig } from '../domains/sla';
import { startPeriodicJob } from '../lib/periodic-job';
import { sharedPlugin } from '../lib/shared-plugin';

/** The advisory lock one node at a time checks under. */
export const SLA_CHECK_LOCK = 'sla-check';

/** Decorates `app.slaPolicy` (needs `app.areas`). Throws naming the file when it is wrong. */
export const slaPolicyPlugin = sharedPlugin(async (app: FastifyInstance) => {
  const { timeZone, holidays } = reportTrackerConfig();
  const policy = loadSlaConfig(app.config.sla.configFile, { timeZone, holidays });
  const unknown = policy.unknownAreas(app.areas.list.map((area) => area.definition.key));
  if (unknown.length) {
    app.log.warn(
      { file: app.config.sla.configFile, areas: unknown },
      'the service-level file names areas that are not form areas; their targets apply to nothing',
    );
  }
  app.decorate('slaPolicy', policy);
  await Promise.resolve();
});

/** Starts the breach-check timer (needs `app.db` and `app.events`); stops it on close. */
export const slaCheckPlugin = sharedPlugin((app: FastifyInstance, _options: unknown, done: (error?: Error) => void) => {
  const { checkIntervalMs } = app.config.sla;
  if (!checkIntervalMs) {
    done();
    return;
  }
  startPeriodicJob(
    app,
    checkIntervalMs,
    async () => {
      const result = await runExclusively(app.db, SLA_CHECK_LOCK, () =>
        checkSlaBreaches(app.db, app.events, new Date(app.now())),
      );
      if (result.ran && result.value) app.log.info({ count: result.value }, 'service-level breaches announced');
    },
    'service-level breach check failed',
  );
  done();
});
