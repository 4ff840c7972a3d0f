/**
 * `npm run bench:concurrency` (figures in docs/performance.md): latency and throughput of the real
 * server process under concurrent clients. Starts `src/server/server.ts` as a child process (Node
 * flags as `npm start`) on the real `schemas/`, on a fresh PGlite folder, or, when
 * BENCH_DATABASE_URL names a PostgreSQL server, on a throwaway database created there
 * (`tm_bench_<random>`, dropped at the end; the user needs CREATEDB). Signs in two demo users over
 * HTTP, stores BENCH_SEED AP submissions (default 100), then for each client count in
 * BENCH_CLIENTS (default 1,8,50) runs that many closed-loop clients on keep-alive connections for
 * BENCH_SECONDS (default 15) with a fixed mix (BENCH_MIX, default 40,40,20 percent): ticket list
 * (`GET /api/tickets`, a handler who reads the whole area), submission detail
 * (`GET /api/areas/AP/submissions/{id}`), new AP submission (`POST`, the requester). The clients
 * of a point start together, each on a new keep-alive connection (as many people opening the
 * portal at once); halfway through, NEWCOMERS (5) more clients each open a connection and send one
 * ticket list request, which measures how long a new visitor waits while the server is busy. Prints requests/s and p50/p95/p99/max in ms, overall and per kind,
 * the newcomers' median and slowest answer, and the count of answers other than 200/201.
 * Figures only; nothing asserted.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import getPort from 'get-port';
import { signInOverHttp } from '../tests/api/helpers/server-process';
import type { AttachmentRef } from '../src/shared/attachment';
import { createThrowawayDatabase, quantile, uploadInvoiceFiles } from './lib/bench-support';

const ROOT = join(import.meta.dirname, '..');
const CLIENTS = (process.env.BENCH_CLIENTS ?? '1,8,50').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const SEED = Number(process.env.BENCH_SEED ?? 100);
const NEWCOMERS = 5;
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
/** Shares of list, detail and write requests, in percent. */
const [LIST, DETAIL] = (process.env.BENCH_MIX ?? '40,40,20').split(',').map((share) => Number(share) / 100) as [
  number,
  number,
];

type Kind = 'list' | 'detail' | 'write';
type Sample = { kind: Kind; ms: number; status: number };
type Answer = { status: number; body: string };

/** Setup requests (sign-in aside); each point's clients get an agent of their own. */
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

function request(
  baseUrl: string,
  method: string,
  path: string,
  token: string,
  body?: unknown,
  via: http.Agent = agent,
): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const req = http.request(
      `${baseUrl}${path}`,
      {
        agent: via,
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', (error) => resolve({ status: 0, body: String(error) }));
    req.end(payload);
  });
}

const AP_EXAMPLE = JSON.parse(readFileSync(join(ROOT, 'schemas/AP/example.json'), 'utf8')) as Record<string, unknown>;

/** The AP area's own example, with a vendor and invoice number of its own. */
function apInvoice(n: number, file: AttachmentRef) {
  return { ...AP_EXAMPLE, vendorName: `Bench Vendor ${n % 97}`, invoiceNumber: `B-${n}`, invoiceFile: [file] };
}

/** A small deterministic generator, so every run draws the same sequence of requests. */
function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function summary(samples: Sample[]): string {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  const f = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
  return `${f(quantile(ms, 0.5))} / ${f(quantile(ms, 0.95))} / ${f(quantile(ms, 0.99))} / ${f(ms.at(-1) ?? NaN)}`;
}

