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
 *   at once on its one connection;
 * - full: every statement one POST of this example runs today, with the server's own SQL, done
 *   the same way: the attachment check, then in one transaction the creating statement (which
 *   also links the attachment) and the approval hold (AP's example is over the approval limit), which also
 *   answers the approvers for their notification (docs/performance.md "Submission throughput"
 *   lists them). It shows what the API adds to its own database work; change it with the write path.
 *
 * - floor: the stack's floor (lib/submit-floor-server.ts, a child process): a Fastify server that
 *   stores each POSTed example with the direct work as one statement and nothing else (no
 *   sign-in, no validation), on the same throwaway PostgreSQL database or a PGlite folder of its
 *   own, POSTed to by the same clients. What any server on this stack and machine reaches at best.
 *
 * Prints requests (transactions) per second, p50/p95/p99 in ms, the answers other than 201, and
 * the ratios API ÷ direct, API ÷ full, floor ÷ direct and API ÷ floor per point. Figures only; nothing asserted. BENCH_SERVER_FLAGS adds Node
 * flags to the server's (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`: a profile written when it exits).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
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
import pg from 'pg';
import { signInOverHttp } from '../tests/api/helpers/server-process';
import type { AttachmentRef } from '../src/shared/attachment';
import { createThrowawayDatabase, quantile, uploadInvoiceFiles } from './lib/bench-support';
import {
  AP_EXAMPLE,
  apNumber,
  COUNTER_SQL,
  createdDiff,
  INSERT_CREATED_SQL,
  INSERT_SUBMISSION_SQL,
  SUMMARY,
} from './lib/submit-work';

const ROOT = join(import.meta.dirname, '..');
const CLIENTS = (process.env.BENCH_CLIENTS ?? '1,4,16').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 12);
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const PGBENCH = process.env.BENCH_PGBENCH ?? 'pgbench';
const WARM_UP = 100;

type Point = { perSecond: number; ms: number[]; failed: number };

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

