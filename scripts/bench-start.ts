/**
 * `npm run bench:start` (figures in docs/performance.md "Start and memory"): how long the built
 * server (`dist/server/server.js`, run `npm run build` first) takes from spawn to its first 200 on
 * `GET /api/health`, the CPU time (user + system, /proc/<pid>/stat) it used until then, which a
 * busy machine disturbs less than the wall time, and its memory (RSS, /proc/<pid>/status: Linux
 * only) then and after a few requests. Node flags as `npm start` (BENCH_NODE_FLAGS replaces them).
 * BENCH_RUNS (default 5) runs each of `empty` (a fresh DATA_DIR: migrations, seed, signing keys)
 * and `existing` (the same folder again), on a random loopback port, with PGlite (the default
 * database), the real `schemas/` and the built client. The `baseline` rows start a bare Fastify
 * that opens PGlite (its own settings) on a folder, empty then existing, and answers
 * `/api/health`: what any start costs before the portal's own work. BENCH_COMPARE
 * names another built server file (e.g. `dist/server-before/server.js`, a build of an older
 * commit), run the same way in turn with this one, as `empty (compare)` and `existing (compare)`.
 * Prints median / min / max per row. Figures only; nothing asserted.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import getPort from 'get-port';

const ROOT = join(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** The flags of `npm start` (package.json). */
const NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? '--max-semi-space-size=64 --expose-gc').split(' ').filter(Boolean);
/** Requests sent after the first 200 before the second memory reading. */
const WARM_REQUESTS = ['/api/health', '/api/areas', '/oidc/.well-known/openid-configuration', '/', '/api/docs/json'];
const START_TIMEOUT_MS = 120_000;

/** A bare Fastify that opens PGlite on DATA_DIR and answers /api/health: the floor under any start. */
const BASELINE = `
import Fastify from 'fastify';
import { PGlite } from '@electric-sql/pglite';
const db = await PGlite.create(process.env.DATA_DIR);
await db.query('select 1');
const app = Fastify();
app.get('/api/health', async () => ({ status: 'ok' }));
app.addHook('onClose', () => db.close());
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
`;

type Kind = 'empty' | 'existing';
/** What to start: the bare baseline, or a built server file (relative to the package root). */
type Target = 'baseline' | { file: string };
const SERVER_FILE = 'dist/server/server.js';
const COMPARE_FILE = process.env.BENCH_COMPARE;
type Run = { readyMs: number; cpuMs: number; rssMb: number; warmRssMb: number; laterRssMb: number };
/** How long after the requests the last memory reading is taken. */
const LATER_MS = 2_000;

/** Linux's clock ticks per second (USER_HZ), the unit of utime and stime in /proc/<pid>/stat. */
const CLOCK_TICKS = 100;

/** CPU time `pid` has used so far (user + system), in ms: less at the mercy of other processes than wall time. */
function cpuMs(pid: number): number {
  // the fields after the command name, which is in parentheses and may hold spaces
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** Resident set size of `pid` in MB (VmRSS). */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/\d+/)?.[0] ?? NaN) / 1024;
}

function spawnTarget(target: Target, env: Record<string, string>): ChildProcess {
  const args =
    target === 'baseline' ? [...NODE_FLAGS, '--input-type=module', '--eval', BASELINE] : [...NODE_FLAGS, target.file];
  return spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** One start: spawn, poll /api/health until 200, read RSS, send a few requests, read RSS again and 2 s later, stop. */
async function oneRun(target: Target, dataDir: string): Promise<Run> {
  const kind = target === 'baseline' ? 'baseline' : target.file;
  const port = await getPort({ host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawnTarget(target, {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  try {
    const deadline = started + START_TIMEOUT_MS;
    let readyMs = NaN;
    while (performance.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`${kind}: server exited with ${child.exitCode}`);
      const ok = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5_000) }).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) {
        readyMs = performance.now() - started;
        break;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    if (Number.isNaN(readyMs)) throw new Error(`${kind}: no 200 from /api/health within ${START_TIMEOUT_MS} ms`);
    const rss = rssMb(child.pid ?? 0);
    const cpu = cpuMs(child.pid ?? 0);
    for (const path of target === 'baseline' ? WARM_REQUESTS.slice(0, 1) : WARM_REQUESTS) {
      await fetch(`${baseUrl}${path}`, { signal: AbortSignal.timeout(10_000) }).then((r) => r.arrayBuffer());
    }
    const warmRss = rssMb(child.pid ?? 0);
    await new Promise((r) => setTimeout(r, LATER_MS));
    return { readyMs, cpuMs: cpu, rssMb: rss, warmRssMb: warmRss, laterRssMb: rssMb(child.pid ?? 0) };
  } finally {
    await stop(child);
    process.off('exit', killOnExit);
  }
}

function stats(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
  return `${median.toFixed(0)} / ${(sorted[0] ?? NaN).toFixed(0)} / ${(sorted.at(-1) ?? NaN).toFixed(0)}`;
}

async function main(): Promise<void> {
  const folders: string[] = [];
  const fresh = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tm-bench-start-'));
    folders.push(dir);
    return dir;
  };
  const cleanUp = () => Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
  process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));
  process.once('SIGTERM', () => void cleanUp().finally(() => process.exit(143)));
  const rows = new Map<string, Run[]>();
  const record = (row: string, run: Run) => rows.set(row, [...(rows.get(row) ?? []), run]);
  const servers = [
    { file: SERVER_FILE, suffix: '' },
    ...(COMPARE_FILE ? [{ file: COMPARE_FILE, suffix: ' (compare)' }] : []),
  ];
  try {
    for (let run = 0; run < RUNS; run += 1) {
      const kinds: Kind[] = ['empty', 'existing'];
      const baselineDir = await fresh();
      for (const kind of kinds) record(`baseline ${kind}`, await oneRun('baseline', baselineDir));
      for (const { file, suffix } of servers) {
        const dataDir = await fresh();
        for (const kind of kinds) record(`${kind}${suffix}`, await oneRun({ file }, dataDir));
      }
    }
  } finally {
    await cleanUp();
  }
  console.log(
    `Node ${process.version}; flags: ${NODE_FLAGS.join(' ') || '(none)'}; ${RUNS} runs each; PGlite; ` +
      `server ${SERVER_FILE}${COMPARE_FILE ? `, compare ${COMPARE_FILE}` : ''}`,
  );
  console.log(
    `start | first 200 from /api/health ms | CPU until then ms | RSS then MB | RSS after requests MB | RSS ${LATER_MS / 1000} s later MB  (median / min / max)`,
  );
  for (const [row, runs] of rows) {
    console.log(
      `${row} | ${stats(runs.map((r) => r.readyMs))} | ${stats(runs.map((r) => r.cpuMs))} | ` +
        `${stats(runs.map((r) => r.rssMb))} | ${stats(runs.map((r) => r.warmRssMb))} | ${stats(runs.map((r) => r.laterRssMb))}`,
    );
  }
}

await main();