async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = spawn(process.execPath, ['--max-semi-space-size=64', '--import', 'tsx', 'src/server/server.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // The server never outlives the bench, whatever ends it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  const baseUrl = env.PUBLIC_URL ?? '';
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const healthy = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return { child, baseUrl };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('server did not become healthy within 120 s');
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'tm-bench-concurrency-'));
  const throwaway = DATABASE_URL ? await createThrowawayDatabase(DATABASE_URL) : null;
  const port = await getPort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let server: { child: ChildProcess; baseUrl: string } | null = null;
  const cleanUp = async () => {
    if (server && server.child.exitCode === null) {
      const exited = once(server.child, 'exit');
      server.child.kill('SIGTERM');
      await exited;
    }
    agent.destroy();
    await throwaway?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));
  process.once('SIGTERM', () => void cleanUp().finally(() => process.exit(143)));
  try {
    server = await startServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      SCHEMAS_DIR: join(ROOT, 'schemas'),
      CLIENT_DIST_DIR: join(dataDir, 'no-client'),
      LOG_LEVEL: 'warn',
      // two users send thousands of requests a minute here; the per-user limit would answer 429
      API_RATE_LIMIT_PER_MINUTE: '0',
      ...(throwaway ? { DATABASE_URL: throwaway.url } : {}),
    });
    const requester = (await signInOverHttp(baseUrl, 'employee')).access_token;
    const handler = (await signInOverHttp(baseUrl, 'accounting')).access_token;
    const ids: string[] = [];
    const seedFiles = await uploadInvoiceFiles(baseUrl, requester, SEED);
    for (let n = 0; n < SEED; n += 1) {
      const created = await request(
        baseUrl,
        'POST',
        '/api/areas/AP/submissions',
        requester,
        apInvoice(n, seedFiles[n]!),
      );
      if (created.status !== 201) throw new Error(`seeding: HTTP ${created.status} ${created.body}`);
      ids.push((JSON.parse(created.body) as { id: string }).id);
    }
    console.log(
      `Node ${process.version}; database: ${throwaway ? 'PostgreSQL' : 'PGlite'}; ${SECONDS} s per point; ` +
        `mix (list, detail, write %) ${process.env.BENCH_MIX ?? '40,40,20'}; ${SEED} AP submissions seeded`,
    );
    console.log(
      'clients | req/s | all p50 / p95 / p99 / max ms | list p95 / p99 | detail p95 / p99 | write p95 / p99 | new connection p50 / max | not 2xx',
    );
    let written = SEED;
    for (const clients of CLIENTS) {
      const connections = new http.Agent({ keepAlive: true, maxSockets: Infinity });
      const samples: Sample[] = [];
      // each write links a file of its own, uploaded before the window (topped up inside it if short)
      const files = await uploadInvoiceFiles(baseUrl, requester, Math.ceil(SECONDS * 100));
      const began = performance.now();
      const until = began + SECONDS * 1000;
      const newcomers = new Promise<number[]>((resolve) => {
        setTimeout(
          () => {
            const fresh = () => new http.Agent({ keepAlive: false });
            const one = async () => {
              const started = performance.now();
              await request(baseUrl, 'GET', '/api/tickets?limit=25', handler, undefined, fresh());
              return performance.now() - started;
            };
            void Promise.all(Array.from({ length: NEWCOMERS }, one)).then(resolve);
          },
          (SECONDS * 1000) / 2,
        );
      });
      const client = async (index: number) => {
        const next = lcg(index + 1);
        while (performance.now() < until) {
          const draw = next();
          const kind: Kind = draw < LIST ? 'list' : draw < LIST + DETAIL ? 'detail' : 'write';
          const file =
            kind === 'write' ? (files.pop() ?? (await uploadInvoiceFiles(baseUrl, requester, 1))[0]!) : undefined;
          const started = performance.now();
          let answer: Answer;
          if (kind === 'list')
            answer = await request(baseUrl, 'GET', '/api/tickets?limit=25', handler, undefined, connections);
          else if (kind === 'detail') {
            const id = ids[Math.floor(next() * ids.length)];
            answer = await request(
              baseUrl,
              'GET',
              `/api/areas/AP/submissions/${id}`,
              requester,
              undefined,
              connections,
            );
          } else {
            answer = await request(
              baseUrl,
              'POST',
              '/api/areas/AP/submissions',
              requester,
              apInvoice(written++, file!),
              connections,
            );
            if (answer.status === 201) ids.push((JSON.parse(answer.body) as { id: string }).id);
          }
          samples.push({ kind, ms: performance.now() - started, status: answer.status });
        }
      };
      await Promise.all(Array.from({ length: clients }, (_, index) => client(index)));
      const seconds = (performance.now() - began) / 1000;
      connections.destroy();
      const waits = (await newcomers).sort((a, b) => a - b);
      const of = (kind: Kind) => samples.filter((s) => s.kind === kind);
      const tail = (kind: Kind) => summary(of(kind)).split(' / ').slice(1, 3).join(' / ');
      const failed = samples.filter((s) => s.status !== 200 && s.status !== 201).length;
      console.log(
        `${clients} | ${(samples.length / seconds).toFixed(0)} | ${summary(samples)} | ${tail('list')} | ` +
          `${tail('detail')} | ${tail('write')} | ${quantile(waits, 0.5).toFixed(0)} / ${(waits.at(-1) ?? NaN).toFixed(0)} | ${failed}`,
      );
    }
  } finally {
    await cleanUp();
  }
}

await main();
