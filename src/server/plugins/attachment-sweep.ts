/**
 * The orphan-attachment sweep on a timer (domains/attachments `sweepOrphanAttachments`): every
 * `config.attachmentSweep.intervalMs` it deletes uploads never linked to a submission or comment
 * and older than `maxAgeMs`, then stored files no row refers to. The timer starts with the app,
 * never overlaps itself, and stops when the app closes (before the store and the database do).
 */
import type { FastifyInstance } from 'fastify';
import { sweepOrphanAttachments } from '../domains/attachments';
import { sharedPlugin } from '../lib/shared-plugin';

/** Starts the sweep timer on `app` (needs `app.db` and `app.attachmentStore`); it never overlaps itself and stops on close. */
export const attachmentSweepPlugin = sharedPlugin(
  (app: FastifyInstance, _options: unknown, done: (error?: Error) => void) => {
    const { intervalMs, maxAgeMs } = app.config.attachmentSweep;
    let running: Promise<void> | null = null;
    let closing = false;
    const run = () => {
      if (running || closing) return;
      running = sweepOrphanAttachments(app.db, app.attachmentStore, { maxAgeMs })
        .then(({ orphans, strays }) => {
          if (orphans || strays) app.log.info({ count: orphans, strays }, 'orphan attachments deleted');
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'orphan attachment sweep failed'))
        .finally(() => {
          running = null;
        });
    };
    const timer = setInterval(run, intervalMs);
    timer.unref();
    // registered after the store and database plugins, so this runs before they close
    app.addHook('onClose', async () => {
      closing = true;
      clearInterval(timer);
      await running;
    });
    done();
  },
);
