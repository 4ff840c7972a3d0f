/**
 * The built portal (`node dist/server/server.js`) as a real child process on loopback, for the
 * browser and visual tests: started on a given data folder, ready once `GET /api/health` answers
 * 200, stopped with SIGTERM like an operator would. A server still running when the test process
 * exits (a file that never reached its `afterAll`) is killed with it, so no portal outlives the
 * run. Free of any test runner's API, so vitest (portal-server.ts) and Playwright
 * (tests/visual/support/portal.ts) both start the portal through it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

const ROOT = new URL('../../../', import.meta.url).pathname;

export type PortalServer = {
  baseUrl: string;
  dataDir: string;
  /** Stops the process with SIGTERM and resolves with its exit code (rejects after 20 s). */
  stop: () => Promise<number | null>;
  /** Everything the process printed so far. */
  output: () => string;
};

/** Asks the OS for a free loopback TCP port. */
export async function findFreePort(): Promise<number> {
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

/**
 * Starts the portal on `dataDir` and waits until `GET /api/health` answers 200 (at most
 * `timeoutMs`, default 60 s). `env` adds or overrides server variables (e.g. `SCHEMAS_DIR`);
 * `nodeArgs` go before the script (e.g. `--import` of a preloaded module).
 */
export async function spawnPortal(options: {
  dataDir: string;
  port?: number;
  timeoutMs?: number;
  env?: Record<string, string>;
  nodeArgs?: readonly string[];
}): Promise<PortalServer> {
  const { dataDir } = options;
  const port = options.port ?? (await findFreePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeArgs ?? []), 'dist/server/server.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  void exited.then(() => process.off('exit', killOnExit));

  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`portal exited with ${child.exitCode} before it was ready:\n${log}`);
    try {
      // bounded: a server that accepted the connection but never answers must not hold the loop
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
    dataDir,
    output: () => log,
    stop: async () => {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          child.kill('SIGKILL');
          reject(new Error(`portal did not stop within 20 s (killed):\n${log}`));
        }, 20_000);
      });
      try {
        return await Promise.race([exited, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
