import { once } from 'node:events';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import getPort from 'get-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createThrowawayDatabase, FIXTURE_SCHEMAS_DIR } from './helpers/app';
import { signInOverHttp, startServer, stopServer, type ServerProcess } from './helpers/server-process';

const BURST = 40;
const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

type Answer = { status: number; connection?: string; at: number; error?: string };

/** One request on `agent`; a refused or dropped connection is an answer too (status 0). */
function send(agent: http.Agent, url: string, token: string, body?: unknown): Promise<Answer> {
  return sendInTwoParts(agent, url, token, body).finish();
}

/**
 * Sends the request line, the headers and the first half of the body now; `finish()` sends the
 * rest and resolves with the answer. With `expectContinue`, the request says `Expect:
 * 100-continue` and `continued` settles when the server's `100 Continue` arrives: Node's HTTP
 * server writes it when it has read the headers, just before it hands the request to the app
 * (https://nodejs.org/api/http.html#event-checkcontinue), whose `onRequest` hooks then run.
 */
function sendInTwoParts(
  agent: http.Agent,
  url: string,
  token: string,
  body?: unknown,
  { expectContinue = false } = {},
) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const half = payload ? Math.floor(payload.length / 2) : 0;
  let request: http.ClientRequest | undefined;
  let continued: Promise<void> = Promise.resolve();
  const answer = new Promise<Answer>((resolve) => {
    request = http.request(
      url,
      {
        agent,
        method: payload ? 'POST' : 'GET',
        headers: {
          authorization: `Bearer ${token}`,
          ...(expectContinue ? { expect: '100-continue' } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, at: performance.now() }),
        );
      },
    );
    request.on('error', (error) => resolve({ status: 0, error: error.message, at: performance.now() }));
    if (expectContinue) continued = once(request, 'continue').then(() => undefined);
    if (payload) request.write(payload.slice(0, half));
    else request.flushHeaders();
  });
  return {
    /** Settles on the server's 100 Continue, or with the answer if that comes first. */
    continued: Promise.race([continued, answer.then(() => undefined)]),
    finish: () => {
      request?.end(payload?.slice(half));
      return answer;
    },
  };
}

describe(`SIGTERM on the real server process (${database})`, () => {
  let dataDir: string;
  let env: Record<string, string>;
  let dropDatabase: (() => Promise<void>) | undefined;
  let server: ServerProcess | null = null;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'tm-shutdown-'));
    const port = await getPort();
    const adminUrl = process.env.TEST_DATABASE_URL;
    const throwaway = adminUrl ? await createThrowawayDatabase(adminUrl) : undefined;
    dropDatabase = throwaway?.drop;
    env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SCHEMAS_DIR: FIXTURE_SCHEMAS_DIR,
      CLIENT_DIST_DIR: join(dataDir, 'no-client'),
      LOG_LEVEL: 'warn',
      ...(throwaway?.database.kind === 'postgres' ? { DATABASE_URL: throwaway.database.url } : {}),
    };
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null) await stopServer(server, 'SIGKILL');
    await dropDatabase?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('finishes the requests in flight, never serves one sent after the signal, and exits 0', async () => {
    const running = await startServer(env);
    server = running;
    const token = (await signInOverHttp(running.baseUrl, 'employee')).access_token;
    const submit = `${running.baseUrl}/api/areas/AP/submissions`;
    const invoice = (n: number) => ({
      vendorName: `Shutdown ${n}`,
      invoiceNumber: `S-${n}`,
      invoiceDate: '2025-01-31',
      amount: n + 1,
      property: 'P-1001',
    });
    // Open every connection first, so the burst arrives at once and keeps the server busy.
    const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const load = new http.Agent({ keepAlive: true, maxSockets: BURST });
    expect((await send(keepAlive, `${running.baseUrl}/api/health`, token)).status).toBe(200);
    await Promise.all(Array.from({ length: BURST }, () => send(load, `${running.baseUrl}/api/health`, token)));

    // In flight for sure: its headers are in (the server's 100 Continue came back) and it is
    // admitted (a request read after it was answered, and admission takes the same two event-loop
    // turns for every request, first come first served); its body is not complete until after
    // the signal. Without waiting for the 100 Continue, the later request could be read and
    // answered before the server had accepted this one's connection.
    const inFlight = sendInTwoParts(new http.Agent({ keepAlive: false }), submit, token, invoice(BURST + 9), {
      expectContinue: true,
    });
    await inFlight.continued;
    expect((await send(keepAlive, `${running.baseUrl}/api/health`, token)).status).toBe(200);

    // The request on the kept-alive connection goes in the middle of the burst, so that it is still
    // in flight at the signal and the server has more to do after answering it.
    const burst = Array.from({ length: BURST / 2 }, (_, n) => send(load, submit, token, invoice(n)));
    const last = send(keepAlive, submit, token, invoice(BURST));
    burst.push(...Array.from({ length: BURST / 2 }, (_, n) => send(load, submit, token, invoice(BURST / 2 + n))));
    await Promise.race(burst);
    const exited = once(running.child, 'exit');
    running.child.kill('SIGTERM');
    const signalled = performance.now();

    // New requests on the connection that stayed open: refused (503) or the connection closed.
    await last;
    const after: Answer[] = [];
    for (let n = 1; n <= 3; n += 1) after.push(await send(keepAlive, submit, token, invoice(BURST + n)));
    const finished = await inFlight.finish();
    const answers = await Promise.all([...burst, last]);
    const [code] = (await exited) as [number | null];
    keepAlive.destroy();
    load.destroy();

    expect(after.map((answer) => answer.status).filter((status) => status !== 503 && status !== 0)).toEqual([]);
    for (const answer of after.filter((a) => a.status === 503)) expect(answer.connection).toBe('close');
    expect(finished).toMatchObject({ status: 201 });
    expect(finished.at).toBeGreaterThan(signalled);
    // The burst, sent before the signal: served, or refused when not yet admitted at the signal.
    expect(answers.filter((a) => a.status !== 201 && a.status !== 503)).toEqual([]);
    expect(code).toBe(0);
    server = null;
  }, 180_000);
});
