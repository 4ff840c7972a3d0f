/**
 * Form areas without a restart (docs/behaviour.md "Form areas"): a running app notices a folder
 * added to, broken in, fixed in and removed from its SCHEMAS_DIR; one bad folder never takes the
 * portal down, at start or later; a form rendered with an older schema version is refused with 409
 * `schema_changed` and nothing is stored.
 */
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formSchemaVersions } from '../../src/server/db/schema';
import type { AreaSummary, FormSchemaVersion } from '../../src/shared/area';
import type { ApiError } from '../../src/shared/api-error';
import type { AreaHealth, FormAreaOverview, FormAreaState } from '../../src/shared/form-areas';
import type { Submission } from '../../src/shared/submission';
import type { Ticket, TicketPage } from '../../src/shared/tickets';
import { createTestApp, FIXTURE_SCHEMAS_DIR } from './helpers/app';
import { countSubmissions } from './helpers/data';
import { authHeader } from './helpers/sign-in';

/** A small drop-in area; `extraField` adds a second field (a new schema version). */
function keyReturn(extraField = false) {
  const properties: Record<string, unknown> = { unit: { type: 'string', title: 'Unit', minLength: 1 } };
  if (extraField) properties.keyCount = { type: 'integer', title: 'Number of keys', minimum: 1 };
  return {
    'area.json': { key: 'KeyReturn', title: 'Key return', group: 'Facilities', listColumns: ['unit'] },
    'schema.json': { type: 'object', title: 'Key return', required: ['unit'], properties },
  };
}

