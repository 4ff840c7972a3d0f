import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateAccess } from '../../src/server/domains/role-groups/access';
import { changes, properties, roleGroups } from '../../src/server/db/schema';
import type { ValidationErrorBody } from '../../src/shared/api-error';
import type { Submission, SubmissionPage } from '../../src/shared/submission';
import { createTestApp } from './helpers/app';
import { countSubmissions, omit } from './helpers/data';
import { authHeader } from './helpers/sign-in';

const AP_EXAMPLE = {
  vendorName: 'Acme Plumbing Supply',
  invoiceNumber: 'INV-20931',
  invoiceDate: '2025-03-14',
  amount: 1240.5,
  property: 'P-1003',
  lines: [{ glAccount: '6100-010', amount: 1240.5 }],
};
const INCIDENT = {
  incidentType: 'Flood',
  occurredAt: '2025-02-02T07:30:00Z',
  property: 'P-1005',
  description: 'Burst pipe in the laundry room.',
};
const FOLLOW_UP = { action: 'Call restoration vendor', dueDate: '2025-02-05' };

describe('POST /api/areas/:key/submissions', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const post = async (url: string, payload: unknown, username = 'employee', headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: { ...(await authHeader(app, username)), ...headers },
    });

  it('stores a valid form and answers 201 with the numbered submission', async () => {
    const response = await post('/api/areas/AP/submissions', AP_EXAMPLE);
    expect(response.statusCode).toBe(201);
    const body = response.json<Submission>();
    expect(body).toMatchObject({
      number: expect.stringMatching(/^AP-\d{6}$/) as string,
      area: 'AP',
      parentId: null,
      status: 'New',
      priority: 'Normal',
      property: 'P-1003',
      summary: 'Acme Plumbing Supply',
      data: AP_EXAMPLE,
      schemaVersion: 2,
      version: 1,
      requester: { name: 'Emma Employee', email: 'employee@tm.example' },
    });
    expect(Date.parse(body.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(response.headers.location).toBe(`/api/areas/AP/submissions/${body.id}`);
    const read = await app.inject({
      url: String(response.headers.location),
      headers: await authHeader(app, 'employee'),
    });
    // The read of one submission also carries its approval (none: the fixture AP declares no step).
    expect(read.json()).toEqual({ ...body, approval: null });
  });

  it('numbers each area on its own sequence, one higher each time', async () => {
    const first = (await post('/api/areas/IncidentForm/submissions', INCIDENT)).json<{ number: string }>();
    const second = (await post('/api/areas/IncidentForm/submissions', INCIDENT)).json<{ number: string }>();
    expect(Number(second.number.slice(-6))).toBe(Number(first.number.slice(-6)) + 1);
    expect(first.number).toMatch(/^IncidentForm-\d{6}$/);
  });

  it('writes one "created" change in the history for each submission', async () => {
    const { id } = (await post('/api/areas/AP/submissions', AP_EXAMPLE)).json<{ id: string }>();
    const history = await app.db.select().from(changes).where(eq(changes.entityId, id));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ entity: 'submission', action: 'created' });
  });

  it('rejects a body that fails the area schema with one error per failing field, and stores nothing', async () => {
    const before = await countSubmissions(app);
    const withoutVendor = omit(AP_EXAMPLE, 'vendorName');
    const invalid = {
      ...withoutVendor,
      amount: 12.345,
      invoiceDate: 'yesterday',
      extra: 1,
      lines: [{ glAccount: 'x', amount: 1 }],
    };
    const response = await post('/api/areas/AP/submissions', invalid);
    expect(response.statusCode).toBe(422);
    const body = response.json<{ error: string; errors: { path: string; message: string }[] }>();
    expect(body.error).toBe('validation_failed');
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { path: '/vendorName', message: 'is required' },
        { path: '/amount', message: 'must have at most two decimals' },
        { path: '/invoiceDate', message: expect.stringContaining('date') as string },
        { path: '/extra', message: 'is not a field of this form' },
        { path: '/lines/0/glAccount', message: expect.any(String) as string },
      ]),
    );
    expect(new Set(body.errors.map((e) => e.path)).size).toBe(body.errors.length);
    expect(await countSubmissions(app)).toBe(before);
  });

  it('applies the schema conditional: an amount of 5000 or more needs an approver e-mail', async () => {
    const response = await post('/api/areas/AP/submissions', { ...AP_EXAMPLE, amount: 6000 });
    expect(response.statusCode).toBe(422);
    expect(response.json<ValidationErrorBody>().errors).toEqual([{ path: '/approverEmail', message: 'is required' }]);
  });

  it('rejects an unknown property code on the property field', async () => {
    const before = await countSubmissions(app);
    const response = await post('/api/areas/AP/submissions', { ...AP_EXAMPLE, property: 'P-9999' });
    expect(response.statusCode).toBe(422);
    expect(response.json<ValidationErrorBody>().errors).toEqual([
      { path: '/property', message: 'must be an existing, active property' },
    ]);
    expect(await countSubmissions(app)).toBe(before);
  });

  it('refuses a deactivated property without using a number: the next submission takes the next one', async () => {
    const first = await post('/api/areas/AP/submissions', AP_EXAMPLE);
    expect(first.statusCode, first.body).toBe(201);
    const sequence = (number: string) => Number(number.slice('AP-'.length));
    await app.db.update(properties).set({ active: false }).where(eq(properties.code, 'P-1004'));
    try {
      const before = await countSubmissions(app);
      const refused = await post('/api/areas/AP/submissions', { ...AP_EXAMPLE, property: 'P-1004' });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json<ValidationErrorBody>().errors).toEqual([
        { path: '/property', message: 'must be an existing, active property' },
      ]);
      // with another error, both are listed
      const both = await post('/api/areas/AP/submissions', { ...AP_EXAMPLE, property: 'P-1004', amount: 'x' });
      expect(both.json<ValidationErrorBody>().errors).toEqual(
        expect.arrayContaining([
          { path: '/property', message: 'must be an existing, active property' },
          expect.objectContaining({ path: '/amount' }),
        ]),
      );
      expect(await countSubmissions(app)).toBe(before);
    } finally {
      await app.db.update(properties).set({ active: true }).where(eq(properties.code, 'P-1004'));
    }
    const next = await post('/api/areas/AP/submissions', AP_EXAMPLE);
    expect(next.statusCode, next.body).toBe(201);
    expect(sequence(next.json<Submission>().number)).toBe(sequence(first.json<Submission>().number) + 1);
  });

  it('answers 404 for an unknown area, and 422 for a body that is not an object for a form whose root is one', async () => {
    expect((await post('/api/areas/Nope/submissions', AP_EXAMPLE)).statusCode).toBe(404);
    const response = await post('/api/areas/AP/submissions', [1, 2]);
    expect(response.statusCode).toBe(422);
    expect(response.json<ValidationErrorBody>().errors).toEqual([{ path: '', message: 'must be object' }]);
  });

  it('refuses a body that is not Content-Type application/json with 415, and stores nothing', async () => {
    const before = await countSubmissions(app);
    for (const contentType of [
      'text/plain',
      'application/json-patch+json',
      'application/jsonx',
      'text/plain; a=application/json',
    ]) {
      const response = await post('/api/areas/AP/submissions', JSON.stringify(AP_EXAMPLE), 'employee', {
        'content-type': contentType,
      });
      expect(response.statusCode, contentType).toBe(415);
      expect(response.json()).toMatchObject({ statusCode: 415, error: 'unsupported_media_type' });
    }
    const utf8 = await post('/api/areas/AP/submissions', JSON.stringify(AP_EXAMPLE), 'employee', {
      'content-type': 'application/json; charset=utf-8',
    });
    expect(utf8.statusCode).toBe(201);
    expect(await countSubmissions(app)).toBe(before + 1);
  });

  describe('nested areas', () => {
    it('requires parentId for a nested area (422) and stores nothing', async () => {
      const before = await countSubmissions(app);
      const response = await post('/api/areas/IncidentFollowUp/submissions', FOLLOW_UP);
      expect(response.statusCode).toBe(422);
      expect(response.json<ValidationErrorBody>().errors[0]?.message).toContain('parentId is required');
      expect(await countSubmissions(app)).toBe(before);
    });

    it('answers 404 for a parentId that is unknown, not a uuid, of another area, or not visible to the user', async () => {
      const ap = (await post('/api/areas/AP/submissions', AP_EXAMPLE)).json<{ id: string }>();
      const othersIncident = (await post('/api/areas/IncidentForm/submissions', INCIDENT, 'accounting')).json<{
        id: string;
      }>();
      for (const parentId of ['00000000-0000-4000-8000-000000000000', 'nope', ap.id, othersIncident.id]) {
        const response = await post(`/api/areas/IncidentFollowUp/submissions?parentId=${parentId}`, FOLLOW_UP);
        expect(response.statusCode, parentId).toBe(404);
      }
    });

    it('stores a child under a visible parent and lists it by parent', async () => {
      const incident = (await post('/api/areas/IncidentForm/submissions', INCIDENT)).json<{ id: string }>();
      const response = await post(`/api/areas/IncidentFollowUp/submissions?parentId=${incident.id}`, FOLLOW_UP);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        parentId: incident.id,
        area: 'IncidentFollowUp',
        summary: FOLLOW_UP.action,
      });
      const list = await app.inject({
        url: `/api/areas/IncidentFollowUp/submissions?parentId=${incident.id}`,
        headers: await authHeader(app, 'employee'),
      });
      expect(list.json<SubmissionPage>().items.map((s) => s.id)).toEqual([response.json<Submission>().id]);
    });

    it('refuses parentId on an area that is not nested', async () => {
      const incident = (await post('/api/areas/IncidentForm/submissions', INCIDENT)).json<{ id: string }>();
      expect((await post(`/api/areas/AP/submissions?parentId=${incident.id}`, AP_EXAMPLE)).statusCode).toBe(422);
    });
  });

  describe('Idempotency-Key', () => {
    it('returns the first submission for a retry with the same key, stores one row', async () => {
      const before = await countSubmissions(app);
      const headers = { 'idempotency-key': 'retry-test-1' };
      const first = await post('/api/areas/AP/submissions', AP_EXAMPLE, 'employee', headers);
      const second = await post('/api/areas/AP/submissions', AP_EXAMPLE, 'employee', headers);
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(200);
      expect(second.headers['idempotency-replayed']).toBe('true');
      expect(second.json<Submission>().id).toBe(first.json<Submission>().id);
      expect(await countSubmissions(app)).toBe(before + 1);
    });

    it('stores one row when two requests with one key race', async () => {
      const before = await countSubmissions(app);
      const headers = { 'idempotency-key': 'race-test-1' };
      const answers = await Promise.all(
        [1, 2, 3].map(() => post('/api/areas/AP/submissions', AP_EXAMPLE, 'employee', headers)),
      );
      expect(new Set(answers.map((a) => a.json<Submission>().id)).size).toBe(1);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
      expect(await countSubmissions(app)).toBe(before + 1);
    });

    it('keeps keys per requester: the same key from another user creates their own submission', async () => {
      const headers = { 'idempotency-key': 'shared-key' };
      const mine = await post('/api/areas/AP/submissions', AP_EXAMPLE, 'employee', headers);
      const theirs = await post('/api/areas/AP/submissions', AP_EXAMPLE, 'accounting', headers);
      expect(theirs.statusCode).toBe(201);
      expect(theirs.json<Submission>().id).not.toBe(mine.json<Submission>().id);
    });
  });

  it('answers 403 forbidden to a user without forms:submit or forms:<Area>:submit', async () => {
    await authHeader(app, 'it');
    await app.db.update(roleGroups).set({ scopes: [] }).where(eq(roleGroups.name, 'Employees'));
    // Direct table writes bypass the role-group API, which clears the 5 s access cache itself.
    invalidateAccess(app.db);
    try {
      const response = await post('/api/areas/AP/submissions', AP_EXAMPLE, 'it');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ statusCode: 403, error: 'forbidden' });
      await app.db
        .update(roleGroups)
        .set({ scopes: ['forms:AP:submit'] })
        .where(eq(roleGroups.name, 'IT'));
      invalidateAccess(app.db);
      expect((await post('/api/areas/AP/submissions', AP_EXAMPLE, 'it')).statusCode).toBe(201);
    } finally {
      await app.db
        .update(roleGroups)
        .set({ scopes: ['forms:submit'] })
        .where(eq(roleGroups.name, 'Employees'));
      invalidateAccess(app.db);
    }
  });
});
