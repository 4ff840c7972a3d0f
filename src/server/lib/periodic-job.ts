/**
 * A job the app runs on a timer (the orphan-attachment sweep, the service-level breach check):
 * every `intervalMs` it starts `job` unless the previous run is still going (runs never overlap);
 * the timer does not keep the process alive, and when the app closes the timer stops and the close
 * waits for a run in progress. A job that rejects is logged at warn with `failure` and the timer goes
 * on. Register it after the plugins the job uses, so its close hook runs before theirs.
 */
import type { FastifyInstance } from 'fastify';

export function startPeriodicJob(
  app: FastifyInstance,
  intervalMs: number,
  job: () => Promise<void>,
  failure: string,
): void {
  let running: Promise<void> | null = null;
  let closing = false;
  const run = () => {
    if (running || closing) return;
    running = job()
      .catch((error: unknown) => app.log.warn({ err: error }, failure))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(timer);
    await running;
  });
}