async function writeArea(folder: string, files: Record<string, unknown>): Promise<void> {
  await mkdir(folder, { recursive: true });
  for (const [name, content] of Object.entries(files)) {
    await writeFile(join(folder, name), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
}

/** Polls `read` until `accept` holds, at most 5 s (the reload is debounced file-system events). */
async function within5s<T>(read: () => Promise<T>, accept: (value: T) => boolean): Promise<T> {
  let last: T | undefined;
  await expect.poll(async () => accept((last = await read())), { timeout: 5_000, interval: 100 }).toBe(true);
  return last as T;
}

describe('reloading SCHEMAS_DIR while the app runs', () => {
  let root: string;
  let schemasDir: string;
  let app: FastifyInstance;
  let employee: { authorization: string };
  let admin: { authorization: string };

  const get = async <T>(url: string, headers = employee, status = 200): Promise<T> => {
    const response = await app.inject({ url, headers });
    expect(response.statusCode, response.body).toBe(status);
    return response.json<T>();
  };
  const areaKeys = async () => (await get<AreaSummary[]>('/api/areas')).map((area) => area.key);
  const stateOf = async (key: string): Promise<FormAreaState | undefined> =>
    (await get<FormAreaOverview>('/api/form-areas', admin)).areas.find((area) => area.key === key);
  const submit = (data: Record<string, unknown>, version?: number) =>
    app.inject({
      method: 'POST',
      url: '/api/areas/KeyReturn/submissions',
      payload: data,
      headers: { ...employee, ...(version === undefined ? {} : { 'form-schema-version': String(version) }) },
    });

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'tm-area-reload-'));
    schemasDir = join(root, 'schemas');
    await cp(FIXTURE_SCHEMAS_DIR, schemasDir, { recursive: true });
    app = await createTestApp({ schemasDir });
    employee = await authHeader(app, 'employee');
    admin = await authHeader(app, 'admin');
  });
  afterAll(async () => {
    await app?.close();
    await rm(root, { recursive: true, force: true });
  });

  const folder = () => join(schemasDir, 'KeyReturn');
  let firstId = '';

  it('lists a folder added to the running app within 5 s, at schema version 1', async () => {
    expect(await areaKeys()).not.toContain('KeyReturn');
    const apValidator = app.areas.get('AP')?.validate;
    await writeArea(folder(), keyReturn());
    await within5s(areaKeys, (keys) => keys.includes('KeyReturn'));
    expect(await stateOf('KeyReturn')).toEqual({
      key: 'KeyReturn',
      title: 'Key return',
      group: 'Facilities',
      folder: 'KeyReturn',
      status: 'loaded',
      version: 1,
      servingLastGood: false,
      problems: [],
      submissions: 0,
      versionsUsed: [],
    });
    // an area that did not change keeps its compiled validator
    expect(app.areas.get('AP')?.validate).toBe(apValidator);
    const response = await submit({ unit: 'B-204' }, 1);
    expect(response.statusCode, response.body).toBe(201);
    firstId = response.json<Submission>().id;
    expect(response.json<Submission>().schemaVersion).toBe(1);
  });

  it('keeps serving the last good version of a folder that breaks, and names the problem', async () => {
    await writeFile(join(folder(), 'schema.json'), '{ "type": "object", ');
    const state = await within5s(
      () => stateOf('KeyReturn'),
      (found) => found?.status === 'broken',
    );
    expect(state).toMatchObject({ status: 'broken', servingLastGood: true, version: 1, submissions: 1 });
    expect(state?.problems).toHaveLength(1);
    expect(state?.problems[0]).toMatch(/^KeyReturn\/schema\.json: is not valid JSON/);
    expect(state?.problems[0]).not.toContain(root);
    expect(await areaKeys()).toContain('KeyReturn');
    const response = await submit({ unit: 'C-301' }, 1);
    expect(response.statusCode, response.body).toBe(201);

    const health = await app.inject('/api/health');
    expect(health.statusCode).toBe(200);
    const body = health.json<{ status: string; areas: AreaHealth }>();
    expect(body.status).toBe('ok');
    expect(body.areas.loaded).toBe(4);
    expect(body.areas.broken).toEqual([{ key: 'KeyReturn', problems: state?.problems, servingLastGood: true }]);
  });

  it('serves a new schema version once the folder is fixed with a changed schema', async () => {
    await writeArea(folder(), keyReturn(true));
    const state = await within5s(
      () => stateOf('KeyReturn'),
      (found) => found?.status === 'loaded',
    );
    expect(state).toMatchObject({ version: 2, problems: [], servingLastGood: false });
    expect((await get<{ version: number }>('/api/areas/KeyReturn')).version).toBe(2);
    const health = await get<{ areas: AreaHealth }>('/api/health', employee);
    expect(health.areas.broken).toEqual([]);
  });

  it('refuses a form rendered with the old version with 409 schema_changed and stores nothing', async () => {
    const before = await countSubmissions(app, 'KeyReturn');
    const stale = await submit({ unit: 'D-1', keyCount: 2 }, 1);
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json<ApiError>()).toEqual({
      statusCode: 409,
      error: 'schema_changed',
      message:
        'The Key return form has changed since you opened it (yours is version 1, the current one is version 2). ' +
        'Nothing was stored: reload the form, check your answers and submit again.',
    });
    expect(await countSubmissions(app, 'KeyReturn')).toBe(before);
    const current = await submit({ unit: 'D-1', keyCount: 2 }, 2);
    expect(current.statusCode, current.body).toBe(201);
    expect(current.json<Submission>().schemaVersion).toBe(2);
    // API clients that send no version are checked against the current one
    const apiClient = await submit({ unit: 'D-2', keyCount: 'two' });
    expect(apiClient.statusCode).toBe(422);
    expect((await submit({ unit: 'D-2', keyCount: 1 })).statusCode).toBe(201);
    expect((await submit({ unit: 'D-3' }, 0)).statusCode).toBe(400);
    expect((await stateOf('KeyReturn'))?.versionsUsed).toEqual([
      { version: 1, count: 2 },
      { version: 2, count: 2 },
    ]);
  });

  it('takes a removed folder out of the catalogue; its submissions stay readable and unchanged', async () => {
    await rm(folder(), { recursive: true });
    await within5s(areaKeys, (keys) => !keys.includes('KeyReturn'));
    await get('/api/areas/KeyReturn', employee, 404);
    expect((await submit({ unit: 'E-1' }, 2)).statusCode).toBe(404);

    const page = await get<TicketPage>('/api/tickets?area=KeyReturn', employee);
    expect(page.items.map((item) => item.number).sort()).toEqual([
      'KeyReturn-000001',
      'KeyReturn-000002',
      'KeyReturn-000003',
      'KeyReturn-000004',
    ]);
    const ticket = await get<Ticket>(`/api/tickets/${firstId}`, employee);
    expect(ticket).toMatchObject({ number: 'KeyReturn-000001', schemaVersion: 1, data: { unit: 'B-204' } });
    const stored = await get<FormSchemaVersion>('/api/areas/KeyReturn/schema?version=1', employee);
    expect(stored).toMatchObject({ key: 'KeyReturn', version: 1, current: false });
    const latest = await get<FormSchemaVersion>('/api/areas/KeyReturn/schema', employee);
    expect(latest).toMatchObject({ version: 2, current: false });
    await get('/api/areas/NeverThere/schema', employee, 404);

    expect(await stateOf('KeyReturn')).toEqual({
      key: 'KeyReturn',
      title: 'Key return',
      group: 'Facilities',
      folder: null,
      status: 'removed',
      version: null,
      servingLastGood: false,
      problems: [],
      submissions: 4,
      versionsUsed: [
        { version: 1, count: 2 },
        { version: 2, count: 2 },
      ],
    });
    const versions = await app.db
      .select({ version: formSchemaVersions.version })
      .from(formSchemaVersions)
      .where(eq(formSchemaVersions.area, 'KeyReturn'));
    expect(versions.map((row) => row.version).sort()).toEqual([1, 2]);
  });

  it('lets only administrators read GET /api/form-areas', async () => {
    const response = await app.inject({ url: '/api/form-areas', headers: employee });
    expect(response.statusCode).toBe(403);
  });
});

