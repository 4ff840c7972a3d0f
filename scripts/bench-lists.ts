/**
 * `npm run bench:lists` (figures in docs/performance.md): every list pages, filters and searches in
 * the database, with indexes that keep the first page and deep pages fast at a million tickets.
 *
 * Boots the real app (real schemas/, real migrations) on in-memory PGlite with BENCH_TICKETS tickets
 * (default 100,000) or, when BENCH_DATABASE_URL names a PostgreSQL server, on a throwaway database
 * created there (`tm_test_<random>`, dropped at the end) with BENCH_TICKETS tickets (default
 * 1,000,000). Tickets are seeded with set-based SQL (`generate_series`), spread over every area,
 * status, priority, property, 2,000 requesters, 40 handlers, role groups and three years of dates,
 * with searchable text; one history entry per ticket plus one more for every other ticket. Open
 * tickets get a service level due from 20 hours ago to 980 hours ahead (2 % breached, 0.1 % due
 * within the hour); Waiting on requester pauses it, Resolved and Closed met it.
 *
 * Then, for each list query, it times BENCH_RUNS (default 100) requests through `app.inject` with a
 * signed-in demo user's bearer token, alternating with the very SQL statement that request ran
 * (captured at the driver) executed directly on the same driver in the same process, and prints
 * p50/p95 in ms, the ratio API ÷ SQL and the difference API − SQL (the issue's target: p95 within
 * raw SQL + 2 ms). Each statement's `EXPLAIN (ANALYZE, BUFFERS)` is summarised (scan nodes, index,
 * rows returned and removed by filters, buffers, execution time). Figures only; nothing asserted.
 * `BENCH_CPU_PROFILE=<file>` also writes a CPU profile of the measured requests (see startCpuProfile).
 */
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { encodeCursor } from '../src/server/lib/cursor';
import { createTestConfig, REAL_SCHEMAS_DIR } from '../tests/api/helpers/app';
import { authHeader } from '../tests/api/helpers/sign-in';

const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const TICKETS = Number(process.env.BENCH_TICKETS ?? (DATABASE_URL ? 1_000_000 : 100_000));
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const BATCH = 50_000;
/** Synthetic requesters and, among them, the first HANDLERS also act as assignees. */
const REQUESTERS = 2000;
const HANDLERS = 40;

type Statement = { text: string; values: unknown[] };
type Client = { query: (...args: unknown[]) => Promise<{ rows: unknown[] }> };

/** Records every statement the app sends while `recording` is on (driver-level, so it is exactly what ran). */
class Recorder {
  recording = false;
  statements: Statement[] = [];
  readonly raw: (text: string, values: unknown[]) => Promise<{ rows: unknown[] }>;

  constructor(client: Client) {
    const original = client.query.bind(client);
    client.query = (...args: unknown[]) => {
      if (this.recording) {
        const first = args[0] as string | { text: string; values?: unknown[] };
        const text = typeof first === 'string' ? first : first.text;
        const values = (Array.isArray(args[1]) ? args[1] : typeof first === 'string' ? [] : first.values) ?? [];
        this.statements.push({ text, values: values as unknown[] });
      }
      return original(...args);
    };
    this.raw = (text, values) => original(text, values);
  }
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1) + 0.5))] ?? NaN;
}

const WORDS = (
  'leak drain sink faucet toilet shower heater furnace boiler thermostat window door lock key hinge ' +
  'carpet tile paint ceiling wall outlet breaker light fan vent mold pest ant roach mouse noise parking ' +
  'gate elevator trash recycling snow ice gutter roof fence pool laundry washer dryer fridge stove oven ' +
  'microwave dishwasher disposal blinds screen smoke detector alarm sprinkler hallway stairs balcony ' +
  'patio deck garage mailbox intercom buzzer camera invoice refund deposit lease renewal transfer vendor ' +
  'payment credit reclass writeoff training uniform badge laptop printer password yardi report flyer ' +
  'signage website event injury claim incident compliance inspection walkabout mulch landscaping'
).split(' ');

