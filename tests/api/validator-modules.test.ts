/**
 * Precompiled validator modules (src/shared/precompiled-validators.ts): `GET /api/areas/:key` and
 * `GET /api/areas/:key/schema` name the module of their schema; `GET /api/areas/:key/validators/
 * <hash>.js` serves it to anyone as immutable JavaScript, and the module, imported as an ES module
 * and given to the client's `createFormValidator`, validates like the server. A folder dropped in
 * while the app runs gets its module at once; a new schema version gets a new name while the old
 * version's module keeps being served; an unknown name is a 404.
 */
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFormValidator,
  validatorFunctionsOf,
  type ValidatorModule,
} from '../../src/client/form-engine/validator';
import type { AreaDefinition, FormSchemaVersion } from '../../src/shared/area';
import type { JsonObject } from '../../src/shared/json';
import { createTestApp, FIXTURE_SCHEMAS_DIR } from './helpers/app';
import { authHeader } from './helpers/sign-in';

const MODULE_PATH = /^areas\/AP\/validators\/[0-9a-f]{64}\.js$/;

function keyReturn(extraField: boolean): Record<string, JsonObject> {
  const properties: JsonObject = { unit: { type: 'string', title: 'Unit', minLength: 1 } };
  if (extraField) properties.keyCount = { type: 'integer', title: 'Number of keys', minimum: 1 };
  return {
    'area.json': { key: 'KeyReturn', title: 'Key return', group: 'Facilities', listColumns: ['unit'] },
    'schema.json': { type: 'object', title: 'Key return', required: ['unit'], properties },
  };
}

describe('precompiled validator modules', () => {
  let root: string;
  let schemasDir: string;
  let app: FastifyInstance;
  let employee: { authorization: string };

  const get = async <T>(url: string): Promise<T> => {
    const response = await app.inject({ url, headers: employee });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  /** The module at `path` (below /api), fetched without a token and imported as the browser does. */
  const importModule = async (path: string): Promise<ValidatorModule> => {
    const response = await app.inject({ url: `/api/${path}` });
    expect(response.statusCode, response.body).toBe(200);
    const file = join(root, `${path.replaceAll('/', '_')}.mjs`);
    await writeFile(file, response.body);
    return (await import(pathToFileURL(file).href)) as ValidatorModule;
  };
  const writeKeyReturn = async (extraField: boolean) => {
    const folder = join(schemasDir, 'KeyReturn');
    await mkdir(folder, { recursive: true });
    for (const [name, content] of Object.entries(keyReturn(extraField)))
      await writeFile(join(folder, name), JSON.stringify(content));
  };
  const keyReturnArea = async (): Promise<AreaDefinition | null> => {
    const response = await app.inject({ url: '/api/areas/KeyReturn', headers: employee });
    return response.statusCode === 200 ? response.json<AreaDefinition>() : null;
  };

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'tm-validator-modules-'));
    schemasDir = join(root, 'schemas');
    await cp(FIXTURE_SCHEMAS_DIR, schemasDir, { recursive: true });
    app = await createTestApp({ schemasDir });
    employee = await authHeader(app, 'employee');
  });
  afterAll(async () => {
    await app?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('serves the module an area names as immutable JavaScript, without a token, and it validates like the server', async () => {
    const area = await get<AreaDefinition>('/api/areas/AP');
    expect(area.validator).toMatch(MODULE_PATH);
    const response = await app.inject({ url: `/api/${area.validator}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).not.toMatch(/\bnew Function\b|\beval\(/);

    const validator = createFormValidator(validatorFunctionsOf(await importModule(area.validator)), area.schema);
    const example = {
      vendorName: 'Acme',
      invoiceNumber: 'INV-1',
      invoiceDate: '2025-03-14',
      amount: 12.5,
      property: 'P-1001',
      lines: [{ glAccount: '6100-010', amount: 12.5 }],
    };
    expect(validator.validateFormData(example, area.schema).errors).toEqual([]);
    const broken: Record<string, unknown> = { ...example, invoiceDate: 'not a date' };
    delete broken.invoiceNumber;
    const shown = validator.validateFormData(broken, area.schema).errors.map((error) => [error.property, error.name]);
    expect(shown).toEqual(
      expect.arrayContaining([
        ['invoiceNumber', 'required'],
        ['.invoiceDate', 'format'],
      ]),
    );
    const refused = await app.inject({
      method: 'POST',
      url: '/api/areas/AP/submissions',
      payload: broken,
      headers: employee,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ errors: { path: string }[] }>().errors.map((error) => error.path)).toEqual(
      expect.arrayContaining(['/invoiceNumber', '/invoiceDate']),
    );
  });

  it('answers 404 for a name no schema of the area has, and 400 for a malformed name', async () => {
    const area = await get<AreaDefinition>('/api/areas/AP');
    const unknown = await app.inject({ url: `/api/areas/AP/validators/${'0'.repeat(64)}.js` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ statusCode: 404, error: 'not_found' });
    // AP's module is AP's only: another area's key does not serve it
    const elsewhere = await app.inject({ url: `/api/${area.validator.replace('areas/AP/', 'areas/IncidentForm/')}` });
    expect(elsewhere.statusCode).toBe(404);
    expect((await app.inject({ url: '/api/areas/AP/validators/abc.js' })).statusCode).toBe(400);
  });

  it('gives a dropped-in folder its module, and a new schema version a new one while the old stays served', async () => {
    await writeKeyReturn(false);
    await expect.poll(keyReturnArea, { timeout: 5_000, interval: 100 }).not.toBeNull();
    const first = await keyReturnArea();
    if (!first) throw new Error('KeyReturn did not load');
    const firstModule = validatorFunctionsOf(await importModule(first.validator));
    expect(
      createFormValidator(firstModule, first.schema)
        .validateFormData({}, first.schema)
        .errors.map((e) => e.property),
    ).toEqual(['unit']);

    await writeKeyReturn(true);
    await expect
      .poll(async () => (await keyReturnArea())?.version, { timeout: 5_000, interval: 100 })
      .toBe(first.version + 1);
    const second = await keyReturnArea();
    if (!second) throw new Error('KeyReturn left the catalogue');
    expect(second.validator).not.toBe(first.validator);
    const secondValidator = createFormValidator(
      validatorFunctionsOf(await importModule(second.validator)),
      second.schema,
    );
    expect(
      secondValidator.validateFormData({ unit: 'A', keyCount: 0 }, second.schema).errors.map((e) => e.property),
    ).toEqual(['.keyCount']);

    // the stored first version names and still serves the first module
    const stored = await get<FormSchemaVersion>(`/api/areas/KeyReturn/schema?version=${first.version}`);
    expect(stored.validator).toBe(first.validator);
    expect((await app.inject({ url: `/api/${first.validator}` })).statusCode).toBe(200);
  });
});