/** One POST to `url` on `agent`, as the web app sends a submission; resolves with the status and body. */
function post(url: string, token: string, body: unknown, agent: http.Agent): Promise<{ status: number; body: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve) => {
    const req = http.request(
      url,
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

const SUBMISSIONS_PATH = '/api/areas/AP/submissions';

/** One POST to `url` on `agent` (see {@link post}); resolves with its status and how long it took, ms. */
async function timedPost(url: string, token: string, body: unknown, agent: http.Agent) {
  const started = performance.now();
  const { status } = await post(url, token, body, agent);
  return { status, ms: performance.now() - started };
}

/**
 * `clients` closed-loop clients for {@link SECONDS}, each on its own keep-alive connection, each
 * calling `send` again as soon as its last call is answered; a 201 counts, anything else fails.
 */
async function closedLoopPoint(
  clients: number,
  send: (agent: http.Agent) => Promise<{ status: number; ms: number }>,
): Promise<Point> {
  const ms: number[] = [];
  let failed = 0;
  const began = performance.now();
  const until = began + SECONDS * 1000;
  const client = async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    while (performance.now() < until) {
      const answer = await send(agent);
      if (answer.status === 201) ms.push(answer.ms);
      else failed += 1;
    }
    agent.destroy();
  };
  await Promise.all(Array.from({ length: clients }, client));
  return { perSecond: ms.length / ((performance.now() - began) / 1000), ms, failed };
}

/** `clients` closed-loop clients POSTing AP's example to the floor server at `floorUrl`. */
function floorPoint(floorUrl: string, clients: number): Promise<Point> {
  return closedLoopPoint(clients, (agent) =>
    timedPost(`${floorUrl}/submissions`, 'floor', { ...AP_EXAMPLE, invoiceNumber: `B-${invoices++}` }, agent),
  );
}

/** `clients` closed-loop clients POSTing AP's example with a file of its own to the API. */
async function apiPoint(baseUrl: string, token: string, clients: number): Promise<Point> {
  const files = await uploadInvoiceFiles(baseUrl, token, SECONDS * UPLOADS_PER_SECOND);
  return closedLoopPoint(clients, async (agent) => {
    // a stock that runs out is topped up inside the window: raise BENCH_UPLOADS_PER_SECOND then
    const file = files.pop() ?? (await uploadInvoiceFiles(baseUrl, token, 1))[0]!;
    return timedPost(`${baseUrl}${SUBMISSIONS_PATH}`, token, apInvoice(invoices++, file), agent);
  });
}

/**
 * `value` as a pgbench SQL string literal of its JSON. A space after each key's colon:
 * `"rushPayment":false` would read as the pgbench variable `false`.
 */
function literal(value: unknown): string {
  return `'${JSON.stringify(value).replaceAll('":', '": ').replaceAll("'", "''")}'`;
}

/** The pgbench script: the same three statements in one transaction, with the example as literals. */
function pgbenchScript(requesterId: string): string {
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

/** The statements of {@link fullWork}, as the server sends them ($n parameters). */
const FULL_SQL = {
  attachment:
    'select "id", "owner_id", "file_name", "media_type", "size_bytes", "sha256", "storage_key", "created_at", "submission_id", "comment_id", "idempotency_key" from "attachments" where "attachments"."id" in ($1)',
  create: `with "counter" as (
      insert into "area_counters" ("area", "last_number") select $1, 1
      where (select count(*) from "properties" where "code" in ($2) and "active") = $3
      on conflict ("area") do update set "last_number" = "area_counters"."last_number" + 1 returning "last_number"
    ), "created" as (
      insert into "submissions" ("area", "sequence", "number", "parent_id", "data", "schema_version",
        "property_code", "summary", "requester_id", "idempotency_key", "status", "priority",
        "assignee_user_id", "assignee_group_id", "assignment_rule_id")
      select $4, "last_number", $5 || '-' || lpad("last_number"::text, greatest(6, length("last_number"::text)), '0'),
        $6::uuid, $7::jsonb, $8, $9, $10, $11::uuid, $12, $13, $14, $15::uuid, $16::uuid, $17::uuid from "counter" returning *
    ), "history" as (
      insert into "changes" ("entity", "entity_id", "actor_id", "action", "diff")
      select 'submission', "id"::text, $18::uuid, 'created', jsonb_set($19::jsonb, '{number,to}', to_jsonb("number")) from "created"
    ), "linked" as (
      update "attachments" set "submission_id" = (select "id" from "created")
      where "attachments"."id" in ($20)
        and "owner_id" = $21::uuid and "submission_id" is null and "comment_id" is null
      returning "id"
    )
    select c."id", c."number", c."status", c."priority", c."data", c."version",
      to_char(c."created_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "created_at",
      to_char(c."updated_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updated_at",
      u."name" as "requester_name", u."email" as "requester_email", (select count(*) from "linked")::int as "linked"
    from "created" c join "users" u on u."id" = c."requester_id"`,
  hold: `with "steps" as (
      insert into "approval_steps" ("ticket_id", "position", "step_key", "name", "approver_group", "approver_email", "status", "waiting_since")
      select $1::uuid, s."position", s."step_key", s."name", s."approver_group", s."approver_email", s."status",
        case when s."status" = 'waiting' then now() end
      from jsonb_to_recordset($2::jsonb) as s("position" integer, "step_key" text, "name" text, "approver_group" text, "approver_email" text, "status" text)
      returning "status", "approver_group", "approver_email"
    ), "history" as (
      insert into "changes" ("entity", "entity_id", "actor_id", "action", "diff")
      values ('submission', $3, $4::uuid, 'approval requested', $5::jsonb)
    ), "approver" as (
      select (select g."id" from "role_groups" g where g."name" = w."approver_group" limit 1) as "group_id",
        (select u."id" from "users" u where lower(u."email") = w."approver_email" limit 1) as "user_id"
      from "steps" w where w."status" = 'waiting'
    )
    select "group_id", "user_id", array(select u.id from "users" u join "role_groups" g on g.id = a."group_id"
      where g.includes_everyone
        or exists (select 1 from "role_group_members" m where m.role_group_id = g.id and m.user_id = u.id)
        or exists (select 1 from "user_token_groups" t where t.user_id = u.id
          and (t.mapped_groups ? g.name or g.idp_group_ids ?| array(select jsonb_array_elements_text(t.idp_groups)))))::text[] as "member_ids"
    from "approver" a`,
};

/** The approval steps of AP's example (its amount is over the limit): what the server plans. */
const AP_STEPS = [
  {
    position: 0,
    step_key: 'accounting',
    name: 'Accounting approval',
    approver_group: 'Accounting',
    approver_email: null,
    status: 'waiting',
  },
];
const HOLD_DIFF = {
  status: { from: 'New', to: 'Waiting for approval' },
  step: { from: null, to: 'Accounting approval' },
};

/** `count` unlinked attachment rows of `ownerId` (what the uploads leave), ids `md5(<n>)::uuid` from `first`. */
function attachmentRowsSql(ownerId: string, first: number, count: number): string {
  return (
    'insert into attachments (id, owner_id, file_name, media_type, size_bytes, sha256, storage_key) ' +
    `select md5(n::text)::uuid, '${ownerId}', 'invoice.pdf', 'application/pdf', 77, md5(n::text), 'bench/' || n ` +
    `from generate_series(${first}, ${first + count - 1}) n on conflict do nothing`
  );
}

let nextAttachment = 1;

/** Attachment rows made for the full work before measuring (more than a run links). */
const DIRECT_ATTACHMENTS = 100_000;

/** One submission's full work on PGlite ({@link FULL_SQL}, in the server's order). */
async function pgliteFullSubmission(client: PGlite, requesterId: string): Promise<void> {
  const n = nextAttachment++;
  const hex = createHash('md5').update(String(n)).digest('hex');
  const attachmentId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const file = { id: attachmentId, name: 'invoice.pdf', size: 77, mediaType: 'application/pdf' };
  const data = { ...AP_EXAMPLE, invoiceNumber: `B-${invoices++}`, invoiceFile: [file] };
  await client.query(FULL_SQL.attachment, [attachmentId]);
  await client.transaction(async (tx) => {
    const created = await tx.query<{ id: string }>(FULL_SQL.create, [
      'AP',
      AP_EXAMPLE.property,
      1,
      'AP',
      'AP',
      null,
      JSON.stringify(data),
      1,
      AP_EXAMPLE.property,
      SUMMARY,
      requesterId,
      randomUUID(),
      'Waiting for approval',
      'Normal',
      null,
      null,
      null,
      requesterId,
      JSON.stringify(createdDiff('', data)),
      attachmentId,
      requesterId,
    ]);
    const id = created.rows[0]!.id;
    await tx.query(FULL_SQL.hold, [id, JSON.stringify(AP_STEPS), id, requesterId, JSON.stringify(HOLD_DIFF)]);
  });
}

/** The pgbench script of the full work: {@link FULL_SQL} with the example as literals. */
function pgbenchFullScript(requesterId: string, attachments: number): string {
  const file = (id: string) => ({ id, name: 'invoice.pdf', size: 77, mediaType: 'application/pdf' });
  const data = literal({ ...AP_EXAMPLE, invoiceFile: [file('ATTACHMENT')] }).replace(
    '"ATTACHMENT"',
    `"' || md5((:k)::text)::uuid || '"`,
  );
  const diff = literal(createdDiff('', AP_EXAMPLE));
  if (/:[A-Za-z_]/.test(literal(AP_EXAMPLE) + diff + literal(AP_STEPS) + literal(HOLD_DIFF)))
    throw new Error('the example contains ":<letter>", which pgbench would substitute');
  // pgbench reads `:MI` of a time format as a variable: the colons are spelled chr(58)
  const oneLine = (text: string) =>
    text.replace(/\s+/g, ' ').replaceAll('HH24:MI:SS', "HH24' || chr(58) || 'MI' || chr(58) || 'SS");
  const bind = (text: string, values: string[]) =>
    oneLine(text).replace(/\$(\d+)/g, (_, index: string) => values[Number(index) - 1]!);
  const attachment = 'md5((:k)::text)::uuid';
  const me = `'${requesterId}'::uuid`;
  return [
    `\\set k random(1, ${attachments})`,
    `${bind(FULL_SQL.attachment, [attachment])};`,
    'BEGIN;',
    `${bind(FULL_SQL.create, ["'AP'", `'${String(AP_EXAMPLE.property)}'`, '1', "'AP'", "'AP'", 'null', `(${data})`, '1', `'${String(AP_EXAMPLE.property)}'`, `'${SUMMARY.replaceAll("'", "''")}'`, me, 'gen_random_uuid()::text', "'Waiting for approval'", "'Normal'", 'null', 'null', 'null', me, diff, attachment, me])} \\gset`,
    `${bind(FULL_SQL.hold, ['(:id)', literal(AP_STEPS), '(:id)::text', me, literal(HOLD_DIFF)])};`,
    'END;',
    '',
  ].join('\n');
}

/** pgbench at `clients` connections for {@link SECONDS}; latencies from its per-transaction log. */
async function pgbenchPoint(url: string, script: string, clients: number): Promise<Point> {
  const folder = await mkdtemp(join(tmpdir(), 'tm-bench-pgbench-'));
  try {
    writeFileSync(join(folder, 'submit.sql'), script);
    const result = spawnSync(
      PGBENCH,
      [
        '-n',
        '-M',
        process.env.BENCH_PGBENCH_MODE ?? 'prepared',
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
  const requesterId = rows[0]!.id;
  // the full work's approver group and the files its submissions link (the uploads' rows)
  await client.query("INSERT INTO role_groups (name) VALUES ('Accounting')");
  await client.query(attachmentRowsSql(requesterId, 1, DIRECT_ATTACHMENTS));
  return { client, requesterId };
}

/** One submission's statements on PGlite, in one transaction. */
async function pgliteSubmission(client: PGlite, requesterId: string): Promise<void> {
  const data = { ...AP_EXAMPLE, invoiceNumber: `B-${invoices++}` };
  await client.transaction(async (tx) => {
    const { rows } = await tx.query<{ last_number: number }>(COUNTER_SQL);
    const sequence = rows[0]!.last_number;
    const number = apNumber(sequence);
    const inserted = await tx.query<{ id: string }>(INSERT_SUBMISSION_SQL, [
      sequence,
      number,
      data,
      AP_EXAMPLE.property,
      SUMMARY,
      requesterId,
      randomUUID(),
    ]);
    await tx.query(INSERT_CREATED_SQL, [inserted.rows[0]!.id, requesterId, createdDiff(number, data)]);
  });
}

async function pglitePoint(
  client: PGlite,
  requesterId: string,
  clients: number,
  work: (client: PGlite, requesterId: string) => Promise<void> = pgliteSubmission,
): Promise<Point> {
  const ms: number[] = [];
  const began = performance.now();
  const until = began + SECONDS * 1000;
  const loop = async () => {
    while (performance.now() < until) {
      const started = performance.now();
      await work(client, requesterId);
      ms.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: clients }, loop));
  return { perSecond: ms.length / ((performance.now() - began) / 1000), ms, failed: 0 };
}

/**
 * Starts `script` (through tsx) with the server's Node flags and `env`, and waits until `healthUrl`
 * answers 2xx (at most 120 s).
 */
async function startServer(
  env: Record<string, string>,
  script = 'src/server/server.ts',
  healthUrl = `${env.PUBLIC_URL}/api/health`,
): Promise<ChildProcess> {
  const flags = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, ['--max-semi-space-size=64', ...flags, '--import', 'tsx', script], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const healthy = await fetch(healthUrl, { signal: AbortSignal.timeout(5_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`${script} did not become healthy within 120 s`);
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'tm-bench-submit-'));
  const throwaway = DATABASE_URL ? await createThrowawayDatabase(DATABASE_URL) : null;
  const port = await getPort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let server: ChildProcess | null = null;
  let floor: ChildProcess | null = null;
  let direct: PGlite | null = null;
  const cleanUp = async () => {
    for (const child of [server, floor]) {
      if (child && child.exitCode === null) {
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        await exited;
      }
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
      const answer = await post(`${baseUrl}${SUBMISSIONS_PATH}`, token, apInvoice(invoices++, file), agent);
      if (answer.status !== 201) throw new Error(`warm-up: HTTP ${answer.status} ${answer.body}`);
      requesterId = (JSON.parse(answer.body) as { requester: { id: string } }).requester.id;
    }
    agent.destroy();
    if (!throwaway) {
      const opened = await openDirectPglite(join(dataDir, 'direct'));
      direct = opened.client;
      for (let n = 0; n < WARM_UP; n += 1) await pgliteSubmission(direct, opened.requesterId);
      for (let n = 0; n < WARM_UP; n += 1) await pgliteFullSubmission(direct, opened.requesterId);
      requesterId = opened.requesterId;
    }
    console.log(
      `Node ${process.version}; database: ${throwaway ? 'PostgreSQL (direct: pgbench, prepared)' : 'PGlite (direct: same process)'}; ` +
        `${SECONDS} s per point; server LOG_LEVEL ${process.env.BENCH_LOG_LEVEL ?? 'default'}`,
    );
    const floorPort = await getPort();
    const floorUrl = `http://127.0.0.1:${floorPort}`;
    floor = await startServer(
      {
        FLOOR_PORT: String(floorPort),
        ...(throwaway
          ? { FLOOR_DATABASE_URL: throwaway.url, FLOOR_REQUESTER_ID: requesterId }
          : { FLOOR_DATA_DIR: join(dataDir, 'floor') }),
      },
      'scripts/lib/submit-floor-server.ts',
      `${floorUrl}/health`,
    );
    const floorAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (let n = 0; n < WARM_UP; n += 1) {
      const answer = await post(`${floorUrl}/submissions`, 'floor', AP_EXAMPLE, floorAgent);
      if (answer.status !== 201) throw new Error(`floor warm-up: HTTP ${answer.status} ${answer.body}`);
    }
    floorAgent.destroy();
    if (throwaway) {
      const admin = new pg.Client({ connectionString: throwaway.url });
      await admin.connect();
      await admin.query(attachmentRowsSql(requesterId, 1, DIRECT_ATTACHMENTS));
      await admin.end();
    }
    console.log(
      'clients | API req/s | API p50 / p95 / p99 ms | not 201 | direct tx/s | direct p50 / p95 / p99 ms | ' +
        'API ÷ direct | full tx/s | full p50 / p95 / p99 ms | API ÷ full | floor req/s | floor p50 / p95 / p99 ms | floor not 201 | ' +
        'floor ÷ direct | API ÷ floor',
    );
    for (const clients of CLIENTS) {
      const api = await apiPoint(baseUrl, token, clients);
      const straight = throwaway
        ? await pgbenchPoint(throwaway.url, pgbenchScript(requesterId), clients)
        : await pglitePoint(direct!, requesterId, clients);
      const full = throwaway
        ? await pgbenchPoint(throwaway.url, pgbenchFullScript(requesterId, DIRECT_ATTACHMENTS), clients)
        : await pglitePoint(direct!, requesterId, clients, pgliteFullSubmission);
      const bare = await floorPoint(floorUrl, clients);
      console.log(
        `${clients} | ${api.perSecond.toFixed(0)} | ${latencies(api.ms)} | ${api.failed} | ` +
          `${straight.perSecond.toFixed(0)} | ${latencies(straight.ms)} | ${(api.perSecond / straight.perSecond).toFixed(2)} | ` +
          `${full.perSecond.toFixed(0)} | ${latencies(full.ms)} | ${(api.perSecond / full.perSecond).toFixed(2)} | ` +
          `${bare.perSecond.toFixed(0)} | ${latencies(bare.ms)} | ${bare.failed} | ${(bare.perSecond / straight.perSecond).toFixed(2)} | ` +
          `${(api.perSecond / bare.perSecond).toFixed(2)}`,
      );
    }
  } finally {
    await cleanUp();
  }
}

await main();
