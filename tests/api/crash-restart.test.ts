import { mkdtemp, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import getPort from 'get-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_SCHEMAS_DIR } from './helpers/app';
import { signInOverHttp, startServer, stopServer, type ServerProcess } from './helpers/server-process';

const CYCLES = 5;
const PER_CYCLE = 3;

/**
 * Keeps touching `path` (as a live holder refreshes its lock) until stopped. A start takes 2 s on a
 * quiet machine and over 15 s on a busy one; touching the dead process's lock makes it look as
 * fresh as right after the kill, so the outcome does not depend on how long the start takes.
 */
function keepFresh(path: string): () => void {
  const timer = setInterval(() => {
    const now = new Date();
    utimes(path, now, now).catch(() => undefined);
  }, 200);
  return () => clearInterval(timer);
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the real server process killed with SIGKILL on PGlite', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let running: ServerProcess | null = null;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'tm-crash-'));
    const port = await getPort();
    env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SCHEMAS_DIR: FIXTURE_SCHEMAS_DIR,
      CLIENT_DIST_DIR: join(dataDir, 'no-client'),
      LOG_LEVEL: 'warn',
    };
  });
  afterAll(async () => {
    if (running && running.child.exitCode === null) await stopServer(running, 'SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it(`restarts at once after each of ${CYCLES} kills and keeps every acknowledged submission`, async () => {
    running = await startServer(env);
    const tokens = await signInOverHttp(running.baseUrl, 'employee');
    const headers = { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' };
    const acknowledged: string[] = [];
    const readyMs: number[] = [];

    for (let cycle = 1; cycle <= CYCLES; cycle += 1) {
      for (let n = 1; n <= PER_CYCLE; n += 1) {
        const created = await fetch(`${running.baseUrl}/api/areas/AP/submissions`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            vendorName: `Crash ${cycle}.${n}`,
            invoiceNumber: `C-${cycle}-${n}`,
            invoiceDate: '2025-01-31',
            amount: n,
            property: 'P-1001',
          }),
        });
        expect(created.status).toBe(201);
        acknowledged.push(((await created.json()) as { id: string }).id);
      }

      // SIGKILL: no close, no lock release. The lock the dead process left is fresh, and the next
      // start must take it at once instead of refusing ("in use by another portal process").
      await stopServer(running, 'SIGKILL');
      const stopTouching = keepFresh(join(dataDir, 'pglite.lock'));
      const restarted = await startServer(env).finally(stopTouching);
      running = restarted;
      readyMs.push(restarted.readyMs);
      expect(restarted.output()).not.toContain('in use by another portal process');

      for (const id of acknowledged) {
        const read = await fetch(`${restarted.baseUrl}/api/areas/AP/submissions/${id}`, { headers });
        expect(read.status, `submission ${id} after restart ${cycle}`).toBe(200);
      }
    }
    console.info(`ready after SIGKILL and restart, ms: ${readyMs.join(', ')}`);
  }, 600_000);
});
