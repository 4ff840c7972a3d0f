/**
 * A bounded fuzz of the API, generated from the OpenAPI description the server publishes
 * (`GET /api/openapi.json`): for every write route (POST, PUT, PATCH, DELETE) at least
 * FUZZ_REQUESTS (default 200) malformed requests, and 60 for every GET route with query parameters
 * — mutated bodies (wrong types, missing and extra properties, nulls, huge and non-finite numbers,
 * U+0000 and lone surrogates, deep nesting, long strings), malformed JSON, wrong content types,
 * malformed multipart bodies, odd path ids, query values and headers — mostly as an administrator,
 * some as an employee or signed out. It fails on any 5xx, any error-level log line, and any 4xx
 * that docs/behaviour.md "Status codes" does not list or that lacks the API's error body
 * (src/shared/api-error.ts, docs/behaviour.md "Error bodies").
 *
 * Deterministic: FUZZ_SEED (printed) fixes every request; each route draws from its own seed, so a
 * failure names the seed, route and request number that reproduce it. Runs on PGlite, or on
 * PostgreSQL with TEST_DATABASE_URL (the two refuse different things).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, REAL_SCHEMAS_DIR } from './helpers/app';
import {
  fuzzUuid,
  hashSeed,
  malformedJsonBody,
  multipartCase,
  mutate,
  Rng,
  sample,
  writeJson,
  type FuzzValue,
  type SampleContext,
} from './helpers/fuzz';
import { multipartBody, PNG_1X1 } from './helpers/multipart';
import { authHeader } from './helpers/sign-in';

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_101);
const MALFORMED_PER_WRITE_ROUTE = Number(process.env.FUZZ_REQUESTS ?? 200);
const PER_QUERY_ROUTE = 60;

type Parameter = { in: 'path' | 'query' | 'header'; name: string; schema: Record<string, unknown> };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema: Record<string, unknown> }> };
};
type Route = { method: string; path: string; operation: Operation };
type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  user: 'admin' | 'employee' | 'signed out';
};

/** Path segments, already percent-encoded, that no route may answer with a 5xx. */
const NASTY_SEGMENTS = [
  'a'.repeat(37),
  'a'.repeat(101),
  'a'.repeat(3000),
  '%00',
  'a%00',
  '%ED%A0%80',
  '%E0%A4%A',
  '%FF',
  '..',
  '%2e%2e',
  'null',
  '-0',
  '%20',
  encodeURIComponent('é😀'),
  '00000000-0000-0000-0000-000000000000',
  'AP-000001',
];

const cursorOf = (json: unknown[]) => Buffer.from(JSON.stringify(json)).toString('base64url');

/** Query values, already percent-encoded. */
function nastyQueryValue(rng: Rng): string {
  const uuid = fuzzUuid(rng);
  return rng.pick([
    '',
    '1e309',
    '-1e309',
    '-0',
    'NaN',
    'Infinity',
    '-1',
    '0',
    '1.5',
    '2147483648',
    '9223372036854775808',
    '99999999999999999999999',
    '%00',
    'a%00b',
    '%ED%A0%80',
    '%E0%A4%A',
    '%FF',
    encodeURIComponent('x'.repeat(5000)),
    '0000-01-01',
    '%2B275760-09-13',
    '-000001-01-01',
    '9999-12-31T23:59:59Z',
    '2025-02-30',
    'me',
    'none',
    'my-groups',
    'true',
    'yes',
    uuid,
    'AP-000001',
    encodeURIComponent("%' or 1=1 --"),
    cursorOf(['-createdAt', '0000-01-01T00:00:00Z', uuid]),
    cursorOf(['tickets-updatedAt', '+275760-09-13T00:00:00.000Z', uuid]),
    cursorOf(['-number', 99_999_999_999, uuid]),
    cursorOf(['changes', 9_007_199_254_740_991, uuid]),
    cursorOf(['changes', -1, uuid]),
    cursorOf(['name', 'a\u0000', uuid]),
    cursorOf(['name', '\ud800', uuid]),
    cursorOf(['name', 'a', 'not-a-uuid']),
    'A'.repeat(600),
  ]);
}

function nastyHeaderValue(rng: Rng): string {
  return rng.pick(['', ' ', 'x'.repeat(300), '"99999999999"', 'W/"0"', '"-1"', '"1e309"', '0', '-1', 'é', '*']);
}

