/**
 * The built portal (`node dist/server/server.js`) for the visual tests: started on loopback on a
 * fresh, empty data folder (the first start creates and seeds the database, so every run shows the
 * same content), stopped with SIGTERM. The e2e suite's tests/e2e/support/portal-server.ts does the
 * same but reads vitest's provided context, which a Playwright test cannot import.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';

const ROOT = new URL('../../../', import.meta.url).pathname;
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

/** A free loopback TCP port, from the OS. */
function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export type VisualPortal = {
  baseUrl: string;
  /** Stops the process (SIGTERM, SIGKILL after 20 s) and removes its data folder. */
  stop: () => Promise<void>;
};

/** Starts the portal and resolves once `GET /api/health` answers 200 (rejects after `timeoutMs`). */
export async function startVisualPortal(timeoutMs = 180_000): Promise<VisualPortal> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tm-visual-data-'));
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, ['--import', FROZEN_CLOCK, 'dist/server/server.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      TZ: 'UTC',
      VISUAL_NOW: SERVER_NOW,
      // the limiter's minute never ends while the server's clock stands still
      API_RATE_LIMIT_PER_MINUTE: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`portal exited with ${child.exitCode} before it was ready:\n${log}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`portal did not become healthy in time:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    baseUrl,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
        await exited;
        clearTimeout(timer);
      }
      process.off('exit', killOnExit);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