describe('a broken folder at start', () => {
  let root: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'tm-area-broken-start-'));
    const schemasDir = join(root, 'schemas');
    await cp(FIXTURE_SCHEMAS_DIR, schemasDir, { recursive: true });
    await writeArea(join(schemasDir, 'Broken'), { 'schema.json': '{ not json' });
    await writeArea(join(schemasDir, 'BadRoot'), {
      'area.json': { key: 'Elsewhere' },
      'schema.json': { type: 'object' },
    });
    app = await createTestApp({ schemasDir, env: { AREA_RESCAN_INTERVAL_SECONDS: '0' } });
  });
  afterAll(async () => {
    await app?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('starts; the other areas work and health names the broken folders without absolute paths', async () => {
    const employee = await authHeader(app, 'employee');
    const areas = await app.inject({ url: '/api/areas', headers: employee });
    expect(
      areas
        .json<AreaSummary[]>()
        .map((area) => area.key)
        .sort(),
    ).toEqual(['AP', 'IncidentFollowUp', 'IncidentForm']);
    const submitted = await app.inject({
      method: 'POST',
      url: '/api/areas/AP/submissions',
      headers: employee,
      payload: {
        vendorName: 'Acme',
        invoiceNumber: 'INV-1',
        invoiceDate: '2025-03-14',
        amount: 10,
        property: 'P-1001',
        lines: [{ glAccount: '6100-010', amount: 10 }],
      },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    await expect(app.inject({ url: '/api/areas/Broken', headers: employee })).resolves.toMatchObject({
      statusCode: 404,
    });

    const health = await app.inject('/api/health');
    expect(health.statusCode).toBe(200);
    const { areas: summary } = health.json<{ areas: AreaHealth }>();
    expect(summary.loaded).toBe(3);
    expect(summary.broken.map((entry) => entry.key)).toEqual(['BadRoot', 'Broken']);
    expect(summary.broken.every((entry) => !entry.servingLastGood)).toBe(true);
    expect(summary.broken[0]?.problems).toEqual([
      'BadRoot/area.json#/key: "Elsewhere" does not match the folder name "BadRoot"; they must be equal',
    ]);
    expect(summary.broken[1]?.problems[0]).toMatch(/^Broken\/schema\.json: is not valid JSON/);
    expect(health.body).not.toContain(root);
  });
});
