/**
 * `npm run bench:submit` (figures in docs/performance.md "Submission throughput"): how fast the
 * real server stores new submissions, next to the same database work done directly, in one run.
 *
 * Starts `src/server/server.ts` as a child process (Node flags as `npm start`, the default
 * LOG_LEVEL unless BENCH_LOG_LEVEL names one) on the real `schemas/`, on a fresh PGlite folder, or,
 * when BENCH_DATABASE_URL names a PostgreSQL server, on a throwaway database created there
 * (`tm_bench_<random>`, dropped at the end; the user needs CREATEDB). Signs in the demo employee
 * over HTTP (loopback only) and, for each client count in BENCH_CLIENTS (default 1,4,16), for
 * BENCH_SECONDS (default 12) each (the API rate limit is off: one user sends them all):
 *
 * - API: that many closed-loop clients, each on its own keep-alive connection, POST the AP
 *   area's example (`schemas/AP/example.json`, a new invoice number and Idempotency-Key each time,
 *   as the web app sends) to `/api/areas/AP/submissions`;
 * - direct: the statements one submission needs — the area counter bump, the submission insert,
 *   the `created` history insert, in one transaction — at the same client count: on PostgreSQL
 *   with `pgbench` (BENCH_PGBENCH, default `pgbench` on the PATH; prepared statements, one
 *   connection per client) on the same throwaway database; on PGlite in a plain loop in this
 *   process on a PGlite folder of its own (migrated with the app's migrations), that many loops
 *   at once on its one connection.
 *
 * Prints requests (transactions) per second, p50/p95/p99 in ms, the answers other than 201, and
 * the ratio API ÷ direct per point. Figures only; nothing asserted. BENCH_SERVER_FLAGS adds Node
 * flags to the server's (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`: a profile written when it exits).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import getPort from 'get-port';
import { signInOverHttp } from '../tests/api/helpers/server-process';
import type { AttachmentRef } from '../src/shared/attachment';
import { createThrowawayDatabase, quantile, uploadInvoiceFiles } from './lib/bench-support';

const ROOT = join(import.meta.dirname, '..');
const CLIENTS = (process.env.BENCH_CLIENTS ?? '1,4,16').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 12);
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const PGBENCH = process.env.BENCH_PGBENCH ?? 'pgbench';
const WARM_UP = 100;

type Point = { perSecond: number; ms: number[]; failed: number };

const AP_EXAMPLE = JSON.parse(readFileSync(join(ROOT, 'schemas/AP/example.json'), 'utf8')) as Record<string, unknown>;

/** The AP area's own example, with an invoice number and an uploaded invoice file of its own. */
function apInvoice(n: number, file: AttachmentRef) {
  return { ...AP_EXAMPLE, invoiceNumber: `B-${n}`, invoiceFile: [file] };
}

/** Uploads per second of measuring stocked before each point, so uploads stay out of the timing. */
const UPLOADS_PER_SECOND = Number(process.env.BENCH_UPLOADS_PER_SECOND ?? 300);

function latencies(ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b);
  const f = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
  return `${f(quantile(sorted, 0.5))} / ${f(quantile(sorted, 0.95))} / ${f(quantile(sorted, 0.99))}`;
}

