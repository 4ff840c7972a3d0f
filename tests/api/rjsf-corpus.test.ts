/**
 * The good rjsf corpus (tests/fixtures/rjsf-corpus/good) as SCHEMAS_DIR: the app starts, lists
 * every area, and each area's example submits (201) and reads back equal, including the forms
 * whose root is not an object (docs/behaviour.md "Form areas").
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ValidationErrorBody } from '../../src/shared/api-error';
import type { AreaDefinition, AreaSummary } from '../../src/shared/area';
import { isJsonObject, type JsonObject, type JsonValue } from '../../src/shared/json';
import type { Submission, SubmissionPage } from '../../src/shared/submission';
import { createTestApp } from './helpers/app';
import { authHeader } from './helpers/sign-in';
import { withUploads } from './helpers/uploads';

const GOOD = resolve(import.meta.dirname, '../fixtures/rjsf-corpus/good');
const KEYS = readdirSync(GOOD).sort();

function readJson(key: string, file: string): JsonValue {
  return JSON.parse(readFileSync(join(GOOD, key, file), 'utf8')) as JsonValue;
}

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp({ schemasDir: GOOD });
});
afterAll(() => app?.close());

async function post(
  key: string,
  data: JsonValue | undefined,
): Promise<{ statusCode: number; body: string; json: <T>() => T }> {
  return app.inject({
    method: 'POST',
    url: `/api/areas/${key}/submissions`,
    ...(data === undefined ? {} : { payload: JSON.stringify(data) }),
    headers: { ...(await authHeader(app, 'employee')), 'content-type': 'application/json' },
  });
}

describe('the good rjsf corpus as SCHEMAS_DIR', () => {
  it('starts and lists every area', async () => {
    const response = await app.inject({ url: '/api/areas', headers: await authHeader(app, 'employee') });
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json<AreaSummary[]>()
        .map((area) => area.key)
        .sort(),
    ).toEqual(KEYS);
  });

  it.each(KEYS)('%s: its example submits (201) and reads back equal', async (key) => {
    const definition = (
      await app.inject({ url: `/api/areas/${key}`, headers: await authHeader(app, 'employee') })
    ).json<AreaDefinition>();
    const data = await withUploads(app, readJson(key, 'example.json'), definition.uiSchema);
    const created = await post(key, data);
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<Submission>();
    const read = await app.inject({
      url: `/api/areas/${key}/submissions/${id}`,
      headers: await authHeader(app, 'employee'),
    });
    expect(read.statusCode).toBe(200);
    expect(read.json<Submission>().data).toEqual(data);
    const list = await app.inject({ url: `/api/areas/${key}/submissions`, headers: await authHeader(app, 'employee') });
    expect(list.json<SubmissionPage>().items.map((item) => item.id)).toContain(id);
  });
});

describe('a form whose root is not an object', () => {
  it('stores the value itself, summarised by the value', async () => {
    const created = await post('SingleString', 'The lift is stuck on 3.');
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<Submission>()).toMatchObject({
      data: 'The lift is stuck on 3.',
      summary: 'The lift is stuck on 3.',
    });
    const count = await post('SingleNumber', 7);
    expect(count.json<Submission>()).toMatchObject({ data: 7, summary: '7' });
    const list = await post('SingleArray', ['201', '202']);
    expect(list.json<Submission>()).toMatchObject({ data: ['201', '202'], summary: null });
  });

  it('validates the value against the root schema, with the error on the empty pointer', async () => {
    const short = await post('SingleString', 'x');
    expect(short.statusCode).toBe(422);
    expect(short.json<ValidationErrorBody>().errors).toEqual([
      { path: '', message: 'must NOT have fewer than 2 characters' },
    ]);
    const wrong = await post('SingleNumber', { keys: 3 });
    expect(wrong.json<ValidationErrorBody>().errors).toEqual([{ path: '', message: 'must be integer' }]);
    const item = await post('SingleArray', ['101', 5]);
    expect(item.json<ValidationErrorBody>().errors).toEqual([{ path: '/1', message: 'must be string' }]);
  });

  it('answers 400 for a request without a body', async () => {
    const response = await post('SingleString', undefined);
    expect(response.statusCode).toBe(400);
  });
});

describe('an object form in the corpus', () => {
  it('keeps the fields a schema dependency brings and refuses one its branch requires but is missing', async () => {
    const missing = await post('SchemaDependencies', { hasPets: 'Yes: one' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json<ValidationErrorBody>().errors).toEqual(
      expect.arrayContaining([{ path: '/petName', message: 'is required' }]),
    );
    const example = readJson('SchemaDependencies', 'example.json');
    expect(isJsonObject(example) && example.petName).toBe('Rex');
  });

  it('accepts a time without an offset, as every time widget writes it', async () => {
    const example = readJson('DateWidgets', 'example.json');
    const created = await post('DateWidgets', { ...(example as JsonObject), clock: '07:05:00' });
    expect(created.statusCode, created.body).toBe(201);
  });
});
