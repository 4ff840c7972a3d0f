import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import getPort from 'get-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_SCHEMAS_DIR } from './helpers/app';
import {
  signInOverHttp,
  spawnServer,
  startServer,
  stopServer,
  waitForExit,
  type ServerProcess,
} from './helpers/server-process';

const AP = {
  vendorName: 'Persisted Vendor',
  invoiceNumber: 'INV-1',
  invoiceDate: '2025-01-31',
  amount: 10,
  property: 'P-1001',
};

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the real server process on a PGlite data folder', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let running: ServerProcess | null = null;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'tm-persist-'));
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
    if (running && running.child.exitCode === null) await stopServer(running);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps submissions, signing keys and refresh tokens across SIGTERM and restart, and locks the folder', async () => {
    const first = await startServer(env);
    running = first;
    const tokens = await signInOverHttp(first.baseUrl, 'employee');
    const headers = { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' };
    const created = await fetch(`${first.baseUrl}/api/areas/AP/submissions`, {
      method: 'POST',
      headers,
      body: JSON.stringify(AP),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await stat(join(dataDir, 'oidc-keys.json'))).mode & 0o777).toBe(0o600);

    // A second process on the same data folder refuses to start, with one clear line.
    const second = spawnServer({ ...env, PORT: String(await getPort()) });
    expect(await waitForExit(second)).toBe(1);
    expect(second.output()).toContain('is in use by another portal process');

    const stopped = await stopServer(first, 'SIGTERM');
    expect(stopped.code).toBe(0);
    expect(stopped.ms).toBeLessThan(5_000);

    const restarted = await startServer(env);
    running = restarted;
    const read = await fetch(`${restarted.baseUrl}/api/areas/AP/submissions/${id}`, { headers });
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ id, data: AP });
    const refreshed = await fetch(`${restarted.baseUrl}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token ?? '',
        client_id: 'tm-portal',
      }),
    });
    expect(refreshed.status).toBe(200);
    console.info(
      `server ready: first start ${first.readyMs} ms (with seeding), restart ${restarted.readyMs} ms; SIGTERM exit ${stopped.ms} ms`,
    );

    const interrupted = await stopServer(restarted, 'SIGINT');
    expect(interrupted.code).toBe(0);
    running = null;
  }, 120_000);
});