/** Seeded objects whose ids the requests use, so they reach the database. */
type Pools = {
  areas: string[];
  tickets: string[];
  users: string[];
  groups: string[];
  rules: string[];
  cells: string[];
  deliveries: string[];
  attachments: string[];
};

function idPool(path: string, name: string, pools: Pools): string[] {
  if (name === 'userId') return pools.users;
  if (name === 'key') return pools.areas;
  if (path.startsWith('/api/tickets') || path.startsWith('/api/areas')) return pools.tickets;
  if (path.startsWith('/api/role-groups')) return pools.groups;
  if (path.startsWith('/api/users')) return pools.users;
  if (path.startsWith('/api/assignment-rules')) return pools.rules;
  if (path.includes('/cells/')) return pools.cells;
  if (path.includes('/delivery/')) return pools.deliveries;
  if (path.startsWith('/api/attachments')) return pools.attachments;
  return pools.tickets;
}

function example(area: string): FuzzValue {
  try {
    return JSON.parse(readFileSync(join(REAL_SCHEMAS_DIR, area, 'example.json'), 'utf8')) as FuzzValue;
  } catch {
    return {};
  }
}

/** A valid-looking body for routes whose schema takes any JSON (form data, role groups, rich text). */
function baseBody(route: Route, area: string | undefined, ctx: SampleContext, pools: Pools): FuzzValue {
  const key = `${route.method} ${route.path}`;
  if (key === 'POST /api/areas/{key}/submissions') return area ? example(area) : {};
  if (key === 'POST /api/role-groups' || key === 'PUT /api/role-groups/{id}') {
    return {
      name: `Fuzz group ${ctx.rng.int(1e6)}`,
      description: 'made by the fuzz test',
      scopes: ['tickets:work'],
      idpGroupIds: ['fuzz'],
      version: 1,
    };
  }
  if (key === 'POST /api/tickets/{id}/comments') {
    return {
      body: [{ type: 'paragraph', children: [{ text: 'fuzz ' }, { text: 'bold', bold: true }] }],
      isInternal: ctx.rng.chance(0.5),
      attachmentIds: [ctx.rng.pick(pools.attachments)],
    };
  }
  const schema = route.operation.requestBody?.content?.['application/json']?.schema ?? {};
  return sample(schema, ctx);
}

/** A sampled query or header value as text (objects and arrays as their JSON). */
function scalarText(value: FuzzValue): string {
  return typeof value === 'string' ? value : writeJson(value);
}

function buildRequest(
  route: Route,
  rng: Rng,
  pools: Pools,
  ids: string[],
): { request: FuzzRequest; malformed: boolean } {
  const ctx: SampleContext = { rng, ids };
  const parameters = route.operation.parameters ?? [];
  let malformed = false;
  let area: string | undefined;
  const url = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (rng.chance(0.2)) {
      malformed = true;
      return rng.pick(NASTY_SEGMENTS);
    }
    const value = rng.pick(idPool(route.path, name, pools));
    if (name === 'key') area = value;
    return encodeURIComponent(value);
  });
  const query: string[] = [];
  for (const parameter of parameters.filter((p) => p.in === 'query')) {
    if (rng.chance(0.45)) continue;
    const times = rng.chance(0.08) ? 2 : 1;
    for (let i = 0; i < times; i += 1) {
      const nasty = rng.chance(0.45);
      malformed ||= nasty || times > 1;
      const value = nasty
        ? nastyQueryValue(rng)
        : encodeURIComponent(scalarText(sample(parameter.schema, ctx, parameter.name)));
      query.push(`${parameter.name}=${value}`);
    }
  }
  if (rng.chance(0.05)) {
    malformed = true;
    query.push(`${rng.pick(['extra', '%00', 'limit', '__proto__'])}=${nastyQueryValue(rng)}`);
  }
  const headers: Record<string, string> = {};
  for (const parameter of parameters.filter((p) => p.in === 'header')) {
    const roll = rng.next();
    if (roll < 0.4) continue;
    if (roll < 0.8) headers[parameter.name] = scalarText(sample(parameter.schema, ctx, parameter.name));
    else {
      malformed = true;
      headers[parameter.name] = nastyHeaderValue(rng);
    }
  }
  const fullUrl = query.length ? `${url}?${query.join('&')}` : url;
  const user = rng.chance(0.88) ? 'admin' : rng.chance(0.85) ? 'employee' : 'signed out';
  const request: FuzzRequest = { method: route.method, url: fullUrl, headers, user };
  if (route.method === 'GET') return { request, malformed };
  const jsonSchema = route.operation.requestBody?.content?.['application/json'];
  if (jsonSchema) {
    const base = baseBody(route, area, ctx, pools);
    const roll = rng.next();
    if (roll < 0.05) request.payload = writeJson(base);
    else if (roll < 0.75) request.payload = writeJson(mutate(base, rng));
    else {
      const { payload, contentType } = malformedJsonBody(rng, writeJson(base));
      request.payload = payload;
      if (contentType !== undefined) headers['content-type'] = contentType;
    }
    headers['content-type'] ??= 'application/json';
    malformed ||= roll >= 0.05;
    return { request, malformed };
  }
  // no JSON body declared: multipart uploads, DELETE, membership PUT — send odd bodies anyway
  const roll = rng.next();
  if (roll < 0.7) {
    const { payload, contentType } = multipartCase(rng);
    request.payload = payload;
    headers['content-type'] = contentType;
  } else if (roll < 0.85) {
    request.payload = writeJson(mutate({ x: 1 }, rng));
    headers['content-type'] = 'application/json';
  }
  return { request, malformed: true };
}

