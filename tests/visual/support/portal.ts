/**
 * The built portal (`node dist/server/server.js`) for the visual tests: started on loopback on a
 * fresh, empty data folder (the first start creates and seeds the database, so every run shows the
 * same content), stopped with SIGTERM. The e2e suite's tests/e2e/support/portal-server.ts does
 * the same on a copy of a seeded folder that vitest provides; both start the process through
 * tests/e2e/support/portal-process.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnPortal } from '../../e2e/support/portal-process';
const FROZEN_CLOCK = new URL('frozen-clock.mjs', import.meta.url).pathname;

/**
 * The server's time, frozen (frozen-clock.mjs): a Wednesday morning, so service-level due times
 * counted in business days are the same every run. In the future, so that the cookies the
 * server sets (their expiry counted from this time) are not expired for the browser, whose
 * network stack keeps the real time.
 */
export const SERVER_NOW = '2036-03-05T09:00:00.000Z';
/** The pages' time (`page.clock`): a few minutes after the server's, as if the data were fresh. */
export const BROWSER_NOW = '2036-03-05T09:05:00.000Z';

export type VisualPortal = {
  baseUrl: string;
  /** Stops the process (SIGTERM, SIGKILL after 20 s) and removes its data folder. */
  stop: () => Promise<void>;
};

/** Starts the portal and resolves once `GET /api/health` answers 200 (rejects after `timeoutMs`). */
export async function startVisualPortal(timeoutMs = 180_000): Promise<VisualPortal> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tm-visual-data-'));
  const portal = await spawnPortal({
    dataDir,
    timeoutMs,
    nodeArgs: ['--import', FROZEN_CLOCK],
    env: {
      TZ: 'UTC',
      VISUAL_NOW: SERVER_NOW,
      // the limiter's minute never ends while the server's clock stands still
      API_RATE_LIMIT_PER_MINUTE: '0',
    },
  });
  return {
    baseUrl: portal.baseUrl,
    stop: async () => {
      await portal.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
