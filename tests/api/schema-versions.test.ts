import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { formSchemaVersions } from '../../src/server/db/schema';
import type { AreaDefinition, FormSchemaVersion } from '../../src/shared/area';
import type { Submission } from '../../src/shared/submission';
import { FIXTURE_SCHEMAS_DIR } from './helpers/app';
import { authHeader } from './helpers/sign-in';

const AP_DATA = {
  vendorName: 'Acme Plumbing Supply',
  invoiceNumber: 'INV-20931',
  invoiceDate: '2025-03-14',
  amount: 1240.5,
  property: 'P-1003',
  lines: [{ glAccount: '6100-010', amount: 1240.5 }],
};

type Schema = { properties: Record<string, { title?: string }> };

describe('schema versions: GET /api/areas/:key/schema and restarts after a schema change', () => {
  let root: string;
  let schemasDir: string;
  let app: FastifyInstance | undefined;

  /** Starts the app on a PGlite folder that survives restarts (the real embedded default). */
  const start = async () => {
    const config = loadConfig(
      {
        PUBLIC_URL: 'http://localhost',
        DATA_DIR: join(root, 'data'),
        SCHEMAS_DIR: schemasDir,
        CLIENT_DIST_DIR: join(root, 'no-client'),
      },
      {},
    );
    app = await buildApp(config, { logger: { level: 'silent' } });
    return app;
  };
  const get = async <T>(url: string, status = 200): Promise<T> => {
    if (!app) throw new Error('not started');
    const response = await app.inject({ url, headers: await authHeader(app, 'employee') });
    expect(response.statusCode, response.body).toBe(status);
    return response.json<T>();
  };
  const submit = async (): Promise<Submission> => {
    if (!app) throw new Error('not started');
    const response = await app.inject({
      method: 'POST',
      url: '/api/areas/AP/submissions',
      payload: AP_DATA,
      headers: await authHeader(app, 'employee'),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Submission>();
  };

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'tm-schema-versions-'));
    schemasDir = join(root, 'schemas');
    await cp(FIXTURE_SCHEMAS_DIR, schemasDir, { recursive: true });
  });
  afterAll(async () => {
    await app?.close();
    await rm(root, { recursive: true, force: true });
  });

  let firstId = '';

  it("answers the current version (area.json's version 2 on a fresh database) and 404 for unknown ones", async () => {
    await start();
    const current = await get<FormSchemaVersion>('/api/areas/AP/schema');
    expect(current).toMatchObject({ key: 'AP', version: 2, current: true });
    const definition = await get<AreaDefinition>('/api/areas/AP');
    expect(current.schema).toEqual(definition.schema);
    expect(current.uiSchema).toEqual(definition.uiSchema);
    firstId = (await submit()).id;
    await get('/api/areas/AP/schema?version=3', 404);
    await get('/api/areas/Nope/schema', 404);
    await get('/api/areas/AP/schema?version=0', 400);
  });

  it('records version 3 when the schema changed before a restart and still serves version 2', async () => {
    await app?.close();
    const file = join(schemasDir, 'AP', 'schema.json');
    const schema = JSON.parse(await readFile(file, 'utf8')) as Schema;
    const vendor = schema.properties.vendorName;
    if (!vendor) throw new Error('fixture changed');
    vendor.title = 'Supplier';
    await writeFile(file, JSON.stringify(schema, null, 2));
    await start();

    expect((await get<AreaDefinition>('/api/areas/AP')).version).toBe(3);
    const old = await get<FormSchemaVersion>('/api/areas/AP/schema?version=2');
    expect(old).toMatchObject({ version: 2, current: false });
    expect((old.schema as Schema).properties.vendorName?.title).toBe('Vendor');
    const now = await get<FormSchemaVersion>('/api/areas/AP/schema?version=3');
    expect((now.schema as Schema).properties.vendorName?.title).toBe('Supplier');

    expect((await get<Submission>(`/api/areas/AP/submissions/${firstId}`)).schemaVersion).toBe(2);
    expect((await submit()).schemaVersion).toBe(3);
  });

  it('adds no version when a restart finds the same content (only key order differs)', async () => {
    await app?.close();
    const file = join(schemasDir, 'AP', 'schema.json');
    const schema = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    const reordered = Object.fromEntries(Object.entries(schema).reverse());
    await writeFile(file, JSON.stringify(reordered));
    await start();
    expect((await get<AreaDefinition>('/api/areas/AP')).version).toBe(3);
    const rows = await app!.db.select().from(formSchemaVersions).where(eq(formSchemaVersions.area, 'AP'));
    expect(rows.map((row) => row.version).sort()).toEqual([2, 3]);
  });
});