function describeRequest(request: FuzzRequest): string {
  const payload =
    request.payload === undefined
      ? ''
      : `\n  payload (${request.payload.length} bytes): ${JSON.stringify(
          Buffer.isBuffer(request.payload) ? request.payload.toString('latin1') : request.payload,
        ).slice(0, 600)}`;
  return `${request.method} ${request.url.slice(0, 400)} as ${request.user}\n  headers: ${JSON.stringify(request.headers)}${payload}`;
}

/** The 4xx codes of docs/behaviour.md "Status codes". */
const DOCUMENTED_4XX = new Set([400, 401, 403, 404, 409, 412, 413, 415, 422, 428]);

/**
 * What is wrong with a response, or null: 5xx, an error log line, a 4xx the API does not document
 * (Fastify's own 414, a parser's 406) or without the error body.
 */
function problemOf(response: LightMyRequestResponse, errorLogs: string[]): string | null {
  if (response.statusCode >= 500) return `HTTP ${response.statusCode}: ${response.body.slice(0, 300)}`;
  if (errorLogs.length) return `error log: ${errorLogs.join('\n').slice(0, 600)}`;
  if (response.statusCode < 400) return null;
  if (!DOCUMENTED_4XX.has(response.statusCode)) {
    return `HTTP ${response.statusCode} is not a documented status: ${response.body.slice(0, 200)}`;
  }
  let body: { statusCode?: unknown; error?: unknown; message?: unknown; errors?: unknown };
  try {
    body = response.json();
  } catch {
    return `HTTP ${response.statusCode} without a JSON body: ${response.body.slice(0, 200)}`;
  }
  const shaped =
    body.statusCode === response.statusCode &&
    typeof body.error === 'string' &&
    typeof body.message === 'string' &&
    (body.error !== 'validation_failed' || Array.isArray(body.errors));
  return shaped ? null : `HTTP ${response.statusCode} without the API error body: ${response.body.slice(0, 200)}`;
}