/** One batch of tickets `from`..`to` (1-based) and their history entries, set-based, on either driver. */
function ticketBatchSql(from: number, to: number, areas: string[], groups: string[], ids: DemoIds): string {
  const areaArray = `(array[${areas.map((a) => `'${a}'`).join(',')}])`;
  const groupArray = `(array[${groups.map((g) => `'${g}'::uuid`).join(',')}]::uuid[])`;
  const wordArray = `(array[${WORDS.map((w) => `'${w}'`).join(',')}])`;
  const spanSeconds = 3 * 365 * 86400;
  return `
with t as (
insert into submissions (id, area, sequence, number, data, schema_version, property_code, summary, requester_id,
  status, priority, assignee_user_id, assignee_group_id, due_at, created_at, updated_at, version,
  sla_started_at, sla_resolution_started_at, sla_paused_since, sla_first_response_due_at, sla_resolution_due_at,
  sla_first_responded_at, sla_resolved_at, sla_next_due_at, resolved_at)
select gen_random_uuid(), a.area, g.i, a.area || '-' || lpad(g.i::text, 7, '0'),
  jsonb_build_object('property', p.code, 'issueTitle', t.title, 'unit', (g.i % 900 + 100)::text,
    'description', '<p>' || t.title || ' reported by resident, see unit ' || (g.i % 900 + 100) || '</p>',
    'workOrderNumber', 'WO' || g.i),
  1, p.code, t.title,
  case when g.i % 500 = 0 then '${ids.employee}'::uuid else u.id end,
  s.status, (array['Low','Normal','Normal','Normal','High','Urgent'])[1 + (g.i * 7) % 6],
  case when s.status = 'New' then null when g.i % 20 = 0 then '${ids.maintenance}'::uuid
       when g.i % 3 = 0 then null else h.id end,
  case when s.status = 'New' or g.i % 4 = 0 then null else ${groupArray}[1 + (g.i * 13) % ${groups.length}] end,
  case when g.i % 2 = 0 then c.at + interval '7 days' end,
  c.at, least(c.at + (r.r2 * interval '30 days'), now()), 1 + g.i % 5,
  c.at, c.at, case when s.status = 'Waiting on requester' then c.at end, d.due, d.due,
  case when s.status not in ('New', 'Assigned') then c.at end,
  case when s.status in ('Resolved', 'Closed') then c.at end,
  case when s.status in ('New', 'Assigned', 'In progress') then d.due else '9999-12-31 00:00:00+00' end,
  case when s.status in ('Resolved', 'Closed') then c.at end
from generate_series(${from}, ${to}) as g(i)
cross join lateral (select random() + 0 * g.i as r1, random() + 0 * g.i as r2) r
cross join lateral (select ${areaArray}[1 + (g.i * 7) % ${areas.length}] as area) a
cross join lateral (select 'P-' || (1001 + (g.i * 31) % 24) as code) p
cross join lateral (select now() - ((${TICKETS} - g.i)::double precision * ${spanSeconds / TICKETS}) * interval '1 second'
  - (r.r1 * interval '1 hour') as at) c
cross join lateral (select ${wordArray}[1 + (g.i * 37) % ${WORDS.length}] || ' ' || ${wordArray}[1 + (g.i / 7) % ${WORDS.length}]
  || ' in ' || ${wordArray}[1 + (g.i / 701) % ${WORDS.length}] as title) t
cross join lateral (select case when r.r1 < 0.45 then 'Closed' when r.r1 < 0.60 then 'Resolved'
  when r.r1 < 0.66 then 'New' when r.r1 < 0.76 then 'Assigned' when r.r1 < 0.90 then 'In progress'
  else 'Waiting on requester' end as status) s
cross join lateral (select now() + (((g.i * 11) % 1000) - 20) * interval '1 hour' as due) d
join bench_people u on u.n = 1 + (g.i * 13) % ${REQUESTERS}
join bench_people h on h.n = 1 + (g.i * 17) % ${HANDLERS}
returning id, sequence, requester_id, assignee_user_id, status, created_at, updated_at)
insert into changes (entity, entity_id, actor_id, at, action, diff)
select 'submission', t.id::text, t.requester_id, t.created_at, 'created', '{}'::jsonb from t
union all
select 'submission', t.id::text, t.assignee_user_id, t.updated_at, 'status',
  jsonb_build_object('status', jsonb_build_object('old', 'New', 'new', t.status))
from t where t.sequence % 2 = 0
order by 4`;
}