/** One POST on `agent`; resolves with the status and body. */
function post(
  baseUrl: string,
  token: string,
  body: unknown,
  agent: http.Agent,
): Promise<{ status: number; body: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve) => {
    const req = http.request(
      `${baseUrl}/api/areas/AP/submissions`,
      {
        agent,
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'idempotency-key': randomUUID(),
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

let invoices = 0;

/** `clients` closed-loop clients POSTing for {@link SECONDS}; each on its own keep-alive connection. */
async function apiPoint(baseUrl: string, token: string, clients: number): Promise<Point> {
  const ms: number[] = [];
  let failed = 0;
  const files = await uploadInvoiceFiles(baseUrl, token, SECONDS * UPLOADS_PER_SECOND);
  const began = performance.now();
  const until = began + SECONDS * 1000;
  const client = async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    while (performance.now() < until) {
      // a stock that runs out is topped up inside the window: raise BENCH_UPLOADS_PER_SECOND then
      const file = files.pop() ?? (await uploadInvoiceFiles(baseUrl, token, 1))[0]!;
      const started = performance.now();
      const answer = await post(baseUrl, token, apInvoice(invoices++, file), agent);
      if (answer.status === 201) ms.push(performance.now() - started);
      else failed += 1;
    }
    agent.destroy();
  };
  await Promise.all(Array.from({ length: clients }, client));
  return { perSecond: ms.length / ((performance.now() - began) / 1000), ms, failed };
}

/** The submission's `created` history diff, as the app writes it. */
function createdDiff(number: string, data: unknown) {
  return {
    number: { from: null, to: number },
    status: { from: null, to: 'New' },
    property: { from: null, to: AP_EXAMPLE.property },
    data: { from: null, to: data },
  };
}

const COUNTER_SQL =
  "INSERT INTO area_counters (area, last_number) VALUES ('AP', 1) ON CONFLICT (area) DO UPDATE SET last_number = area_counters.last_number + 1 RETURNING last_number";
const SUMMARY = String(AP_EXAMPLE.vendorName);

/** The pgbench script: the same three statements in one transaction, with the example as literals. */
function pgbenchScript(requesterId: string): string {
  // A space after each key's colon: `"rushPayment":false` would read as the variable `false`.
  const literal = (value: unknown) => `'${JSON.stringify(value).replaceAll('":', '": ').replaceAll("'", "''")}'`;
  const data = literal(AP_EXAMPLE);
  const diff = literal(createdDiff('AP-000000', AP_EXAMPLE));
  // pgbench reads `:name` as a variable anywhere in the text.
  if (/:[A-Za-z_]/.test(data + diff))
    throw new Error('the example contains ":<letter>", which pgbench would substitute');
  return [
    'BEGIN;',
    `${COUNTER_SQL} \\gset`,
    'INSERT INTO submissions (area, sequence, number, data, schema_version, property_code, summary, requester_id, idempotency_key) ' +
      `VALUES ('AP', :last_number, 'AP-' || lpad((:last_number)::text, 6, '0'), ${data}::jsonb, 1, '${String(AP_EXAMPLE.property)}', ` +
      `'${SUMMARY.replaceAll("'", "''")}', '${requesterId}', gen_random_uuid()::text) RETURNING id \\gset`,
    `INSERT INTO changes (entity, entity_id, actor_id, action, diff) VALUES ('submission', (:id)::text, '${requesterId}', 'created', ${diff}::jsonb);`,
    'END;',
    '',
  ].join('\n');
}

/** pgbench at `clients` connections for {@link SECONDS}; latencies from its per-transaction log. */
async function pgbenchPoint(url: string, requesterId: string, clients: number): Promise<Point> {
  const folder = await mkdtemp(join(tmpdir(), 'tm-bench-pgbench-'));
  try {
    writeFileSync(join(folder, 'submit.sql'), pgbenchScript(requesterId));
    const result = spawnSync(
      PGBENCH,
      [
        '-n',
        '-M',
        'prepared',
        '-f',
        'submit.sql',
        '-c',
        String(clients),
        '-j',
        String(Math.min(clients, 2)),
        '-T',
        String(SECONDS),
        '-l',
        '--log-prefix',
        'tx',
        url,
      ],
      { cwd: folder, encoding: 'utf8' },
    );
    if (result.status !== 0) throw new Error(`pgbench failed: ${result.stderr}`);
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(result.stdout);
    const failedMatch = /number of failed transactions: (\d+)/.exec(result.stdout);
    const ms: number[] = [];
    for (const file of readdirSync(folder).filter((name) => name.startsWith('tx.'))) {
      for (const line of readFileSync(join(folder, file), 'utf8').split('\n')) {
        const latencyUs = Number(line.split(' ')[2]);
        if (line && Number.isFinite(latencyUs)) ms.push(latencyUs / 1000);
      }
    }
    return { perSecond: Number(tps?.[1] ?? NaN), ms, failed: Number(failedMatch?.[1] ?? 0) };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** A PGlite folder of its own, migrated, with one user and the example's property. */
async function openDirectPglite(folder: string): Promise<{ client: PGlite; requesterId: string }> {
  const client = await PGlite.create(folder);
  await migrate(drizzle({ client }), { migrationsFolder: join(ROOT, 'src/server/db/migrations') });
  await client.query("INSERT INTO properties (code, name, region, active) VALUES ($1, $2, 'East', true)", [
    AP_EXAMPLE.property,
    'Bench property',
  ]);
  const { rows } = await client.query<{ id: string }>(
    "INSERT INTO users (issuer, subject, name) VALUES ('bench', 'bench', 'Bench') RETURNING id",
  );
  return { client, requesterId: rows[0]!.id };
}

/** One submission's statements on PGlite, in one transaction. */
async function pgliteSubmission(client: PGlite, requesterId: string): Promise<void> {
  const data = { ...AP_EXAMPLE, invoiceNumber: `B-${invoices++}` };
  await client.transaction(async (tx) => {
    const { rows } = await tx.query<{ last_number: number }>(COUNTER_SQL);
    const sequence = rows[0]!.last_number;
    const number = `AP-${String(sequence).padStart(6, '0')}`;
    const inserted = await tx.query<{ id: string }>(
      'INSERT INTO submissions (area, sequence, number, data, schema_version, property_code, summary, requester_id, idempotency_key) ' +
        "VALUES ('AP', $1, $2, $3, 1, $4, $5, $6, $7) RETURNING id",
      [sequence, number, data, AP_EXAMPLE.property, SUMMARY, requesterId, randomUUID()],
    );
    await tx.query(
      "INSERT INTO changes (entity, entity_id, actor_id, action, diff) VALUES ('submission', $1, $2, 'created', $3)",
      [inserted.rows[0]!.id, requesterId, createdDiff(number, data)],
    );
  });
}

async function pglitePoint(client: PGlite, requesterId: string, clients: number): Promise<Point> {
  const ms: number[] = [];
  const began = performance.now();
  const until = began + SECONDS * 1000;
  const loop = async () => {
    while (performance.now() < until) {
      const started = performance.now();
      await pgliteSubmission(client, requesterId);
      ms.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: clients }, loop));
  return { perSecond: ms.length / ((performance.now() - began) / 1000), ms, failed: 0 };
}

async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const flags = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(
    process.execPath,
    ['--max-semi-space-size=64', ...flags, '--import', 'tsx', 'src/server/server.ts'],
    {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const healthy = await fetch(`${env.PUBLIC_URL}/api/health`, { signal: AbortSignal.timeout(5_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('server did not become healthy within 120 s');
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'tm-bench-submit-'));
  const throwaway = DATABASE_URL ? await createThrowawayDatabase(DATABASE_URL) : null;
  const port = await getPort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let server: ChildProcess | null = null;
  let direct: PGlite | null = null;
  const cleanUp = async () => {
    if (server && server.exitCode === null) {
      const exited = once(server, 'exit');
      server.kill('SIGTERM');
      await exited;
    }
    await direct?.close();
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
      DATA_DIR: join(dataDir, 'server'),
      SCHEMAS_DIR: join(ROOT, 'schemas'),
      CLIENT_DIST_DIR: join(dataDir, 'no-client'),
      // One user sends hundreds of submissions a second here; the per-user limit would answer 429.
      API_RATE_LIMIT_PER_MINUTE: '0',
      ...(process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {}),
      ...(throwaway ? { DATABASE_URL: throwaway.url } : {}),
    });
    const token = (await signInOverHttp(baseUrl, 'employee')).access_token;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let requesterId = '';
    const warmUpFiles = await uploadInvoiceFiles(baseUrl, token, WARM_UP);
    for (const file of warmUpFiles) {
      const answer = await post(baseUrl, token, apInvoice(invoices++, file), agent);
      if (answer.status !== 201) throw new Error(`warm-up: HTTP ${answer.status} ${answer.body}`);
      requesterId = (JSON.parse(answer.body) as { requester: { id: string } }).requester.id;
    }
    agent.destroy();
    if (!throwaway) {
      const opened = await openDirectPglite(join(dataDir, 'direct'));
      direct = opened.client;
      for (let n = 0; n < WARM_UP; n += 1) await pgliteSubmission(direct, opened.requesterId);
      requesterId = opened.requesterId;
    }
    console.log(
      `Node ${process.version}; database: ${throwaway ? 'PostgreSQL (direct: pgbench, prepared)' : 'PGlite (direct: same process)'}; ` +
        `${SECONDS} s per point; server LOG_LEVEL ${process.env.BENCH_LOG_LEVEL ?? 'default'}`,
    );
    console.log(
      'clients | API req/s | API p50 / p95 / p99 ms | not 201 | direct tx/s | direct p50 / p95 / p99 ms | API ÷ direct',
    );
    for (const clients of CLIENTS) {
      const api = await apiPoint(baseUrl, token, clients);
      const straight = throwaway
        ? await pgbenchPoint(throwaway.url, requesterId, clients)
        : await pglitePoint(direct!, requesterId, clients);
      console.log(
        `${clients} | ${api.perSecond.toFixed(0)} | ${latencies(api.ms)} | ${api.failed} | ` +
          `${straight.perSecond.toFixed(0)} | ${latencies(straight.ms)} | ${(api.perSecond / straight.perSecond).toFixed(2)}`,
      );
    }
  } finally {
    await cleanUp();
  }
}

await main();