describe('API fuzz from the OpenAPI description', () => {
  let app: FastifyInstance;
  const errorLines: string[] = [];
  const auth: Record<string, Record<string, string>> = {};
  let routes: Route[] = [];
  let pools: Pools;

  beforeAll(async () => {
    app = await createTestApp({
      schemasDir: REAL_SCHEMAS_DIR,
      // thousands of requests in a few seconds: the per-user rate limit would answer 429 to most
      env: { API_RATE_LIMIT_PER_MINUTE: '0' },
      logger: { level: 'error', stream: { write: (line: string) => errorLines.push(line) } },
    });
    auth.admin = await authHeader(app, 'admin');
    auth.employee = await authHeader(app, 'employee');
    auth['signed out'] = {};
    const doc = (await app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    );
    const get = async <T>(url: string) => (await app.inject({ url, headers: auth.admin })).json<T>();
    const post = async (url: string, payload: unknown) =>
      app.inject({ method: 'POST', url, payload: payload as object, headers: auth.admin });
    const areas = (await get<{ key: string }[]>('/api/areas')).map((area) => area.key);
    const tickets: string[] = [];
    for (const area of areas.slice(0, 12)) {
      const response = await post(`/api/areas/${area}/submissions`, example(area));
      if (response.statusCode === 201) tickets.push(response.json<{ id: string }>().id);
    }
    await post('/api/assignment-rules', { name: 'Fuzz rule', area: 'AP' });
    await post('/api/report-tracker/months', { period: '2025-01' });
    const grid = await get<{ rows: { cells: Record<string, { id: string }> }[] }>(
      '/api/report-tracker/accounting?period=2025-01',
    );
    const delivery = await get<{ entries: { id: string }[] }>('/api/report-tracker/delivery?period=2025-01');
    const upload = multipartBody([{ fileName: 'scan.png', content: PNG_1X1 }]);
    const attachment = await app.inject({
      method: 'POST',
      url: '/api/attachments',
      payload: upload.payload,
      headers: { ...auth.admin, ...upload.headers },
    });
    pools = {
      areas,
      tickets,
      users: (await get<{ items: { id: string }[] }>('/api/users?limit=100')).items.map((u) => u.id),
      groups: (await get<{ items: { id: string }[] }>('/api/role-groups')).items.map((g) => g.id),
      rules: (await get<{ id: string }[]>('/api/assignment-rules')).map((r) => r.id),
      cells: grid.rows.flatMap((row) => Object.values(row.cells).map((cell) => cell.id)).slice(0, 20),
      deliveries: delivery.entries.map((entry) => entry.id).slice(0, 20),
      attachments: [attachment.json<{ id: string }>().id],
    };
    for (const [name, pool] of Object.entries(pools)) if (!pool.length) throw new Error(`no seeded ${name}`);
    errorLines.length = 0;
  });
  afterAll(() => app.close());

  it('answers every malformed request with a 4xx in the API error shape, never a 5xx', async () => {
    const writes = routes.filter((route) => route.method !== 'GET');
    const queried = routes.filter(
      (route) => route.method === 'GET' && (route.operation.parameters ?? []).some((p) => p.in === 'query'),
    );
    expect(writes.length).toBeGreaterThanOrEqual(15);
    const ids = Object.values(pools).flat();
    const failures: string[] = [];
    const statuses = new Map<string, number>();
    let total = 0;
    const started = performance.now();
    console.log(`API fuzz: seed ${SEED} (FUZZ_SEED), ${writes.length} write routes, ${queried.length} query routes`);
    for (const route of [...writes, ...queried]) {
      const routeName = `${route.method} ${route.path}`;
      const rng = new Rng(hashSeed(SEED, routeName));
      const isWrite = route.method !== 'GET';
      let malformedCount = 0;
      for (let index = 0; isWrite ? malformedCount < MALFORMED_PER_WRITE_ROUTE : index < PER_QUERY_ROUTE; index += 1) {
        const { request, malformed } = buildRequest(route, rng, pools, ids);
        if (malformed) malformedCount += 1;
        const logsBefore = errorLines.length;
        const response = await app.inject({
          method: request.method as 'GET',
          url: request.url,
          headers: { ...auth[request.user], ...request.headers },
          ...(request.payload === undefined ? {} : { payload: request.payload }),
        });
        total += 1;
        const status = String(response.statusCode);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        const problem = problemOf(response, errorLines.slice(logsBefore));
        if (problem && failures.length < 20) {
          failures.push(`seed ${SEED}, ${routeName} request #${index}: ${problem}\n  ${describeRequest(request)}`);
        }
      }
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const counts = [...statuses]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([status, n]) => `${status}: ${n}`)
      .join(', ');
    const fivexx = [...statuses].filter(([status]) => status >= '500').reduce((sum, [, n]) => sum + n, 0);
    console.log(
      `API fuzz: ${total} requests, ${fivexx} 5xx, in ${seconds} s (HTTP ${counts}); ${failures.length} problems`,
    );
    expect(failures, failures.join('\n\n')).toEqual([]);
  }, 600_000);
});
