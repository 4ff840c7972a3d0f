/**
 * Runs the real server as a child process (`node --import tsx src/server/server.ts`, the same
 * Node as the tests) and signs in against it over real HTTP, handling the provider's cookies by hand.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { pkcePair, type TokenSet } from './sign-in';

const ROOT = resolve(import.meta.dirname, '../../..');

export type ServerProcess = { child: ChildProcess; output: () => string; baseUrl: string };

/** Starts the server with `env`; resolves once `/api/health` answers 200, with the time it took. */
export async function startServer(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<ServerProcess & { readyMs: number }> {
  const started = performance.now();
  const server = spawnServer(env);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null)
      throw new Error(`server exited with ${server.child.exitCode}:\n${server.output()}`);
    // bounded: a server that accepted the connection but never answers must not hold the loop
    const healthy = await fetch(`${server.baseUrl}/api/health`, { signal: AbortSignal.timeout(5_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return { ...server, readyMs: Math.round(performance.now() - started) };
    await new Promise((r) => setTimeout(r, 100));
  }
  server.child.kill('SIGKILL');
  throw new Error(`server did not become healthy:\n${server.output()}`);
}

/** Spawns the server without waiting; `output()` is everything it printed so far. */
export function spawnServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { child, output: () => text, baseUrl: env.PUBLIC_URL ?? '' };
}

/** Sends `signal` and resolves with the exit code and how long the exit took, failing after `timeoutMs`. */
export async function stopServer(
  server: ServerProcess,
  signal: NodeJS.Signals = 'SIGTERM',
  timeoutMs = 10_000,
): Promise<{ code: number | null; ms: number }> {
  const started = performance.now();
  const exited = server.child.exitCode !== null ? Promise.resolve([server.child.exitCode]) : once(server.child, 'exit');
  server.child.kill(signal);
  const timer = setTimeout(() => server.child.kill('SIGKILL'), timeoutMs);
  const [code] = (await exited) as [number | null];
  clearTimeout(timer);
  return { code, ms: Math.round(performance.now() - started) };
}

/** Resolves when the process exits by itself; returns its exit code. */
export async function waitForExit(server: ServerProcess, timeoutMs = 30_000): Promise<number | null> {
  const timer = setTimeout(() => server.child.kill('SIGKILL'), timeoutMs);
  const [code] = (server.child.exitCode !== null ? [server.child.exitCode] : await once(server.child, 'exit')) as [
    number | null,
  ];
  clearTimeout(timer);
  return code;
}

class FetchCookieJar {
  private readonly cookies = new Map<string, string>();
  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair?.indexOf('=') ?? -1;
      if (!pair || index < 0) continue;
      const value = pair.slice(index + 1);
      if (value && !/expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.set(pair.slice(0, index), value);
      else this.cookies.delete(pair.slice(0, index));
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** The authorization-code + PKCE flow of a demo user against a running server, over HTTP. */
export async function signInOverHttp(baseUrl: string, username: string): Promise<TokenSet> {
  const jar = new FetchCookieJar();
  const redirectUri = `${baseUrl}/login`;
  const { verifier, challenge } = pkcePair();
  const go = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(new URL(url, baseUrl), {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
    });
    jar.store(response);
    return response;
  };
  const query = new URLSearchParams({
    client_id: 'tm-portal',
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid profile email',
    state: 's',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  const interaction = (await go(`/oidc/auth?${query}`)).headers.get('location') ?? '';
  await go(interaction);
  const body = new URLSearchParams({ username, password: 'demo' });
  let location =
    (
      await go(`${interaction}/login`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })
    ).headers.get('location') ?? '';
  while (!location.startsWith(redirectUri)) {
    const next = (await go(location)).headers.get('location');
    if (!next) throw new Error(`sign-in stopped at ${location}`);
    location = next;
  }
  const code = new URL(location).searchParams.get('code') ?? '';
  const token = await fetch(`${baseUrl}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: 'tm-portal',
      code_verifier: verifier,
    }),
  });
  if (!token.ok) throw new Error(`token endpoint: HTTP ${token.status} ${await token.text()}`);
  return (await token.json()) as TokenSet;
}
