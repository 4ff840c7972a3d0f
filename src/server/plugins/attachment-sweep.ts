/**
 * The orphan-attachment sweep on a timer (domains/attachments `sweepOrphanAttachments`): every
 * `config.attachmentSweep.intervalMs` it deletes uploads never linked to a submission or comment
 * and older than `maxAgeMs`, then stored files no row refers to. The timer starts with the app,
 * never overlaps itself, and stops when the app closes (before the store and the database do).
 * With several API nodes on one PostgreSQL every node's timer runs, and one node at a time sweeps
 * (db/advisory-lock.ts `runExclusively`): a node that finds the lock taken skips its turn.
 */
import type { FastifyInstance } from 'fastify';
import { runExclusively } from '../db/advisory-lock';
import { sweepOrphanAttachments } from '../domains/attachments';
import { startPeriodicJob } from '../lib/periodic-job';
import { sharedPlugin } from '../lib/shared-plugin';

/** The advisory lock one node at a time sweeps under. */
export const ATTACHMENT_SWEEP_LOCK = 'attachment-sweep';

/** Starts the sweep timer on `app` (needs `app.db` and `app.attachmentStore`); it never overlaps itself and stops on close. */
export const attachmentSweepPlugin = sharedPlugin(
  (app: FastifyInstance, _options: unknown, done: (error?: Error) => void) => {
    const { intervalMs, maxAgeMs } = app.config.attachmentSweep;
    // registered after the store and database plugins, so the job stops before they close
    startPeriodicJob(
      app,
      intervalMs,
      async () => {
        const result = await runExclusively(app.db, ATTACHMENT_SWEEP_LOCK, () =>
          sweepOrphanAttachments(app.db, app.attachmentStore, { maxAgeMs }),
        );
        if (!result.ran) app.log.debug('orphan attachment sweep skipped: another node is sweeping');
        else if (result.value.orphans || result.value.strays) {
          app.log.info({ count: result.value.orphans, strays: result.value.strays }, 'orphan attachments deleted');
        }
      },
      'orphan attachment sweep failed',
    );
    done();
  },
);
