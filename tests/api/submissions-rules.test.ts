import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ValidationErrorBody } from '../../src/shared/api-error';
import type { AreaDefinition } from '../../src/shared/area';
import type { JsonObject } from '../../src/shared/json';
import { createTestApp, REAL_SCHEMAS_DIR } from './helpers/app';
import { countSubmissions } from './helpers/data';
import { authHeader } from './helpers/sign-in';
import { realExample } from './helpers/uploads';

describe('POST /api/areas/:key/submissions checks the cross-field rules of area.json', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ schemasDir: REAL_SCHEMAS_DIR });
  });
  afterAll(() => app?.close());
  /** The area's example.json, its files uploaded first. */
  const example = (key: string): Promise<JsonObject> => realExample(app, key);

  const post = async (key: string, payload: JsonObject) =>
    app.inject({
      method: 'POST',
      url: `/api/areas/${key}/submissions`,
      payload,
      headers: await authHeader(app, 'employee'),
    });

  /** Posts `payload`, expects 422 with exactly `errors`, and checks nothing of `key` was stored. */
  async function expectRejected(key: string, payload: JsonObject, errors: ValidationErrorBody['errors']) {
    const before = await countSubmissions(app, key);
    const response = await post(key, payload);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json<ValidationErrorBody>()).toMatchObject({ error: 'validation_failed', errors });
    expect(await countSubmissions(app, key)).toBe(before);
  }

  it('rejects an AP invoice whose line items do not add up to the total (422 at /amount, nothing stored)', async () => {
    const invoice = await example('AP');
    await expectRejected('AP', { ...invoice, amount: 7842 }, [
      { path: '/amount', message: 'the line items add up to 7,842.50, not 7,842.00' },
    ]);
  });

  it('accepts AP lines that add up only in whole cents (0.10 + 0.20 = 0.30)', async () => {
    const invoice = await example('AP');
    const lineItems = [
      { glAccount: '6520-0000', description: 'Part one', amount: 0.1 },
      { glAccount: '6525-0000', description: 'Part two', amount: 0.2 },
    ];
    const response = await post('AP', { ...invoice, amount: 0.3, lineItems });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('rejects a write-off above the balance (422 at /writeOffAmount, nothing stored)', async () => {
    const writeOff = await example('WriteOffs');
    await expectRejected('WriteOffs', { ...writeOff, writeOffAmount: 4862.36 }, [
      { path: '/writeOffAmount', message: 'must not exceed the current balance' },
    ]);
  });

  it('gives a field the schema already faulted only the schema message', async () => {
    const writeOff = await example('WriteOffs');
    await expectRejected('WriteOffs', { ...writeOff, writeOffAmount: 5000.005 }, [
      { path: '/writeOffAmount', message: 'must have at most two decimals' },
    ]);
  });

  it('rejects a Reclass whose lines (each a debit and its credit) do not add up to the total (422 at /totalAmount)', async () => {
    const reclass = await example('Reclass');
    const lines = (reclass.lines as JsonObject[]).map((line, index) =>
      index === 1 ? { ...line, amount: 1275.39 } : line,
    );
    await expectRejected('Reclass', { ...reclass, lines }, [
      { path: '/totalAmount', message: 'the lines add up to 4,455.39, not 4,455.40' },
    ]);
  });

  it.each([
    ['AP', (data: JsonObject) => data],
    ['Reclass', (data: JsonObject) => data],
    // a write-off of the whole balance is allowed (<=)
    ['WriteOffs', (data: JsonObject) => ({ ...data, writeOffAmount: data.balance ?? null })],
  ])('accepts a %s whose rules hold (201)', async (key, adjust) => {
    const response = await post(key, adjust(await example(key)));
    expect(response.statusCode, response.body).toBe(201);
  });

  it('rejects a Reclass line moving an amount to its own account, on that line', async () => {
    const reclass = await example('Reclass');
    const lines = (reclass.lines as JsonObject[]).map((line, index) =>
      index === 1 ? { ...line, toAccount: line.fromAccount ?? null } : line,
    );
    await expectRejected('Reclass', { ...reclass, lines }, [
      { path: '/lines/1/toAccount', message: 'must differ from the From GL account' },
    ]);
  });

  it('hands the AP lines total to the client with its sum rule', async () => {
    const response = await app.inject({ url: '/api/areas/AP', headers: await authHeader(app, 'employee') });
    expect(response.json<AreaDefinition>().rules).toContainEqual({
      rule: 'total',
      each: '/lineItems',
      field: 'amount',
      label: 'Lines total',
    });
  });

  it('hands the rules to the client with the area definition', async () => {
    const response = await app.inject({ url: '/api/areas/WriteOffs', headers: await authHeader(app, 'employee') });
    expect(response.json<AreaDefinition>().rules).toEqual([
      {
        rule: 'compare',
        field: '/writeOffAmount',
        op: '<=',
        other: '/balance',
        message: 'must not exceed the current balance',
      },
    ]);
  });
});