type DemoIds = { employee: string; maintenance: string; admin: string };

async function seed(app: FastifyInstance, run: Recorder['raw'], ids: DemoIds): Promise<void> {
  const areas = app.areas.list.map((area) => area.definition.key);
  const handlerGroups = `select id from role_groups where name not in ('Administrators', 'Employees') order by name`;
  const groups = ((await run(handlerGroups, [])).rows as { id: string }[]).map((r) => r.id);
  await run(
    `insert into users (issuer, subject, email, name)
     select 'bench', 'u' || i, 'u' || i || '@bench.example', 'Bench User ' || i from generate_series(1, ${REQUESTERS}) i`,
    [],
  );
  await run(
    `create table bench_people as
     select row_number() over (order by subject) as n, id from users where issuer = 'bench'`,
    [],
  );
  // Bulk load without the secondary indexes, then rebuild them from their own definitions
  // (pg_indexes), which is several times faster than maintaining 13 indexes row by row.
  const secondary = (
    await run(
      `select indexname, indexdef from pg_indexes i
       where tablename in ('submissions', 'changes') and schemaname = current_schema()
         and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
      [],
    )
  ).rows as { indexname: string; indexdef: string }[];
  for (const index of secondary) await run(`drop index "${index.indexname}"`, []);
  const started = performance.now();
  for (let from = 1; from <= TICKETS; from += BATCH) {
    const to = Math.min(TICKETS, from + BATCH - 1);
    await run(ticketBatchSql(from, to, areas, groups, ids), []);
    process.stdout.write(
      `\rseeded ${to.toLocaleString('en')} tickets (${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
  }
  await run('drop table bench_people', []);
  for (const index of secondary) {
    await run(`do $$ begin set local maintenance_work_mem = '256MB'; execute $q$${index.indexdef}$q$; end $$`, []);
  }
  await run('vacuum analyze', []);
  console.log(`\nseed, index rebuild and vacuum analyze: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  'Sort Method'?: string;
  Plans?: PlanNode[];
};

/** One line per scan/sort node: what it read and how many rows it threw away. */
function summarisePlan(plan: PlanNode, depth = 0, out: string[] = []): string[] {
  const scan = /Scan|Sort|Aggregate|Bitmap/.test(plan['Node Type']);
  if (scan) {
    const loops = plan['Actual Loops'] ?? 1;
    const parts = [
      `${'  '.repeat(depth)}${plan['Node Type']}`,
      plan['Relation Name'] ? `on ${plan['Relation Name']}` : '',
      plan['Index Name'] ? `using ${plan['Index Name']}` : '',
      `rows=${plan['Actual Rows']}${loops > 1 ? `×${loops}` : ''}`,
      plan['Rows Removed by Filter'] ? `removed=${plan['Rows Removed by Filter']}` : '',
      plan['Rows Removed by Index Recheck'] ? `recheck-removed=${plan['Rows Removed by Index Recheck']}` : '',
      plan['Sort Method'] ? `(${plan['Sort Method']})` : '',
    ];
    out.push(parts.filter(Boolean).join(' '));
  }
  for (const child of plan.Plans ?? []) summarisePlan(child, scan ? depth + 1 : depth, out);
  return out;
}

async function explain(run: Recorder['raw'], statement: Statement): Promise<string[]> {
  const result = await run(`explain (analyze, buffers, format json) ${statement.text}`, statement.values);
  const cell = (result.rows[0] as Record<string, unknown>)['QUERY PLAN'];
  const [root] = (typeof cell === 'string' ? JSON.parse(cell) : cell) as {
    Plan: PlanNode;
    'Execution Time': number;
  }[];
  if (!root) return ['(no plan)'];
  const plan = root.Plan;
  return [
    `execution ${root['Execution Time'].toFixed(2)} ms, buffers hit=${plan['Shared Hit Blocks'] ?? 0} read=${plan['Shared Read Blocks'] ?? 0}`,
    ...summarisePlan(plan),
  ];
}

/**
 * `BENCH_CPU_PROFILE=<file.cpuprofile>`: a V8 CPU profile of the measured requests only (after
 * seeding), for Chrome DevTools or speedscope. Sampling interval 100 µs.
 */
async function startCpuProfile(): Promise<{ stopInto: (path: string) => Promise<void> }> {
  const session = new Session();
  session.connect();
  const post = <T>(method: string, params?: object) =>
    new Promise<T>((resolve, reject) =>
      session.post(method, params, (error, result) => (error ? reject(error) : resolve(result as T))),
    );
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 100 });
  await post('Profiler.start');
  return {
    stopInto: async (path) => {
      const { profile } = await post<{ profile: unknown }>('Profiler.stop');
      await writeFile(path, JSON.stringify(profile));
      session.disconnect();
      console.log(`CPU profile of the measured requests: ${path}`);
    },
  };
}

type Case = { name: string; user: keyof DemoIds; url: string; table: RegExp };

/** API − SQL of every measured query, p50 and p95 (ms), for the summary line. */
const gaps: { p50: number; p95: number }[] = [];

async function measure(app: FastifyInstance, recorder: Recorder, item: Case): Promise<string[]> {
  const headers = await authHeader(app, item.user);
  const request = async () => {
    const response = await app.inject({ method: 'GET', url: item.url, headers });
    if (response.statusCode !== 200) throw new Error(`${item.url}: HTTP ${response.statusCode} ${response.body}`);
    return response;
  };
  await request(); // warm-up (and the per-user access cache)
  recorder.statements = [];
  recorder.recording = true;
  const sample = await request();
  recorder.recording = false;
  const main = recorder.statements.filter((s) => item.table.test(s.text));
  if (!main.length) throw new Error(`${item.name}: no statement matched ${item.table}`);
  const sql = async () => {
    for (const statement of main) await recorder.raw(statement.text, statement.values);
  };
  await sql();
  const api: number[] = [];
  const raw: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    for (const [fn, into] of (i % 2
      ? [
          [sql, raw],
          [request, api],
        ]
      : [
          [request, api],
          [sql, raw],
        ]) as [() => Promise<unknown>, number[]][]) {
      const t = performance.now();
      await fn();
      into.push(performance.now() - t);
    }
  }
  const body = sample.json<{ items?: unknown[]; total?: number }>();
  const size = body.items ? `${body.items.length} items` : `total ${body.total}`;
  const [a50, a95, s50, s95] = [quantile(api, 0.5), quantile(api, 0.95), quantile(raw, 0.5), quantile(raw, 0.95)];
  gaps.push({ p50: a50 - s50, p95: a95 - s95 });
  const others = recorder.statements.filter((s) => !main.includes(s)).map((s) => s.text.slice(0, 60));
  const lines = [
    `${item.name} [${item.user}] ${item.url.slice(0, 90)} → ${size}`,
    `  statements per request: ${recorder.statements.length} (timed as SQL: ${main.length}${others.length ? `; not timed: ${others.join(' | ')}` : ''})`,
    `  API p50 ${a50.toFixed(2)} p95 ${a95.toFixed(2)} ms | SQL p50 ${s50.toFixed(2)} p95 ${s95.toFixed(2)} ms | ` +
      `API÷SQL p50 ${(a50 / s50).toFixed(2)} p95 ${(a95 / s95).toFixed(2)} | API−SQL p95 ${(a95 - s95).toFixed(2)} ms`,
  ];
  for (const statement of main) for (const line of await explain(recorder.raw, statement)) lines.push(`    ${line}`);
  return lines;
}

/**
 * The floor every list request pays before and after its own work: `GET /api/me` (the same
 * `app.inject`, token check, user and scope caches and JSON reply; no SQL statement once cached).
 */
async function measureFloor(app: FastifyInstance, user: keyof DemoIds): Promise<string> {
  const headers = await authHeader(app, user);
  const times: number[] = [];
  for (let i = 0; i <= RUNS * 2; i += 1) {
    const t = performance.now();
    const response = await app.inject({ method: 'GET', url: '/api/me', headers });
    if (response.statusCode !== 200) throw new Error(`/api/me: HTTP ${response.statusCode}`);
    if (i > 0) times.push(performance.now() - t); // the first request fills the caches
  }
  return `floor [${user}] GET /api/me (signed-in request, no statement): p50 ${quantile(times, 0.5).toFixed(2)} p95 ${quantile(times, 0.95).toFixed(2)} ms`;
}

async function main(): Promise<void> {
  if (DATABASE_URL) process.env.TEST_DATABASE_URL = DATABASE_URL;
  else delete process.env.TEST_DATABASE_URL;
  // no API rate limit: the runs send far more than a user's 600 requests a minute
  const { config, cleanup } = await createTestConfig({
    schemasDir: REAL_SCHEMAS_DIR,
    env: { API_RATE_LIMIT_PER_MINUTE: '0' },
  });
  const app = await buildApp(config, { logger: { level: 'silent' }, afterClose: cleanup });
  // Ctrl-C still drops the throwaway database.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void app.close().finally(() => process.exit(130)));
  }
  try {
    const client = (app.db as unknown as { $client: Client }).$client;
    const recorder = new Recorder(client);
    const run = recorder.raw;
    const ids = {} as DemoIds;
    for (const user of ['employee', 'maintenance', 'admin'] as const) {
      const response = await app.inject({ url: '/api/me', headers: await authHeader(app, user) });
      ids[user] = response.json<{ id: string }>().id;
    }
    console.log(
      `bench:lists on ${DATABASE_URL ? 'PostgreSQL' : 'PGlite (in memory)'}, ${TICKETS.toLocaleString('en')} tickets, ${RUNS} runs per query, ` +
        `Node ${process.version} ${process.execArgv.filter((flag) => flag.startsWith('--max-')).join(' ') || '(default heap sizes)'}`,
    );
    await seed(app, run, ids);

    const half = Math.floor(TICKETS / 2);
    const deep = (
      await run(
        `select updated_at as "updatedAt", id from submissions order by updated_at desc, id desc offset ${half} limit 1`,
        [],
      )
    ).rows[0] as { updatedAt: Date | string; id: string };
    const cursor = encodeCursor({
      sort: 'tickets-updatedAt',
      key: new Date(deep.updatedAt).toISOString(),
      id: deep.id,
    });
    const areaDeep = (
      await run(
        `select created_at as "createdAt", id from submissions where area = 'ResidentService'
       order by created_at desc, id desc offset ${Math.floor(TICKETS / 27 / 2)} limit 1`,
        [],
      )
    ).rows[0] as { createdAt: Date | string; id: string };
    const areaCursor = encodeCursor({
      sort: '-createdAt',
      key: new Date(areaDeep.createdAt).toISOString(),
      id: areaDeep.id,
    });
    const rare = `WO${Math.floor(TICKETS * 0.37)}`;
    const tickets = /from "submissions"/;
    const weekAgo = encodeURIComponent(new Date(Date.now() - 7 * 86_400_000).toISOString());
    const cases: Case[] = [
      { name: 'tickets first page', user: 'maintenance', url: '/api/tickets', table: tickets },
      { name: 'tickets first page', user: 'admin', url: '/api/tickets', table: tickets },
      { name: 'tickets first page', user: 'employee', url: '/api/tickets', table: tickets },
      {
        name: `tickets deep page (after row ${half.toLocaleString('en')})`,
        user: 'admin',
        url: `/api/tickets?cursor=${cursor}`,
        table: tickets,
      },
      {
        name: 'tickets deep page (same cursor)',
        user: 'maintenance',
        url: `/api/tickets?cursor=${cursor}`,
        table: tickets,
      },
      {
        name: 'tickets filtered (status+area+assignee=me)',
        user: 'maintenance',
        url: '/api/tickets?status=In%20progress&area=ResidentService&assignee=me',
        table: tickets,
      },
      {
        name: 'tickets filtered (status=New, my groups)',
        user: 'maintenance',
        url: '/api/tickets?status=New&assignee=my-groups',
        table: tickets,
      },
      {
        name: 'tickets My open tickets',
        user: 'maintenance',
        url: '/api/tickets?assignee=me&state=open',
        table: tickets,
      },
      {
        name: 'tickets Unassigned in my groups',
        user: 'maintenance',
        url: '/api/tickets?assignee=my-groups-unassigned&state=open',
        table: tickets,
      },
      {
        name: 'tickets Resolved this week',
        user: 'maintenance',
        url: `/api/tickets?resolvedFrom=${weekAgo}`,
        table: tickets,
      },
      {
        name: 'tickets Resolved this week',
        user: 'admin',
        url: `/api/tickets?resolvedFrom=${weekAgo}`,
        table: tickets,
      },
      { name: 'tickets state=done', user: 'admin', url: '/api/tickets?state=done', table: tickets },
      {
        name: 'tickets counts Resolved this week',
        user: 'maintenance',
        url: `/api/tickets/counts?resolvedFrom=${weekAgo}`,
        table: tickets,
      },
      { name: 'tickets sla=breached', user: 'maintenance', url: '/api/tickets?sla=breached', table: tickets },
      { name: 'tickets sla=breached', user: 'admin', url: '/api/tickets?sla=breached', table: tickets },
      { name: 'tickets sla=breaching', user: 'maintenance', url: '/api/tickets?sla=breaching', table: tickets },
      { name: 'tickets sort=slaDue', user: 'maintenance', url: '/api/tickets?sort=slaDue', table: tickets },
      { name: 'tickets sort=slaDue', user: 'admin', url: '/api/tickets?sort=slaDue', table: tickets },
      { name: 'tickets full-text (common word)', user: 'maintenance', url: '/api/tickets?q=leak', table: tickets },
      { name: 'tickets full-text (two words)', user: 'maintenance', url: '/api/tickets?q=leak%20sink', table: tickets },
      { name: `tickets full-text (rare: ${rare})`, user: 'maintenance', url: `/api/tickets?q=${rare}`, table: tickets },
      { name: 'tickets counts', user: 'maintenance', url: '/api/tickets/counts', table: tickets },
      { name: 'tickets counts', user: 'employee', url: '/api/tickets/counts', table: tickets },
      { name: 'tickets counts', user: 'admin', url: '/api/tickets/counts', table: tickets },
      { name: 'changes first page', user: 'maintenance', url: '/api/changes', table: /from "changes"/ },
      { name: 'changes first page', user: 'employee', url: '/api/changes', table: /from "changes"/ },
      {
        name: 'area list first page',
        user: 'maintenance',
        url: '/api/areas/ResidentService/submissions',
        table: tickets,
      },
      {
        name: 'area list deep page',
        user: 'maintenance',
        url: `/api/areas/ResidentService/submissions?cursor=${areaCursor}`,
        table: tickets,
      },
      { name: 'area list first page', user: 'employee', url: '/api/areas/ResidentService/submissions', table: tickets },
    ];
    for (const user of ['maintenance', 'employee', 'admin'] as const) console.log(await measureFloor(app, user));
    const only = process.env.BENCH_ONLY;
    const profile = process.env.BENCH_CPU_PROFILE ? await startCpuProfile() : null;
    for (const item of cases) {
      if (only && !`${item.name} ${item.user}`.includes(only)) continue;
      console.log((await measure(app, recorder, item)).join('\n'));
    }
    if (profile && process.env.BENCH_CPU_PROFILE) await profile.stopInto(process.env.BENCH_CPU_PROFILE);
    const median = (values: number[]) => quantile(values, 0.5).toFixed(2);
    console.log(
      `median API − SQL over ${gaps.length} queries: p50 ${median(gaps.map((g) => g.p50))} ms, p95 ${median(gaps.map((g) => g.p95))} ms ` +
        `(target: p95 within 2 ms); queries over 2 ms at p95: ${gaps.filter((g) => g.p95 > 2).length}`,
    );
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
